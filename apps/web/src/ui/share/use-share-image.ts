import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../../platform/idle.ts';
import { toast } from '../toast/toast.ts';
import { captureShareImage, loadCapture, releaseShareImage } from './share-capture.ts';

export type ShareImageStatus = 'generating' | 'ready' | 'failed';

/** spec 2 §8: the toast of a failed share image. */
export const shareFailedMessage = '生成图片失败';

/** The user-timing mark set when a picture is made. */
export const shareImageMark = 'share-image-made';

/**
 * How long an idle moment may be waited for before the picture is made anyway; where there is no
 * requestIdleCallback (Safari), a moment after the page has drawn its data.
 */
const idle = { timeoutMs: 1500, fallbackMs: 250 };

/**
 * Share mode and its picture (spec 2 §2.1, §4): turning share mode on shows the brand footer and
 * QR code and the picture of `target`, made once per loaded data. `dataKey` names the loaded data
 * (it changes on every reload and period change), and a picture of older data is never shown: the
 * picture is cleared on each reload.
 *
 * The picture is made in advance, as soon as the browser is idle after the data is on the page
 * (issue 5: ready within 1.5 s of the tap on a mid-range phone, where making it takes about as
 * long), so a tap finds it made or under way; a tap before that starts it at once. Either way it
 * is made once per data. `holdInAdvance` holds the making in advance back (a tap still makes it).
 * A failure the user is waiting for (share mode was turned on) is logged and toasts 生成图片失败;
 * one made in advance is only logged, and share mode tries again.
 */
export function useShareImage(
  target: RefObject<HTMLElement | null>,
  dataKey: string | null,
  { holdInAdvance = false }: { holdInAdvance?: boolean } = {},
) {
  const [shareMode, setShareMode] = useState(false);
  const [image, setImage] = useState<{ key: string; url: string } | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The data the running or finished capture is of, and the data the user asked a picture of.
  const startedFor = useRef<string | null>(null);
  const wantedFor = useRef<string | null>(null);
  const latestKey = useRef(dataKey);
  latestKey.current = dataKey;
  const mounted = useRef(false);

  // A new picture (or leaving the page) frees the previous one.
  useEffect(() => () => (image ? releaseShareImage(image.url) : undefined), [image]);
  // A capture that finishes after the page is gone frees its picture at once.
  useEffect(() => {
    mounted.current = true;
    // The library loads while the page's data is on the way (the main thread waits on the network
    // then), so its evaluation is not in the way of a tap that comes as soon as the cards show.
    loadCapture().catch(() => undefined);
    return () => {
      mounted.current = false;
    };
  }, []);

  const capture = useCallback(
    (key: string) => {
      const element = target.current;
      if (!element) return;
      startedFor.current = key;
      captureShareImage(element).then(
        (url) => {
          if (!mounted.current || latestKey.current !== key) {
            releaseShareImage(url);
            return;
          }
          setImage({ key, url });
          // For the performance timeline (bench/report-page.mjs reads it): when the picture is made.
          performance.mark?.(shareImageMark);
        },
        (error: unknown) => {
          console.error('生成分享图片失败', error);
          if (!mounted.current || latestKey.current !== key) return;
          if (wantedFor.current === key) {
            toast.error(shareFailedMessage);
            setFailedKey(key);
          } else {
            // Made in advance, unasked: turning share mode on tries again and reports that one.
            startedFor.current = null;
          }
        },
      );
    },
    [target],
  );

  // In advance: once the data is on the page (its charts are drawn in the same commit, before this
  // effect) and the browser is idle, unless held (a chart is full screen: its drag and pinch need
  // every frame, and a second of capture work dropped a third of them at 4× CPU); it is made once
  // the hold ends.
  useEffect(() => {
    if (holdInAdvance || dataKey === null || startedFor.current === dataKey) return;
    return whenIdle(() => {
      if (startedFor.current !== dataKey && latestKey.current === dataKey) capture(dataKey);
    }, idle);
  }, [dataKey, capture, holdInAdvance]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the capture after 重新生成
  useEffect(() => {
    if (!shareMode || dataKey === null) return;
    wantedFor.current = dataKey;
    if (startedFor.current !== dataKey) capture(dataKey);
  }, [shareMode, dataKey, capture, attempt]);

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
