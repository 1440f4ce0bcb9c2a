import { describe, expect, it } from 'vitest';
import { flowPixelRatio } from './flow-draw.ts';

describe('flowPixelRatio', () => {
  it('draws as many pixels as the card shows, never more than the 1800 of the layout', () => {
    expect(flowPixelRatio(323, 2)).toBeCloseTo(646 / 1800);
    expect(flowPixelRatio(323, 3)).toBeCloseTo(969 / 1800);
    // A tablet's wide card on a 3× screen would need more than 1800: it gets the layout's own size.
    expect(flowPixelRatio(700, 3)).toBe(1);
  });

  it('draws at full size when the card’s width is unknown (not laid out)', () => {
    expect(flowPixelRatio(0, 2)).toBe(1);
    expect(flowPixelRatio(Number.NaN, 2)).toBe(1);
    expect(flowPixelRatio(323, 0)).toBe(1);
  });
});
