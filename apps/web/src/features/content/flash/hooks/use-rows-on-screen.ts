import { type RefObject, startTransition, useEffect, useRef, useState } from 'react';
import { heldAtMostMs, msSinceScroll, scrollRestMs } from '../../../../ui/scroll-rest/index.ts';

/** The px beyond the screen counted as on screen: a row about to come in is followed already. */
export const onScreenMarginPx = 120;

/** The rows [start, end) of a list that are on screen. */
export interface RowRange {
  start: number;
  end: number;
}

/** The first of `rows` whose `edge` is below `y` (px from the screen's top), by binary search. */
function firstBelow(rows: HTMLCollectionOf<Element>, y: number, edge: 'top' | 'bottom'): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const box = rows[middle]?.getBoundingClientRect();
    if (box && box[edge] > y) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The rows (in page order) whose box reaches into the screen plus `margin` px on each side: a
 * binary search that reads a dozen boxes, not a thousand.
 */
export function rowsOnScreen(rows: HTMLCollectionOf<Element>, viewport: number, margin: number): RowRange {
  const start = firstBelow(rows, -margin, 'bottom');
  return { start, end: Math.max(start, firstBelow(rows, viewport + margin, 'top')) };
}

/**
 * Which rows of `list` (its elements of class `rowClass`, in order) are on screen, for a page that
 * follows those rows live: read at once, then once a scroll or a change of the rows has rested (scrollRestMs),
 * or every heldAtMostMs during a long one, never on a scrolled frame. Read at rest, the rows are laid
 * out already, so the reading forces no layout, and no row is observed frame by frame (a
 * ResizeObserver on each of a thousand flash rows cost 1.6 ms of every 4× throttled frame).
 */
export function useRowsOnScreen(
  list: RefObject<HTMLElement | null>,
  rowClass: string,
  rowCount: number,
): RowRange | null {
  const [range, setRange] = useState<RowRange | null>(null);
  const readBefore = useRef(false);
  useEffect(() => {
    const element = list.current;
    if (!element || rowCount === 0) return;
    const rows = element.getElementsByClassName(rowClass);
    // Its first call starts the listener that notes the page's scrolls, so settle hears this one.
    msSinceScroll();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let firstScrollAt = 0;
    const read = () => {
      timer = null;
      const next = rowsOnScreen(rows, window.innerHeight, onScreenMarginPx);
      // What the page does with the rows on screen renders as a transition, between frames.
      startTransition(() =>
        setRange((current) => (current?.start === next.start && current.end === next.end ? current : next)),
      );
    };
    const settle = () => {
      const rested = msSinceScroll();
      const waited = Date.now() - firstScrollAt;
      if (rested >= scrollRestMs || waited >= heldAtMostMs) read();
      else timer = setTimeout(settle, Math.min(scrollRestMs - rested, heldAtMostMs - waited));
    };
    // A scrolled frame arms at most one timer and reads nothing.
    const scrolled = () => {
      if (timer !== null) return;
      firstScrollAt = Date.now();
      timer = setTimeout(settle, scrollRestMs);
    };
    // The first rows are read at once; rows added later (a page loaded during a fling) once the
    // scroll rests, like a scroll.
    if (readBefore.current) scrolled();
    else read();
    readBefore.current = true;
    window.addEventListener('scroll', scrolled, { passive: true });
    window.addEventListener('resize', scrolled, { passive: true });
    return () => {
      window.removeEventListener('scroll', scrolled);
      window.removeEventListener('resize', scrolled);
      if (timer !== null) clearTimeout(timer);
    };
  }, [list, rowClass, rowCount]);
  return range;
}
