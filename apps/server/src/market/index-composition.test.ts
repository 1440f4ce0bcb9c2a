import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cappedWeights,
  capQuantities,
  composeIndex,
  familyCap,
  indexWeights,
  type MemberFigures,
} from './index-composition.ts';

const member = (figures: Partial<MemberFigures> & { prevClose: number }): MemberFigures => ({
  quantity: 1,
  open: figures.prevClose,
  high: figures.prevClose,
  low: figures.prevClose,
  close: figures.prevClose,
  volume: 0,
  amount: 0,
  ...figures,
});

describe('composeIndex', () => {
  it('moves the index by the quantity-weighted move of its members', () => {
    // 100 shares at 10 → 11 (+10%) and 100 at 30 → 30: Σ q·p goes 4000 → 4100, +2.5%.
    const figures = composeIndex(1000, [
      member({ quantity: 100, prevClose: 10, open: 10, high: 11, low: 10, close: 11, volume: 5, amount: 50 }),
      member({ quantity: 100, prevClose: 30, volume: 7, amount: 210 }),
    ]);
    expect(figures).toEqual({
      prevClose: 1000,
      open: 1000,
      high: 1025,
      low: 1000,
      close: 1025,
      volume: 12,
      amount: 260,
    });
  });

  it('is not moved by an ex-dividend step: the member counts from its adjusted prevClose', () => {
    // A 10送3 bonus: prevClose 13 → 10, the day closes unchanged at 10.
    const figures = composeIndex(2000, [member({ quantity: 130, prevClose: 10 }), member({ prevClose: 50 })]);
    expect(figures.close).toBe(2000);
  });

  it('counts a suspended member at its prevClose', () => {
    const figures = composeIndex(1000, [
      member({ prevClose: 10, open: null, high: null, low: null, close: null }),
      member({ prevClose: 10, open: 10, high: 12, low: 9, close: 11 }),
    ]);
    expect(figures).toMatchObject({ open: 1000, high: 1100, low: 950, close: 1050 });
  });

  it('stands at its previous close without members', () => {
    expect(composeIndex(3000, [])).toMatchObject({ open: 3000, high: 3000, low: 3000, close: 3000 });
  });

  it('keeps high and low around open and close for any members (property)', () => {
    const memberArb = fc
      .record({
        quantity: fc.double({ min: 1, max: 1e9, noNaN: true }),
        prevClose: fc.double({ min: 0.5, max: 2000, noNaN: true }),
        moves: fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 2, maxLength: 2 }),
        up: fc.double({ min: 0, max: 0.1, noNaN: true }),
        down: fc.double({ min: 0, max: 0.1, noNaN: true }),
      })
      .map(({ quantity, prevClose, moves, up, down }) => {
        const open = prevClose * (1 + (moves[0] ?? 0));
        const close = prevClose * (1 + (moves[1] ?? 0));
        return member({
          quantity,
          prevClose,
          open,
          close,
          high: Math.max(open, close) * (1 + up),
          low: Math.min(open, close) * (1 - down),
        });
      });
    fc.assert(
      fc.property(
        fc.double({ min: 100, max: 30000, noNaN: true }),
        fc.array(memberArb, { minLength: 1 }),
        (level, members) => {
          const bar = composeIndex(level, members);
          return bar.high >= Math.max(bar.open, bar.close) && bar.low <= Math.min(bar.open, bar.close);
        },
      ),
    );
  });
});

describe('cap factors', () => {
  it('holds the largest members at the cap and spreads the rest in proportion', () => {
    const weights = cappedWeights(
      [50, 30, 10, 5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0].map((w) => w + 1),
      0.1,
    );
    expect(Math.max(...weights)).toBeCloseTo(0.1, 10);
    expect(weights.reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 10);
  });

  it('gives quantities whose weights at the rebalancing prices respect the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            floatShares: fc.double({ min: 1e6, max: 1e11, noNaN: true }),
            price: fc.double({ min: 1, max: 2000, noNaN: true }),
          }),
          { minLength: 1, maxLength: 200 },
        ),
        (members) => {
          const cap = familyCap('index_hs', members.length);
          const quantities = capQuantities(members, cap);
          const weights = indexWeights(
            members.map((item, i) => ({ quantity: quantities[i]?.quantity ?? 0, price: item.price })),
          );
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          return (
            Math.abs(total - 1) < 1e-9 &&
            weights.every((weight) => weight <= cap + 1e-9) &&
            quantities.every((item) => item.capFactor > 0 && item.capFactor <= 1 + 1e-12)
          );
        },
      ),
    );
  });

  it('caps CSI indices at 10% and Hang Seng at 8%, small indices at 1.5 ÷ n', () => {
    expect(familyCap('index_hs', 300)).toBe(0.1);
    expect(familyCap('index_hk_hs', 40)).toBe(0.08);
    expect(familyCap('index_gn', 5)).toBeCloseTo(0.3, 10);
  });
});
