import { type RefObject, useEffect, useRef } from 'react';
import { useUserWatch } from '../api/user-watch.ts';

/** Progress is reported in these steps, so a long read makes a handful of calls, not one per scroll. */
const step = 25;

/**
 * How far the lesson has been read, 0–100: the share of the article above the bottom of the
 * viewport. Null when nothing is laid out (the page is hidden in the keep-alive cache).
 */
export function readShare(article: Element, viewportHeight: number): number | null {
  const rect = article.getBoundingClientRect();
  if (rect.height <= 0) return null;
  const seen = (viewportHeight - rect.top) / rect.height;
  return Math.max(0, Math.min(100, Math.floor(seen * 100)));
}

/**
 * Reports reading progress of a chapter while the reader scrolls (POST course/userWatch): the
 * furthest step reached, and 100 once the end of the lesson is on screen. The server keeps the
 * furthest value, so reporting again after a reload changes nothing. Opening the chapter reports 0,
 * which marks the course as started.
 */
export function useReadingProgress({
  chapterId,
  enabled,
  initialPercent,
  article,
  end,
}: {
  chapterId: number;
  enabled: boolean;
  initialPercent: number;
  article: RefObject<HTMLElement | null>;
  end: RefObject<HTMLElement | null>;
}) {
  const watch = useUserWatch();
  const send = useRef(watch.mutate);
  send.current = watch.mutate;
  const reported = useRef<number | null>(null);

  useEffect(() => {
    if (!enabled) return;
    reported.current = initialPercent;
    const report = (percent: number) => {
      const last = reported.current ?? 0;
      if (percent <= last) return;
      if (percent < 100 && percent - last < step) return;
      reported.current = percent;
      send.current({ chapterId, percent });
    };
    if (initialPercent === 0) send.current({ chapterId, percent: 0 });

    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const node = article.current;
        const share = node ? readShare(node, window.innerHeight) : null;
        if (share !== null) report(share >= 98 ? 100 : share - (share % step));
      });
    };
    // Capture: the page may scroll in a container of the shell rather than the window.
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', onScroll);
    onScroll();

    let observer: IntersectionObserver | null = null;
    const endNode = end.current;
    if (endNode && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) report(100);
      });
      observer.observe(endNode);
    }
    return () => {
      document.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [chapterId, enabled, initialPercent, article, end]);
}
