import { describe, expect, it } from 'vitest';
import { formatQuoteChange, formatQuotePrice, hkTick, priceDecimals, priceTick } from './price-tick.ts';

describe('formatQuotePrice', () => {
  it.each([
    { name: '茅台 keeps the fen at 2090 (not "2090")', type: 'capital', value: 2090, expected: '2090.00' },
    {
      name: 'an A-share limit-up shows 2207.47, not 2207',
      type: 'capital',
      value: 2207.47,
      expected: '2207.47',
    },
    { name: 'a cheap A-share keeps 2 decimals', type: 'capital', value: 3.5, expected: '3.50' },
    { name: 'an index shows 2 decimals', type: 'index_hs', value: 3366.123, expected: '3366.12' },
    {
      name: 'an ETF shows 3 decimals (4.056, not 4.06)',
      type: 'fund_onside',
      value: 4.056,
      expected: '4.056',
    },
    { name: 'an ETF at 2 shows 2.000', type: 'fund_onside', value: 2, expected: '2.000' },
    { name: 'a fund NAV shows 4 decimals', type: 'fund_outside', value: 1.2345, expected: '1.2345' },
    { name: 'Hong Kong at 400.2 shows 400.20', type: 'hk', value: 400.2, expected: '400.20' },
    { name: 'a Hong Kong penny stock shows 3 decimals', type: 'hk', value: 0.235, expected: '0.235' },
    { name: 'a missing price shows --', type: 'capital', value: null, expected: '--' },
  ] as const)('$name', ({ type, value, expected }) => {
    expect(formatQuotePrice(value, type)).toBe(expected);
  });
  it('rounds half up by hand, not by binary value (1.0005 → 1.001)', () => {
    expect(formatQuotePrice(1.0005, 'fund_onside')).toBe('1.001');
  });
});

describe('formatQuoteChange', () => {
  it('茅台 up 61.5 shows +61.50', () => {
    expect(formatQuoteChange(61.5, 'capital', 2090)).toBe('+61.50');
  });
  it('an ETF change of 0.001 shows +0.001, not 0.00', () => {
    expect(formatQuoteChange(0.001, 'fund_onside', 2.001)).toBe('+0.001');
  });
  it('a fall keeps its minus sign and a zero change has none', () => {
    expect(formatQuoteChange(-0.3, 'capital', 10)).toBe('-0.30');
    expect(formatQuoteChange(-0.0001, 'capital', 10)).toBe('0.00');
  });
  it('a Hong Kong change follows the price it belongs to', () => {
    expect(formatQuoteChange(-0.005, 'hk', 0.3)).toBe('-0.005');
    expect(formatQuoteChange(2.4, 'hk', 402.4)).toBe('+2.40');
  });
});

describe('ticks', () => {
  it.each([
    [0.2, 0.001],
    [0.3, 0.005],
    [5, 0.01],
    [15, 0.02],
    [50, 0.05],
    [150, 0.1],
    [400, 0.2],
    [600, 0.5],
    [1500, 1],
    [3000, 2],
    [6000, 5],
  ])('HKEX spread table: %s HKD moves in steps of %s', (price, tick) => {
    expect(hkTick(price)).toBe(tick);
  });
  it('A-shares move by the fen, ETFs by 0.001 yuan', () => {
    expect(priceTick('capital', 1800)).toBe(0.01);
    expect(priceTick('fund_onside', 4)).toBe(0.001);
    expect(priceDecimals('index_hy', 5000)).toBe(2);
  });
});
