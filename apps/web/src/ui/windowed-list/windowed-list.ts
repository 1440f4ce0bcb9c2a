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
 * The items a screen shows of a list whose item `i` is `heightOf(i)` px tall (measured, or an
 * estimate until it is), plus `overscan` px of items on each side. Items stack without gaps, so the
 * spacers are the sums of the heights left out.
 */
export function itemWindow(count: number, heightOf: (index: number) => number, view: ListView): ItemWindow {
  const top = view.scrollY - view.listTop - view.overscan;
  const bottom = view.scrollY - view.listTop + view.viewport + view.overscan;
  let offset = 0;
  let start = count;
  let before = 0;
  let index = 0;
  for (; index < count; index += 1) {
    const height = heightOf(index);
    if (offset + height > top) {
      start = index;
      before = offset;
      break;
    }
    offset += height;
  }
  if (start === count) before = offset;
  for (; index < count && offset < bottom; index += 1) offset += heightOf(index);
  const end = Math.max(start, index);
  let after = 0;
  for (; index < count; index += 1) after += heightOf(index);
  return { start, end, before, after };
}

/**
 * The window to render next, given the one rendered: it stays while it still covers the screen
 * plus a quarter of the overscan, and otherwise moves to the screen plus the whole overscan. So a
 * scroll mounts rows in a few larger steps rather than a row or two every few frames. The spacers
 * follow the heights either way.
 */
export function nextItemWindow(
  current: Pick<ItemWindow, 'start' | 'end'>,
  count: number,
  heightOf: (index: number) => number,
  view: ListView,
): ItemWindow {
  const needed = itemWindow(count, heightOf, { ...view, overscan: view.overscan / 4 });
  const covers = current.start <= needed.start && current.end >= needed.end && current.end <= count;
  if (!covers) return itemWindow(count, heightOf, view);
  let before = 0;
  for (let index = 0; index < current.start; index += 1) before += heightOf(index);
  let after = 0;
  for (let index = current.end; index < count; index += 1) after += heightOf(index);
  return { start: current.start, end: current.end, before, after };
}
