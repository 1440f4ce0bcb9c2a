import { describe, expect, it } from 'vitest';
import {
  itemOffsets,
  itemWindow,
  nextItemWindow,
  screenRangeAt,
  windowAt,
  windowCovers,
  windowStepToward,
} from './windowed-list.ts';

/** Ten items of 100 px, the fourth one 300 px tall. */
const heights = [100, 100, 100, 300, 100, 100, 100, 100, 100, 100];
const heightOf = (index: number) => heights[index] ?? 0;

describe('itemWindow', () => {
  it('renders the items of the first screen at the top, the rest as space below', () => {
    expect(itemWindow(10, heightOf, { listTop: 50, scrollY: 0, viewport: 250, overscan: 0 })).toEqual({
      start: 0,
      end: 2,
      before: 0,
      after: 1000,
    });
  });

  it('follows the scroll past items of different heights, with the overscan on each side', () => {
    // The screen shows 500–800 px of the list: item 3 (300–600) and items 4 and 5 (600–800).
    expect(itemWindow(10, heightOf, { listTop: 100, scrollY: 600, viewport: 300, overscan: 0 })).toEqual({
      start: 3,
      end: 6,
      before: 300,
      after: 400,
    });
    expect(itemWindow(10, heightOf, { listTop: 100, scrollY: 600, viewport: 300, overscan: 250 })).toEqual({
      start: 2,
      end: 9,
      before: 200,
      after: 100,
    });
  });

  it('keeps the space of every item: the spacers and the rendered items add up to the list', () => {
    for (const scrollY of [0, 333, 800, 1200, 5000]) {
      const shown = itemWindow(10, heightOf, { listTop: 0, scrollY, viewport: 400, overscan: 100 });
      let rendered = 0;
      for (let index = shown.start; index < shown.end; index += 1) rendered += heightOf(index);
      expect(shown.before + rendered + shown.after).toBe(1200);
    }
  });

  it('renders nothing of an empty list or of a list scrolled far past', () => {
    expect(itemWindow(0, heightOf, { listTop: 0, scrollY: 0, viewport: 800, overscan: 600 })).toEqual({
      start: 0,
      end: 0,
      before: 0,
      after: 0,
    });
    expect(itemWindow(10, heightOf, { listTop: 0, scrollY: 9000, viewport: 800, overscan: 0 })).toEqual({
      start: 10,
      end: 10,
      before: 1200,
      after: 0,
    });
  });
});

describe('nextItemWindow', () => {
  const view = { listTop: 0, viewport: 200, overscan: 400 };

  it('keeps the rendered items while they cover the screen and a quarter of the overscan', () => {
    const rendered = itemWindow(10, heightOf, { ...view, scrollY: 0 });
    expect(rendered).toMatchObject({ start: 0, end: 4 });
    // 150 px down: the screen and 100 px beyond end at 450 px, inside items 0–3 (0–600 px).
    expect(nextItemWindow(rendered, 10, heightOf, { ...view, scrollY: 150 })).toEqual(rendered);
  });

  it('moves by the whole overscan once the screen comes near the edge', () => {
    const rendered = itemWindow(10, heightOf, { ...view, scrollY: 0 });
    expect(nextItemWindow(rendered, 10, heightOf, { ...view, scrollY: 500 })).toEqual(
      itemWindow(10, heightOf, { ...view, scrollY: 500 }),
    );
  });

  it('corrects the spacers when a height was measured, without moving', () => {
    const measured = (index: number) => (index === 8 ? 150 : heightOf(index));
    const rendered = itemWindow(10, heightOf, { ...view, scrollY: 0 });
    expect(nextItemWindow(rendered, 10, measured, { ...view, scrollY: 0 })).toEqual({
      ...rendered,
      after: rendered.after + 50,
    });
  });
});

describe('a list of rows of one height (the watchlist: 58 px rows)', () => {
  const rows = itemOffsets(200, () => 58);

  it('renders the rows of the screen and the overscan, then nothing until the screen nears the edge', () => {
    const view = { listTop: 100, viewport: 800, overscan: 600 };
    // Scrolled 58 × 50 px past the list's top: rows 50… are on screen, 600 px beyond on each side.
    const shown = itemWindow(200, () => 58, { ...view, scrollY: 100 + 58 * 50 });
    expect(shown).toEqual({ start: 39, end: 75, before: 39 * 58, after: (200 - 75) * 58 });
    // A few rows further the rendered rows still cover the screen: the frame renders nothing.
    expect(windowCovers(shown, rows, 200, { ...view, scrollY: 100 + 58 * 55 })).toBe(true);
    expect(windowCovers(shown, rows, 200, { ...view, scrollY: 100 + 58 * 70 })).toBe(false);
  });

  it('ends at the last row and renders nothing of an empty list', () => {
    expect(
      itemWindow(200, () => 58, { listTop: 0, scrollY: 58 * 199, viewport: 800, overscan: 0 }),
    ).toMatchObject({
      start: 199,
      end: 200,
      after: 0,
    });
    expect(itemWindow(0, () => 58, { listTop: 0, scrollY: 0, viewport: 800, overscan: 600 })).toEqual({
      start: 0,
      end: 0,
      before: 0,
      after: 0,
    });
  });
});

describe('screenRangeAt (the rows a page follows live)', () => {
  const rows = itemOffsets(500, () => 58);

  it('is the rows on screen and a small margin, far fewer than the rendered window', () => {
    const view = { listTop: 200, scrollY: 0, viewport: 768, overscan: 600 };
    // 568 px of list on screen and 120 px beyond: rows 0–11.
    expect(screenRangeAt(rows, 500, view, 120)).toEqual({ start: 0, end: 12 });
    expect(itemWindow(500, () => 58, view).end).toBeGreaterThan(12);
  });

  it('follows the scroll, and ends at the last row', () => {
    const at300 = { listTop: 200, scrollY: 200 + 58 * 300, viewport: 768, overscan: 600 };
    expect(screenRangeAt(rows, 500, at300, 0)).toEqual({ start: 300, end: 314 });
    expect(screenRangeAt(rows, 500, { ...at300, scrollY: 200 + 58 * 495 }, 120)).toEqual({
      start: 492,
      end: 500,
    });
  });

  it('writes into the range it is given, so a scrolled frame allocates nothing', () => {
    const into = { start: 0, end: 0 };
    expect(
      screenRangeAt(rows, 500, { listTop: 0, scrollY: 58 * 10, viewport: 58 * 2, overscan: 0 }, 0, into),
    ).toBe(into);
    expect(into).toEqual({ start: 10, end: 12 });
  });
});

describe('windowStepToward (a row or two mounted a frame)', () => {
  const rows = itemOffsets(200, () => 58);
  const view = { listTop: 0, viewport: 812, overscan: 600 };
  const screenAt = (scrollY: number) => screenRangeAt(rows, 200, { ...view, scrollY }, 0);

  it('mounts at most perFrame rows a side beyond the screen each frame, and reaches the window in time', () => {
    const scrollY = 58 * 50;
    const target = windowAt(rows, 200, { ...view, scrollY });
    const screen = screenAt(scrollY);
    let rendered = windowStepToward({ start: 0, end: 0 }, target, screen, rows, 200, 2);
    // A window it does not overlap starts again from the screen, and two rows on each side.
    expect(rendered).toMatchObject({ start: screen.start - 2, end: screen.end + 2 });
    let frames = 1;
    while (rendered.start !== target.start || rendered.end !== target.end) {
      const next = windowStepToward(rendered, target, screen, rows, 200, 2);
      expect(rendered.start - next.start).toBeLessThanOrEqual(2);
      expect(next.end - rendered.end).toBeLessThanOrEqual(2);
      rendered = next;
      frames += 1;
      expect(frames).toBeLessThan(20);
    }
    // 600 px of overscan is 11 rows a side: six frames of two.
    expect(frames).toBe(6);
    expect(rendered).toEqual(target);
  });

  it('renders every row on screen at once, however far a flick went', () => {
    const rendered = windowAt(rows, 200, { ...view, scrollY: 0 });
    const scrollY = 58 * 30;
    const screen = screenAt(scrollY);
    const next = windowStepToward(rendered, windowAt(rows, 200, { ...view, scrollY }), screen, rows, 200, 2);
    expect(next.start).toBeLessThanOrEqual(screen.start);
    expect(next.end).toBeGreaterThanOrEqual(screen.end);
    // Rows far above the screen leave a couple a frame too.
    expect(next.start).toBe(rendered.start + 2);
  });

  it('keeps the spacers and the rendered rows adding up to the list', () => {
    const target = windowAt(rows, 200, { ...view, scrollY: 58 * 100 });
    const next = windowStepToward({ start: 80, end: 110 }, target, screenAt(58 * 100), rows, 200, 2);
    expect(next.before + (next.end - next.start) * 58 + next.after).toBe(200 * 58);
  });
});
