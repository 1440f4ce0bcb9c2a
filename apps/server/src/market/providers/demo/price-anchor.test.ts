import { describe, expect, it } from 'vitest';
import { anchorFlatFrom, anchorPrice, anchorPull, priceAnchor } from './price-anchor.ts';

const anchor = priceAnchor(1, '600031.SH', 20, 8e9);

describe('price anchor', () => {
  it('is flat at the price level from anchorFlatFrom on, and moves with its cycles before', () => {
    expect(anchorPrice(anchor, anchorFlatFrom)).toBe(20);
    expect(anchorPrice(anchor, 20291231)).toBe(20);
    const past = [20211001, 20221001, 20231001, 20241001].map((day) => anchorPrice(anchor, day));
    expect(new Set(past).size).toBe(4);
    for (const price of past) expect(price).toBeGreaterThan(20 * Math.exp(-0.9));
  });

  it('joins the flat level without a jump', () => {
    expect(anchorPrice(anchor, 20251231)).toBeCloseTo(20, 1);
  });

  it('pulls a price up from below and down from above, by at most 1% a day', () => {
    expect(anchorPull(anchor, 20261124, 18, 8e9)).toBeGreaterThan(0);
    expect(anchorPull(anchor, 20261124, 22, 8e9)).toBeLessThan(0);
    expect(anchorPull(anchor, 20261124, 20, 8e9)).toBeCloseTo(0, 12);
    expect(anchorPull(anchor, 20261124, 414, 8e9)).toBe(-0.01);
  });

  it('after a bonus issue (10送3) targets the same market value at the larger float', () => {
    const target = 20 / 1.3;
    expect(anchorPull(anchor, 20261124, target, 8e9 * 1.3)).toBeCloseTo(0, 10);
  });
});
