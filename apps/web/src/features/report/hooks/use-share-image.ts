import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast/toast.ts';
import { captureShareImage, releaseShareImage } from '../share-capture.ts';

export type ShareImageStatus = 'generating' | 'ready' | 'failed';

/** spec 2 §8: the toast of a failed share image. */
export const shareFailedMessage = '生成图片失败';

/**
 * Share mode and its picture (spec 2 §2.1, §4): turning share mode on renders the brand footer and
 * QR code, then captures `target` once per loaded data. `dataKey` names the loaded data (it
 * changes on every reload and period change), and a picture of older data is never shown: the
 * picture is cleared on each reload. A failure is logged and toasts 生成图片失败.
 */
export function useShareImage(target: RefObject<HTMLElement | null>, dataKey: string | null) {
  const [shareMode, setShareMode] = useState(false);
  const [image, setImage] = useState<{ key: string; url: string } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const startedFor = useRef<string | null>(null);
  const latestKey = useRef(dataKey);
  latestKey.current = dataKey;

  // A new picture (or leaving the page) frees the previous one.
  useEffect(() => () => (image ? releaseShareImage(image.url) : undefined), [image]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the capture after 重新生成
  useEffect(() => {
    if (!shareMode || dataKey === null || startedFor.current === dataKey) return;
    const element = target.current;
    if (!element) return;
    startedFor.current = dataKey;
    const key = dataKey;
    captureShareImage(element).then(
      (url) => {
        if (latestKey.current !== key) {
          releaseShareImage(url);
          return;
        }
        setImage({ key, url });
      },
      (error: unknown) => {
        console.error('生成分享图片失败', error);
        toast.error(shareFailedMessage);
        if (latestKey.current === key) setFailedKey(key);
      },
    );
  }, [shareMode, dataKey, target, attempt]);

  const retry = useCallback(() => {
    startedFor.current = null;
    setFailedKey(null);
    setAttempt((value) => value + 1);
  }, []);

  const imageUrl = image !== null && image.key === dataKey ? image.url : null;
  const status: ShareImageStatus = imageUrl
    ? 'ready'
    : failedKey !== null && failedKey === dataKey
      ? 'failed'
      : 'generating';

  return {
    shareMode,
    start: useCallback(() => setShareMode(true), []),
    stop: useCallback(() => setShareMode(false), []),
    status,
    imageUrl,
    retry,
  };
}
