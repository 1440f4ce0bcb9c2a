import { createRoot } from 'react-dom/client';
import { NoticeDialog } from './notice-dialog.tsx';

/** spec 1 §9: the notice dialog's node is removed 1000 ms after closing (the fade runs meanwhile). */
export const noticeRemoveDelayMs = 1000;

/**
 * Shows the global notice dialog from anywhere (the request wrapper uses it for notice codes) and
 * resolves when the user taps 知道了. Each call gets its own node, so notices never overwrite each
 * other.
 */
export function showNotice(message: string): Promise<void> {
  const host = document.createElement('div');
  host.dataset.notice = '';
  document.body.append(host);
  const root = createRoot(host);

  return new Promise((resolve) => {
    const render = (open: boolean) =>
      root.render(<NoticeDialog message={message} open={open} onConfirm={close} />);
    function close() {
      render(false);
      resolve();
      window.setTimeout(() => {
        root.unmount();
        host.remove();
      }, noticeRemoveDelayMs);
    }
    render(true);
  });
}
