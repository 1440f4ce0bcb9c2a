import { describe, expect, it } from 'vitest';
import { limitPrices, listingTradingDay, priceLimitRatio } from './price-limit.ts';

describe('priceLimitRatio', () => {
  it.each([
    { name: 'Shanghai main board is ±10%', board: 'sh', st: false, expected: 0.1 },
    { name: 'Shenzhen main board is ±10%', board: 'sz', st: false, expected: 0.1 },
    { name: 'main-board ST is ±5%', board: 'sh', st: true, expected: 0.05 },
    { name: 'Shenzhen main-board ST is ±5%', board: 'sz', st: true, expected: 0.05 },
    { name: 'STAR Market is ±20%', board: 'star', st: false, expected: 0.2 },
    { name: 'ST on the STAR Market stays ±20%', board: 'star', st: true, expected: 0.2 },
    { name: 'ChiNext is ±20%', board: 'chinext', st: false, expected: 0.2 },
    { name: 'ST on ChiNext stays ±20%', board: 'chinext', st: true, expected: 0.2 },
    { name: 'Beijing exchange is ±30%', board: 'bj', st: false, expected: 0.3 },
    { name: 'ETF is ±10%', board: 'etf', st: false, expected: 0.1 },
    { name: 'LOF is ±10%', board: 'lof', st: false, expected: 0.1 },
    { name: 'Hong Kong has no limit', board: 'hk', st: false, expected: null },
    { name: 'an index has no limit', board: 'index', st: false, expected: null },
    { name: 'an off-exchange fund has no limit', board: 'fund', st: false, expected: null },
  ] as const)('$name', ({ board, st, expected }) => {
    expect(priceLimitRatio(board, st)).toBe(expected);
  });

  it('main-board ST and *ST are ±5% on 4 July 2025', () => {
    expect(priceLimitRatio('sh', true, { onDay: 20250704 })).toBe(0.05);
    expect(priceLimitRatio('sz', true, { onDay: 20250704 })).toBe(0.05);
  });
  it('main-board ST is ±10% from 7 July 2025 (SSE/SZSE notice of 27 June 2025)', () => {
    expect(priceLimitRatio('sz', true, { onDay: 20250707 })).toBe(0.1);
    expect(priceLimitRatio('sh', true, { onDay: 20261125 })).toBe(0.1);
  });
  it('ST on the STAR Market and ChiNext stays ±20% before and after July 2025', () => {
    expect(priceLimitRatio('star', true, { onDay: 20250704 })).toBe(0.2);
    expect(priceLimitRatio('chinext', true, { onDay: 20261125 })).toBe(0.2);
  });
});

describe('new listings', () => {
  // 2026-11-02 is a Monday: trading days 2 (1), 3 (2), 4 (3), 5 (4), 6 (5), 9 (6).
  const listingDay = 20261102;
  it.each([
    {
      name: 'a main-board IPO has no limit on its listing day',
      board: 'sh',
      onDay: 20261102,
      expected: null,
    },
    {
      name: 'a main-board IPO has no limit on its fifth trading day',
      board: 'sz',
      onDay: 20261106,
      expected: null,
    },
    {
      name: 'a main-board IPO is ±10% from its sixth trading day',
      board: 'sh',
      onDay: 20261109,
      expected: 0.1,
    },
    {
      name: 'a STAR IPO has no limit on its fifth trading day',
      board: 'star',
      onDay: 20261106,
      expected: null,
    },
    { name: 'a STAR IPO is ±20% from its sixth trading day', board: 'star', onDay: 20261109, expected: 0.2 },
    {
      name: 'a ChiNext IPO has no limit on its third trading day',
      board: 'chinext',
      onDay: 20261104,
      expected: null,
    },
    {
      name: 'a ChiNext IPO is ±20% from its sixth trading day',
      board: 'chinext',
      onDay: 20261109,
      expected: 0.2,
    },
    { name: 'a Beijing IPO has no limit on its listing day', board: 'bj', onDay: 20261102, expected: null },
    {
      name: 'a Beijing IPO is ±30% from its second trading day',
      board: 'bj',
      onDay: 20261103,
      expected: 0.3,
    },
    { name: 'a new ETF keeps ±10% on its listing day', board: 'etf', onDay: 20261102, expected: 0.1 },
  ] as const)('$name', ({ board, onDay, expected }) => {
    expect(priceLimitRatio(board, false, { onDay, listingDay })).toBe(expected);
  });

  it('weekends and holidays do not count: listed on 30 Sep 2026, the fifth trading day is 13 Oct', () => {
    expect(listingTradingDay(20260930, 20261013)).toBe(5);
    expect(priceLimitRatio('sh', false, { onDay: 20261013, listingDay: 20260930 })).toBeNull();
    expect(priceLimitRatio('sh', false, { onDay: 20261014, listingDay: 20260930 })).toBe(0.1);
  });
  it('a main-board share listed before the April 2023 reform was unlimited on its first day only', () => {
    expect(priceLimitRatio('sh', false, { onDay: 20230301, listingDay: 20230301 })).toBeNull();
    expect(priceLimitRatio('sh', false, { onDay: 20230302, listingDay: 20230301 })).toBe(0.1);
  });
  it('a main-board share listed on 10 April 2023 was unlimited for five days', () => {
    expect(priceLimitRatio('sz', false, { onDay: 20230414, listingDay: 20230410 })).toBeNull();
  });
  it('a ChiNext share listed before the August 2020 reform was unlimited on its first day only', () => {
    expect(priceLimitRatio('chinext', false, { onDay: 20200803, listingDay: 20200731 })).toBe(0.2);
  });
  it('a long-listed share and a day before listing get the board limit', () => {
    expect(priceLimitRatio('sh', false, { onDay: 20261125, listingDay: 20010827 })).toBe(0.1);
    expect(listingTradingDay(20261102, 20261030)).toBe(0);
  });
});

describe('limitPrices', () => {
  it('10.05 at ±10% rounds half-up to 11.06 / 9.05', () => {
    expect(limitPrices(10.05, 0.1)).toEqual({ up: 11.06, down: 9.05 });
  });
  it('1680.00 at ±10% is 1848.00 / 1512.00', () => {
    expect(limitPrices(1680, 0.1)).toEqual({ up: 1848, down: 1512 });
  });
  it('ST 3.33 at ±5% is 3.50 / 3.16 (3.4965 up, 3.1635 down)', () => {
    expect(limitPrices(3.33, 0.05)).toEqual({ up: 3.5, down: 3.16 });
  });
  it('an exact half cent rounds up on the way down too (12.35 × 0.9 = 11.115 → 11.12)', () => {
    expect(limitPrices(12.35, 0.1)).toEqual({ up: 13.59, down: 11.12 });
  });
  it('ChiNext 25.67 at ±20% is 30.80 / 20.54', () => {
    expect(limitPrices(25.67, 0.2)).toEqual({ up: 30.8, down: 20.54 });
  });
  it('Beijing 7.77 at ±30% is 10.10 / 5.44', () => {
    expect(limitPrices(7.77, 0.3)).toEqual({ up: 10.1, down: 5.44 });
  });
  it('an ETF rounds to 0.001 yuan (1.234 → 1.357 / 1.111)', () => {
    expect(limitPrices(1.234, 0.1, 0.001)).toEqual({ up: 1.357, down: 1.111 });
  });
  it('an ETF half tick rounds up (1.005 → 1.106 / 0.905)', () => {
    expect(limitPrices(1.005, 0.1, 0.001)).toEqual({ up: 1.106, down: 0.905 });
  });
  it('茅台 at 2006.79 is 2207.47 / 1806.11 (shown to the fen, not 2207)', () => {
    expect(limitPrices(2006.79, 0.1)).toEqual({ up: 2207.47, down: 1806.11 });
  });
  it('an ST 2.03 at ±5% rounds half-up to 2.13 / 1.93 (2.1315, 1.9285)', () => {
    expect(limitPrices(2.03, 0.05)).toEqual({ up: 2.13, down: 1.93 });
  });
  it('rejects a non-positive previous close', () => {
    expect(() => limitPrices(0, 0.1)).toThrow(RangeError);
    expect(() => limitPrices(Number.NaN, 0.1)).toThrow(RangeError);
  });
});
