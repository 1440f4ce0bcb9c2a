import { lazy, Suspense, useCallback, useState } from 'react';
import type { FlashItem } from '../api/news-list.ts';

// The sheet, its QR code and the capture load on the first 分享, not with the page.
const FlashShareSheet = lazy(() => import('../components/flash-share-sheet.tsx'));

/**
 * 分享 of a flash for a page: `share(flash)` opens the share sheet, which the page renders as
 * `sheet`. The flash stays set after closing, so the sheet slides out with its content.
 */
export function useFlashShare() {
  const [sharing, setSharing] = useState<{ flash: FlashItem; open: boolean } | null>(null);
  const share = useCallback((flash: FlashItem) => setSharing({ flash, open: true }), []);
  const close = useCallback(
    () => setSharing((current) => (current ? { ...current, open: false } : null)),
    [],
  );
  const sheet = sharing ? (
    <Suspense fallback={null}>
      <FlashShareSheet flash={sharing.flash} open={sharing.open} onClose={close} />
    </Suspense>
  ) : null;
  return { share, sheet };
}
