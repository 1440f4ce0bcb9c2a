import { describe, expect, it } from 'vitest';
import { limitPrices, priceLimitRatio } from './price-limit.ts';

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

  it('main-board ST is still ±5% on 4 July 2025', () => {
    expect(priceLimitRatio('sh', true, 20250704)).toBe(0.05);
  });
  it('main-board ST is ±10% from 7 July 2025', () => {
    expect(priceLimitRatio('sz', true, 20250707)).toBe(0.1);
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
  it('rejects a non-positive previous close', () => {
    expect(() => limitPrices(0, 0.1)).toThrow(RangeError);
    expect(() => limitPrices(Number.NaN, 0.1)).toThrow(RangeError);
  });
});
