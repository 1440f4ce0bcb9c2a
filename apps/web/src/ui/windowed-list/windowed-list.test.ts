import { describe, expect, it } from 'vitest';
import { itemWindow, nextItemWindow } from './windowed-list.ts';

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
