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
import { msSinceScroll } from '../scroll-rest/index.ts';
import {
  type ItemWindow,
  itemOffsets,
  type ListView,
  nextWindowAt,
  type ScreenRange,
  screenRangeAt,
  windowAt,
  windowCovers,
  windowStepToward,
} from './windowed-list.ts';

export interface WindowedListOptions {
  /** The list element: its top on the page places the items. */
  list: RefObject<HTMLElement | null>;
  /** Each item's key, in order; a measured height follows its key when items are added above. */
  keys: readonly string[];
  /**
   * The height (px) an item is taken to have until it has been measured. A list of rows of one fixed
   * height gives that height and never calls `measure`: its rows are placed by arithmetic alone.
   */
  estimate: (index: number) => number;
  /** Items rendered beyond the screen on each side, in px. */
  overscan?: number;
  /**
   * Told which items are on screen (plus `onScreenMargin` px on each side), so a page can follow
   * those items live: at once the first time, then when the screen has rested `onScreenSettleMs`
   * after a scroll (or every `onScreenMaxWaitMs` during a long one), never on every frame.
   */
  onScreen?: (range: ScreenRange) => void;
  onScreenMargin?: number;
  /**
   * While the page rests, the window grows to the screen plus this many px on each side, so a flick
   * from rest finds its rows mounted and renders nothing; a scroll drops no item within it.
   */
  idleOverscan?: number;
  /** Items mounted on each side per idle slice as the window grows to `idleOverscan`. */
  mountPerIdle?: number;
}

/** The px beyond the screen counted as on screen: a row about to come in is followed already. */
const defaultOnScreenMargin = 120;
/** A scroll that rests this long (ms) has settled: its rows are reported. */
export const onScreenSettleMs = 150;
/** A scroll that goes on is reported at least this often (ms). */
export const onScreenMaxWaitMs = 600;

export interface WindowedList extends ItemWindow {
  /**
   * A ref for the rendered item of `key`: its height is measured when it is laid out and whenever
   * it changes (a chip's text growing), so the spacers stay exact.
   */
  measure: (key: string) => RefCallback<HTMLElement>;
}

const defaultOverscan = 600;
/**
 * Three phone screens each side. Under the 4× CPU of issues 16 and 17 any frame that renders rows
 * (React, then the layout of the new rows) misses its vsync, so the rows a flick will show are
 * better mounted before it, while the page rests, than during it.
 */
const defaultIdleOverscan = 2400;
/** About a screen of watchlist rows per idle slice: one frame's work, done while nothing moves. */
const defaultMountPerIdle = 12;
/** Where there is no requestIdleCallback (jsdom), the next idle slice is this long (ms) after. */
const idleFallbackMs = 50;

/** Whether two key lists hold the same keys in the same order. */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
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
 * resize and new measurements, at most once a frame, in steps (nextWindowAt), keeping the items
 * still within `idleOverscan` of the screen; and while the page rests it grows to `idleOverscan`
 * in idle slices of `mountPerIdle` items a side (windowStepToward). Its rows render as a transition.
 */
export function useWindowedList({
  list,
  keys,
  estimate,
  overscan = defaultOverscan,
  onScreen,
  onScreenMargin = defaultOnScreenMargin,
  idleOverscan = defaultIdleOverscan,
  mountPerIdle = defaultMountPerIdle,
}: WindowedListOptions): WindowedList {
  const heights = useRef(new Map<string, number>());
  const latest = useRef({ keys, estimate, overscan, idleOverscan, mountPerIdle });
  const reportTo = useRef({ onScreen, onScreenMargin });
  reportTo.current = { onScreen, onScreenMargin };
  const heightOf = useCallback((index: number) => {
    const { keys: current, estimate: guess } = latest.current;
    const key = current[index];
    return (key === undefined ? undefined : heights.current.get(key)) ?? guess(index);
  }, []);

  // Where each item starts, worked out again only when the items or a height change (`stale`), so a
  // scrolled frame is a binary search over it.
  const offsets = useRef<Float64Array | null>(null);
  const stale = useRef(true);
  const placed = useCallback(() => {
    if (stale.current || !offsets.current) {
      offsets.current = itemOffsets(latest.current.keys.length, heightOf, offsets.current ?? undefined);
      stale.current = false;
    }
    return offsets.current;
  }, [heightOf]);

  const [range, setRange] = useState<ItemWindow>(() =>
    windowAt(placed(), keys.length, {
      listTop: 0,
      scrollY: 0,
      viewport: typeof window === 'undefined' ? fallbackViewport : window.innerHeight || fallbackViewport,
      overscan: 0,
    }),
  );
  // The window last asked for, and one view object filled in on each frame: a scrolled frame whose
  // window still covers the screen allocates nothing and renders nothing.
  const asked = useRef(range);
  // The items on screen now, and the view with the idle overscan, filled in when the window grows.
  const screen = useRef<ScreenRange>({ start: 0, end: 0 });
  const idleView = useRef<ListView>({ listTop: 0, scrollY: 0, viewport: fallbackViewport, overscan: 0 });
  const view = useRef<ListView>({ listTop: 0, scrollY: 0, viewport: fallbackViewport, overscan });

  // The range of items on screen: seen on the last frame, and last reported.
  const seen = useRef<ScreenRange>({ start: 0, end: 0 });
  const reported = useRef<ScreenRange | null>(null);
  // One timer for a scroll's report, armed when the range first moves off the reported one: it
  // fires when the range last moved onScreenSettleMs ago, or waits the rest of that time again.
  // A scrolled frame notes the time instead of clearing and setting a timer, which was a tenth of
  // the main thread's script time in a long throttled scroll.
  const settle = useRef<{ timer: ReturnType<typeof setTimeout> | null; since: number; movedAt: number }>({
    timer: null,
    since: 0,
    movedAt: 0,
  });
  const flushScreen = useCallback(() => {
    const pending = settle.current;
    if (pending.timer !== null) clearTimeout(pending.timer);
    pending.timer = null;
    const range = { start: seen.current.start, end: seen.current.end };
    reported.current = range;
    // What the page does with the rows on screen (subscribe them, load their figures) renders as a
    // transition, so a report during a long scroll does not hold up its frames.
    const report = reportTo.current.onScreen;
    if (report) startTransition(() => report(range));
  }, []);
  const settled = useCallback(() => {
    const pending = settle.current;
    const rested = Date.now() - pending.movedAt;
    if (rested >= onScreenSettleMs) flushScreen();
    else pending.timer = setTimeout(settled, onScreenSettleMs - rested);
  }, [flushScreen]);
  const watchScreen = useCallback(
    (at: Float64Array, count: number, current: ListView) => {
      const { onScreen: report, onScreenMargin: margin } = reportTo.current;
      if (!report) return;
      const { start: wasStart, end: wasEnd } = seen.current;
      const range = screenRangeAt(at, count, current, margin, seen.current);
      const last = reported.current;
      const pending = settle.current;
      if (last === null) {
        flushScreen();
        return;
      }
      if (last.start === range.start && last.end === range.end) {
        if (pending.timer !== null) clearTimeout(pending.timer);
        pending.timer = null;
        return;
      }
      // A frame that only mounts rows (the window growing after the scroll stopped) has not moved.
      if (pending.timer !== null && range.start === wasStart && range.end === wasEnd) return;
      const now = Date.now();
      pending.movedAt = now;
      if (pending.timer === null) {
        pending.since = now;
        pending.timer = setTimeout(settled, onScreenSettleMs);
      } else if (now - pending.since >= onScreenMaxWaitMs) flushScreen();
    },
    [flushScreen, settled],
  );

  const frame = useRef(0);
  const idle = useRef<{ handle: number; timer: boolean } | null>(null);
  const run = useRef({ update: () => {}, grow: () => {} });
  const schedule = useCallback(() => {
    if (frame.current === 0) frame.current = requestAnimationFrame(() => run.current.update());
  }, []);
  // The next idle slice, or (`restInMs`) a timer for when a scroll will have rested: a scroll's
  // frames then arm nothing, rather than an idle callback between every two frames.
  const scheduleGrowth = useCallback((restInMs = 0) => {
    if (idle.current !== null) return;
    const grow = () => {
      idle.current = null;
      run.current.grow();
    };
    idle.current =
      restInMs === 0 && typeof requestIdleCallback === 'function'
        ? { handle: requestIdleCallback(grow, { timeout: 1000 }), timer: false }
        : { handle: Number(setTimeout(grow, restInMs || idleFallbackMs)), timer: true };
  }, []);
  const cancelGrowth = useCallback(() => {
    const pending = idle.current;
    if (pending === null) return;
    if (pending.timer) clearTimeout(pending.handle);
    else cancelIdleCallback(pending.handle);
    idle.current = null;
  }, []);

  /** Reads where the list and the screen are into `view`; false while the list is not shown. */
  const read = useCallback(() => {
    const element = list.current;
    // A page kept hidden by keep-alive runs no effects, so this runs only while the list shows.
    if (!element) return false;
    const current = view.current;
    current.listTop = element.getBoundingClientRect().top + window.scrollY;
    current.scrollY = window.scrollY;
    current.viewport = window.innerHeight || fallbackViewport;
    current.overscan = latest.current.overscan;
    return true;
  }, [list]);

  const render = useCallback((next: ItemWindow) => {
    const before = asked.current;
    if (
      before.start === next.start &&
      before.end === next.end &&
      before.before === next.before &&
      before.after === next.after
    )
      return;
    asked.current = next;
    // A transition: React renders the new rows in slices between frames.
    startTransition(() => setRange(next));
  }, []);

  /** The window with the idle overscan around the screen: what the list grows to while at rest. */
  const idleWindow = useCallback((at: Float64Array, count: number) => {
    const wide = idleView.current;
    Object.assign(wide, view.current);
    wide.overscan = Math.max(latest.current.idleOverscan, view.current.overscan);
    return windowAt(at, count, wide);
  }, []);

  const update = useCallback(() => {
    frame.current = 0;
    const moved = stale.current;
    const at = placed();
    if (!read()) return;
    const count = latest.current.keys.length;
    const current = view.current;
    watchScreen(at, count, current);
    scheduleGrowth(onScreenSettleMs);
    const before = asked.current;
    if (!moved && windowCovers(before, at, count, current)) return;
    const step = nextWindowAt(before, at, count, current);
    // The step, and the items already mounted next to it that are still within the idle window:
    // dropping them now would only mount them again when the reader scrolls back.
    const keep = idleWindow(at, count);
    const overlaps = before.start < step.end && before.end > step.start;
    const start = overlaps ? Math.max(Math.min(before.start, step.start), keep.start) : step.start;
    const end = overlaps ? Math.min(Math.max(before.end, step.end), keep.end) : step.end;
    const total = at[count] ?? 0;
    render({ start, end, before: at[start] ?? 0, after: total - (at[end] ?? 0) });
  }, [placed, read, watchScreen, scheduleGrowth, idleWindow, render]);

  const grow = useCallback(() => {
    // Mid-scroll: wait for the page to rest.
    const since = msSinceScroll();
    if (since < onScreenSettleMs) {
      scheduleGrowth(onScreenSettleMs - since);
      return;
    }
    const at = placed();
    if (!read()) return;
    const count = latest.current.keys.length;
    const target = idleWindow(at, count);
    const next = windowStepToward(
      asked.current,
      target,
      screenRangeAt(at, count, view.current, 0, screen.current),
      at,
      count,
      latest.current.mountPerIdle,
    );
    render(next);
    if (next.start !== target.start || next.end !== target.end) scheduleGrowth();
  }, [placed, read, idleWindow, render, scheduleGrowth]);
  run.current = { update, grow };

  // New items (a page loaded, a flash pushed on top, another filter) place the window again
  // before the browser paints them.
  // A live list hands in a new keys array on every tick with the same keys in it: only a change of
  // the keys themselves places the window again, since placing it reads the list's position, a
  // layout forced inside React's commit on every tick.
  useLayoutEffect(() => {
    const changed = !sameKeys(latest.current.keys, keys) || latest.current.estimate !== estimate;
    latest.current = { keys, estimate, overscan, idleOverscan, mountPerIdle };
    if (changed) {
      stale.current = true;
      update();
    }
  }, [keys, estimate, overscan, idleOverscan, mountPerIdle, update]);

  useEffect(() => {
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame.current !== 0) cancelAnimationFrame(frame.current);
      frame.current = 0;
      cancelGrowth();
      if (settle.current.timer !== null) clearTimeout(settle.current.timer);
      settle.current.timer = null;
    };
  }, [schedule, cancelGrowth]);

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
      if (changed) {
        stale.current = true;
        schedule();
      }
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
