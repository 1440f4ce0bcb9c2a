/** The items of a windowed list to render, and the space the others take above and below them. */
export interface ItemWindow {
  /** The first item to render. */
  start: number;
  /** One past the last item to render. */
  end: number;
  /** The height (px) of the items before `start`: a spacer above the rendered ones. */
  before: number;
  /** The height (px) of the items from `end` on: a spacer below the rendered ones. */
  after: number;
}

/** Where the list is on the page and how much of it the screen shows, all in px. */
export interface ListView {
  /** The list's top in the document. */
  listTop: number;
  scrollY: number;
  viewport: number;
  /** Items rendered beyond the screen on each side, in px, so a quick flick shows no blank. */
  overscan: number;
}

/**
 * Where each item starts in a list whose item `i` is `heightOf(i)` px tall: `offsets[i]` is the sum
 * of the heights before item `i`, and `offsets[count]` the whole list's height. Worked out once per
 * change of the items or their heights, so placing the window on a scroll is a binary search rather
 * than a walk over every item. `reuse` is filled when it is large enough, so a list that changes
 * allocates nothing new until it grows past it.
 */
export function itemOffsets(
  count: number,
  heightOf: (index: number) => number,
  reuse?: Float64Array,
): Float64Array {
  const offsets = reuse && reuse.length >= count + 1 ? reuse : new Float64Array(Math.max(count + 1, 64));
  offsets[0] = 0;
  for (let index = 0; index < count; index += 1) offsets[index + 1] = (offsets[index] ?? 0) + heightOf(index);
  return offsets;
}

/**
 * The first index in [from, count] whose value in `offsets` is above `value`, or at it too when
 * `orAt` (count if none): a binary search, since offsets never decrease.
 */
function firstAbove(offsets: Float64Array, from: number, count: number, value: number, orAt = false): number {
  let low = from;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const offset = offsets[middle] ?? 0;
    if (offset > value || (orAt && offset === value)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The rendered range [start, end) a view needs, with `overscan` px beyond the screen on each side. */
function neededStart(offsets: Float64Array, count: number, view: ListView, overscan: number): number {
  // The first item whose bottom is below the top of the area: its end offset is above that top.
  return Math.min(
    count,
    Math.max(0, firstAbove(offsets, 1, count + 1, view.scrollY - view.listTop - overscan) - 1),
  );
}

function neededEnd(
  offsets: Float64Array,
  count: number,
  start: number,
  view: ListView,
  overscan: number,
): number {
  // One past the last item whose top is above the bottom of the area.
  return Math.max(
    start,
    firstAbove(offsets, start, count, view.scrollY - view.listTop + view.viewport + overscan, true),
  );
}

/** The items [start, end) of a list that are on screen. */
export interface ScreenRange {
  start: number;
  end: number;
}

/**
 * The items on screen, plus `margin` px on each side, whatever is rendered: what a page follows
 * live (the rendered window's overscan is far larger, and moves in steps). Written into `into`
 * when given, so a scrolled frame allocates nothing.
 */
export function screenRangeAt(
  offsets: Float64Array,
  count: number,
  view: ListView,
  margin: number,
  into: ScreenRange = { start: 0, end: 0 },
): ScreenRange {
  into.start = neededStart(offsets, count, view, margin);
  into.end = neededEnd(offsets, count, into.start, view, margin);
  return into;
}

/**
 * The items a screen shows of a list of `count` items placed at `offsets` (itemOffsets), plus
 * `view.overscan` px of items on each side; the spacers are the heights left out.
 */
export function windowAt(offsets: Float64Array, count: number, view: ListView): ItemWindow {
  const start = neededStart(offsets, count, view, view.overscan);
  const end = neededEnd(offsets, count, start, view, view.overscan);
  const total = offsets[count] ?? 0;
  return { start, end, before: offsets[start] ?? 0, after: total - (offsets[end] ?? 0) };
}

/**
 * Whether the rendered items still cover the screen plus a quarter of the overscan. While they do,
 * a scroll renders nothing; this runs on every scrolled frame and allocates nothing.
 */
export function windowCovers(
  current: Pick<ItemWindow, 'start' | 'end'>,
  offsets: Float64Array,
  count: number,
  view: ListView,
): boolean {
  if (current.end > count) return false;
  const start = neededStart(offsets, count, view, view.overscan / 4);
  return current.start <= start && current.end >= neededEnd(offsets, count, start, view, view.overscan / 4);
}

/**
 * The window to render next, given the one rendered: it stays while it still covers the screen
 * plus a quarter of the overscan, and otherwise moves to the screen plus the whole overscan. So a
 * scroll mounts rows in a few larger steps rather than a row or two every few frames. The spacers
 * follow the heights either way.
 */
export function nextWindowAt(
  current: Pick<ItemWindow, 'start' | 'end'>,
  offsets: Float64Array,
  count: number,
  view: ListView,
): ItemWindow {
  if (!windowCovers(current, offsets, count, view)) return windowAt(offsets, count, view);
  const total = offsets[count] ?? 0;
  return {
    start: current.start,
    end: current.end,
    before: offsets[current.start] ?? 0,
    after: total - (offsets[current.end] ?? 0),
  };
}

/**
 * The window to render this frame on the way to `target` (nextWindowAt's), when `rendered` is what
 * is in the DOM: the items on screen (`screen`) at once, whatever it takes, and beyond them at most
 * `perFrame` items more (or fewer) on each side than are rendered. So a window that moves mounts a
 * row or two a frame, which lays out in a frame's time, rather than the whole overscan in one frame;
 * a window it does not overlap starts again from the screen. Repeated each frame it reaches `target`.
 */
export function windowStepToward(
  rendered: Pick<ItemWindow, 'start' | 'end'>,
  target: Pick<ItemWindow, 'start' | 'end'>,
  screen: ScreenRange,
  offsets: Float64Array,
  count: number,
  perFrame: number,
): ItemWindow {
  const overlaps =
    rendered.start < rendered.end && rendered.start < target.end && rendered.end > target.start;
  let start = overlaps ? rendered.start : screen.start;
  let end = overlaps ? rendered.end : screen.end;
  start =
    start > target.start
      ? Math.max(target.start, start - perFrame)
      : Math.min(target.start, start + perFrame);
  end = end < target.end ? Math.min(target.end, end + perFrame) : Math.max(target.end, end - perFrame);
  start = Math.max(0, Math.min(start, screen.start, count));
  end = Math.min(count, Math.max(end, screen.end, start));
  const total = offsets[count] ?? 0;
  return { start, end, before: offsets[start] ?? 0, after: total - (offsets[end] ?? 0) };
}

/**
 * The items a screen shows of a list whose item `i` is `heightOf(i)` px tall (measured, or an
 * estimate until it is), plus `overscan` px of items on each side. Items stack without gaps, so the
 * spacers are the sums of the heights left out.
 */
export function itemWindow(count: number, heightOf: (index: number) => number, view: ListView): ItemWindow {
  return windowAt(itemOffsets(count, heightOf), count, view);
}

/** nextWindowAt for heights given by `heightOf`. */
export function nextItemWindow(
  current: Pick<ItemWindow, 'start' | 'end'>,
  count: number,
  heightOf: (index: number) => number,
  view: ListView,
): ItemWindow {
  return nextWindowAt(current, itemOffsets(count, heightOf), count, view);
}
