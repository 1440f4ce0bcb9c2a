import {
  type RefCallback,
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type ItemWindow, itemWindow, nextItemWindow } from './windowed-list.ts';

export interface WindowedListOptions {
  /** The list element: its top on the page places the items. */
  list: RefObject<HTMLElement | null>;
  /** Each item's key, in order; a measured height follows its key when items are added above. */
  keys: readonly string[];
  /** The height (px) an item is taken to have until it has been measured. */
  estimate: (index: number) => number;
  /** Items rendered beyond the screen on each side, in px. */
  overscan?: number;
}

export interface WindowedList extends ItemWindow {
  /**
   * A ref for the rendered item of `key`: its height is measured when it is laid out and whenever
   * it changes (a chip's text growing), so the spacers stay exact.
   */
  measure: (key: string) => RefCallback<HTMLElement>;
}

const defaultOverscan = 600;
/** A phone's screen until the window's own is known (jsdom and the first render have none). */
const fallbackViewport = 812;

/**
 * Windowing on the page's own scroll for items of different heights (the app scrolls the window,
 * and keep-alive restores window.scrollY): only the items on screen, and `overscan` px beyond, are
 * in the DOM, between two spacers as tall as the items left out. Heights are measured with a
 * ResizeObserver and kept by key; until an item has been on screen its height is the estimate, and
 * the browser's scroll anchoring keeps the content on screen still when a spacer is corrected.
 *
 * The first render shows one screen of items and nothing beyond, so the first paint builds no more
 * than it shows; the overscan follows in the next frame. Afterwards the window moves on scroll,
 * resize and new measurements, at most once a frame, in steps (nextItemWindow), and its rows are
 * rendered as a transition.
 */
export function useWindowedList({
  list,
  keys,
  estimate,
  overscan = defaultOverscan,
}: WindowedListOptions): WindowedList {
  const heights = useRef(new Map<string, number>());
  const latest = useRef({ keys, estimate, overscan });
  const heightOf = useCallback((index: number) => {
    const { keys: current, estimate: guess } = latest.current;
    const key = current[index];
    return (key === undefined ? undefined : heights.current.get(key)) ?? guess(index);
  }, []);

  const [range, setRange] = useState<ItemWindow>(() =>
    itemWindow(keys.length, (index) => estimate(index), {
      listTop: 0,
      scrollY: 0,
      viewport: typeof window === 'undefined' ? fallbackViewport : window.innerHeight || fallbackViewport,
      overscan: 0,
    }),
  );

  const frame = useRef(0);
  const update = useCallback(() => {
    frame.current = 0;
    const element = list.current;
    // A page kept hidden by keep-alive runs no effects, so this runs only while the list shows.
    if (!element) return;
    const { keys: current, overscan: extra } = latest.current;
    const view = {
      listTop: element.getBoundingClientRect().top + window.scrollY,
      scrollY: window.scrollY,
      viewport: window.innerHeight || fallbackViewport,
      overscan: extra,
    };
    // A transition: React renders the new rows in slices between frames, so a scroll keeps its
    // frames while rows mount (the overscan has them ready before they come on screen).
    startTransition(() =>
      setRange((before) => {
        const next = nextItemWindow(before, current.length, heightOf, view);
        return before.start === next.start &&
          before.end === next.end &&
          before.before === next.before &&
          before.after === next.after
          ? before
          : next;
      }),
    );
  }, [list, heightOf]);
  const schedule = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(update);
  }, [update]);

  // New items (a page loaded, a flash pushed on top, another filter) place the window again
  // before the browser paints them.
  useLayoutEffect(() => {
    const changed = latest.current.keys !== keys;
    latest.current = { keys, estimate, overscan };
    if (changed) update();
  }, [keys, estimate, overscan, update]);

  useEffect(() => {
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame.current !== 0) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [schedule]);

  // One observer for every rendered item; a height of 0 is a hidden page's, not the item's. It
  // lives while the page shows (keep-alive ends a hidden page's effects) and then observes every
  // item attached so far.
  const attached = useRef(new Map<Element, string>());
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const key = attached.current.get(entry.target);
        const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
        if (key === undefined || height <= 0 || heights.current.get(key) === height) continue;
        heights.current.set(key, height);
        changed = true;
      }
      if (changed) schedule();
    });
    observer.current = resized;
    for (const element of attached.current.keys()) resized.observe(element);
    return () => {
      resized.disconnect();
      observer.current = null;
    };
  }, [schedule]);

  // The ref callbacks are kept per key, so a re-render does not detach and attach every item.
  const refs = useRef(new Map<string, RefCallback<HTMLElement>>());
  const measure = useCallback((key: string) => {
    let ref = refs.current.get(key);
    if (!ref) {
      ref = (element: HTMLElement | null) => {
        if (!element) return;
        attached.current.set(element, key);
        observer.current?.observe(element);
        return () => {
          attached.current.delete(element);
          observer.current?.unobserve(element);
        };
      };
      refs.current.set(key, ref);
    }
    return ref;
  }, []);

  const start = Math.min(range.start, keys.length);
  const end = Math.min(Math.max(range.end, start), keys.length);
  return { ...range, start, end, measure };
}
