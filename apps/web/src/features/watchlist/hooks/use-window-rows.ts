import { type RefObject, useEffect, useState } from 'react';

export interface RowWindow {
  /** The first row to render. */
  start: number;
  /** One past the last row to render. */
  end: number;
}

/** Rows rendered beyond the screen on each side, so a quick flick does not show blank space. */
const overscan = 8;

/** The rows of a list of `count` rows of `rowHeight` px that a screen of `viewport` px shows. */
export function rowWindow(
  count: number,
  rowHeight: number,
  listTop: number,
  scrollY: number,
  viewport: number,
): RowWindow {
  const first = Math.floor((scrollY - listTop) / rowHeight);
  const last = Math.ceil((scrollY - listTop + viewport) / rowHeight);
  return {
    start: Math.max(0, Math.min(count, first - overscan)),
    end: Math.max(0, Math.min(count, last + overscan)),
  };
}

/**
 * Windowing on the page's own scroll (the app scrolls the window, and keep-alive restores
 * window.scrollY): only the rows on screen and a few beyond are in the DOM, so a watchlist of 500
 * stays as cheap to scroll and to tick as one of 20. State changes only when the window moves by a
 * row, not on every scroll event.
 */
export function useWindowRows(
  list: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
): RowWindow {
  // Before the first measure: a phone screen of rows (812 px ÷ 58), so the first paint builds no more
  // than it shows; the overscan follows once the list is measured.
  const [range, setRange] = useState<RowWindow>(() => ({ start: 0, end: Math.min(count, 15) }));
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = list.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      const next = rowWindow(count, rowHeight, top, window.scrollY, window.innerHeight || 800);
      setRange((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [list, count, rowHeight]);
  return range;
}
