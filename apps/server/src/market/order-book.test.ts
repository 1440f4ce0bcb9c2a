import type { Quote } from '@zhicai/contract';
import { hkTick, limitPrices } from '@zhicai/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderBook } from './order-book.ts';

function quoteOf(overrides: Partial<Quote>): Quote {
  return {
    code: '600519.SH',
    name: '贵州茅台',
    type: 'capital',
    time: Date.UTC(2026, 10, 25, 3, 0),
    tradingDay: 20261125,
    status: 'trading',
    price: 2090,
    prevClose: 2028.5,
    open: 2030,
    high: 2095,
    low: 2025,
    volume: 3_200_000,
    amount: 6.6e9,
    chg: 61.5,
    chgPct: 0.0303,
    amplitude: 0.0345,
    turnoverRate: 0.0025,
    limitUp: 2231.35,
    limitDown: 1825.65,
    pe: 28,
    pb: 8,
    marketCap: 2.6e12,
    floatMarketCap: 2.6e12,
    ...overrides,
  };
}

const cents = (price: number) => Math.round(price * 100);

describe('orderBook', () => {
  it('puts the best ask at the price and the best bid one fen below, five levels each', () => {
    const book = orderBook(quoteOf({}), 100, 'cn');
    expect(book.asks.map((level) => level.price)).toEqual([2090, 2090.01, 2090.02, 2090.03, 2090.04]);
    expect(book.bids.map((level) => level.price)).toEqual([2089.99, 2089.98, 2089.97, 2089.96, 2089.95]);
  });

  it('has no asks at 涨停 and queues the buyers at the limit', () => {
    const book = orderBook(quoteOf({ price: 2231.35 }), 100, 'cn');
    expect(book.asks).toEqual([]);
    expect(book.bids[0]?.price).toBe(2231.35);
    expect(book.orderImbalance).toBe(1);
  });

  it('has no bids at 跌停', () => {
    const book = orderBook(quoteOf({ price: 1825.65, chg: -202.85, chgPct: -0.1 }), 100, 'cn');
    expect(book.bids).toEqual([]);
    expect(book.asks[0]?.price).toBe(1825.65);
    expect(book.orderImbalance).toBe(-1);
  });

  it('stops at the limit: one fen under 涨停 leaves two ask levels', () => {
    const book = orderBook(quoteOf({ price: 2231.34 }), 100, 'cn');
    expect(book.asks.map((level) => level.price)).toEqual([2231.34, 2231.35]);
  });

  it('moves an ETF by 0.001 yuan', () => {
    const etf = quoteOf({
      code: '510300.SH',
      type: 'fund_onside',
      price: 4.056,
      limitUp: 4.4,
      limitDown: 3.6,
    });
    const book = orderBook(etf, 100, 'cn');
    expect(book.bids[0]?.price).toBe(4.055);
    expect(book.asks[1]?.price).toBe(4.057);
  });

  it('crosses a Hong Kong spread-table band with the right steps', () => {
    const hk = quoteOf({ code: '00700.HK', type: 'hk', price: 20, limitUp: null, limitDown: null });
    const book = orderBook(hk, 100, 'hk');
    expect(book.asks.slice(0, 2).map((level) => level.price)).toEqual([20, 20.05]);
    expect(book.bids.slice(0, 2).map((level) => level.price)).toEqual([19.98, 19.96]);
  });

  it('is empty for a suspended share', () => {
    const book = orderBook(quoteOf({ status: 'suspended', volume: 0 }), 100, 'cn');
    expect(book).toEqual({ bids: [], asks: [], orderImbalance: null, outerVolume: 0, innerVolume: 0 });
  });

  it('is the same book for the same quote', () => {
    expect(orderBook(quoteOf({}), 100, 'cn')).toEqual(orderBook(quoteOf({}), 100, 'cn'));
  });

  it('holds its invariants for any A-share quote within its limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 300_000 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 5e8 }),
        fc.constantFrom(0.05, 0.1, 0.2, 0.3),
        (prevCents, position, volume, ratio) => {
          const prevClose = prevCents / 100;
          const limits = limitPrices(prevClose, ratio);
          const span = position >= 0 ? limits.up - prevClose : prevClose - limits.down;
          const price = Math.round((prevClose + position * span) * 100) / 100;
          const quote = quoteOf({
            price,
            prevClose,
            volume,
            chgPct: (price - prevClose) / prevClose,
            limitUp: limits.up,
            limitDown: limits.down,
          });
          const book = orderBook(quote, 100, 'cn');
          const all = [...book.bids, ...book.asks];
          for (const level of all) {
            expect(level.price).toBeGreaterThanOrEqual(limits.down);
            expect(level.price).toBeLessThanOrEqual(limits.up);
            expect(level.volume % 100).toBe(0);
            expect(level.volume).toBeGreaterThan(0);
            expect(Math.abs(level.price * 100 - cents(level.price))).toBeLessThan(1e-6);
          }
          if (price >= limits.up) expect(book.asks).toEqual([]);
          else expect(book.asks[0]?.price).toBe(price);
          if (price <= limits.down) expect(book.bids).toEqual([]);
          if (price > limits.down && price < limits.up) {
            expect(cents(price) - cents(book.bids[0]?.price ?? 0)).toBe(1);
          }
          // Bids fall and asks rise one tick at a time.
          book.bids.forEach((level, i) => {
            if (i > 0) expect(cents(book.bids[i - 1]?.price ?? 0) - cents(level.price)).toBe(1);
          });
          book.asks.forEach((level, i) => {
            if (i > 0) expect(cents(level.price) - cents(book.asks[i - 1]?.price ?? 0)).toBe(1);
          });
          expect(book.outerVolume + book.innerVolume).toBe(volume);
          expect(book.outerVolume).toBeGreaterThanOrEqual(0);
          expect(book.innerVolume).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a Hong Kong book on the spread table at any price', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.02, max: 3000, noNaN: true }), (raw) => {
        const tick = hkTick(raw);
        const price = Number((Math.round(raw / tick) * tick).toFixed(3));
        const book = orderBook(quoteOf({ type: 'hk', price, limitUp: null, limitDown: null }), 100, 'hk');
        const prices = [
          ...book.bids.map((level) => level.price).reverse(),
          ...book.asks.map((level) => level.price),
        ];
        for (let i = 1; i < prices.length; i += 1) {
          const lower = prices[i - 1] ?? 0;
          const higher = prices[i] ?? 0;
          expect(higher).toBeGreaterThan(lower);
          // One step of the table at the lower price: nothing in between is a valid price.
          expect(Number((higher - lower).toFixed(4))).toBe(hkTick(lower));
        }
      }),
      { numRuns: 300 },
    );
  });
});
