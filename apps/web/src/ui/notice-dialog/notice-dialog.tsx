import { useEffect, useId, useRef } from 'react';
import './notice-dialog.css';

export interface NoticeDialogProps {
  message: string;
  /** False while the dialog fades out after 知道了. */
  open: boolean;
  onConfirm(): void;
}

/** The global notice dialog (spec 1 §2): the message and one button, 知道了. */
export function NoticeDialog({ message, open, onConfirm }: NoticeDialogProps) {
  const messageId = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) button.current?.focus();
  }, [open]);

  return (
    <div className={open ? 'zc-notice' : 'zc-notice zc-notice--closing'}>
      <div className="zc-notice__panel" role="alertdialog" aria-modal="true" aria-describedby={messageId}>
        <p className="zc-notice__message" id={messageId}>
          {message}
        </p>
        <button ref={button} type="button" className="zc-notice__button" onClick={onConfirm} disabled={!open}>
          知道了
        </button>
      </div>
    </div>
  );
}
