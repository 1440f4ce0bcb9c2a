import { describe, expect, it } from 'vitest';
import { instrumentHref, quoteHref } from './market-rules.ts';

describe('instrumentHref (spec 1 §2 detail routes)', () => {
  it('opens each kind of instrument on its page', () => {
    expect(instrumentHref('600519.SH', 'capital')).toBe('/stock?stockCode=600519.SH');
    expect(instrumentHref('00700.HK', 'hk')).toBe('/stockHk?stockCode=00700.HK');
    expect(instrumentHref('801080.ZSI', 'index_hy')).toBe('/indexStock?stockCode=801080.ZSI');
    expect(instrumentHref('510300.SH', 'fund_onside')).toBe('/etfDetails?code=510300.SH');
    expect(instrumentHref('005827.OF', 'fund_outside')).toBe('/fundDetails?code=005827.OF');
    expect(instrumentHref('600519.SH', null)).toBeNull();
  });

  it("opens an LOF's exchange listing on the fund's page", () => {
    expect(instrumentHref('161725.SZ', 'fund_onside')).toBe('/fundDetails?code=161725.OF&type=fund_lof');
  });

  it('guesses a stock page from the code when the type is missing', () => {
    expect(quoteHref('00700.HK', null)).toBe('/stockHk?stockCode=00700.HK');
    expect(quoteHref('600519.SH', null)).toBe('/stock?stockCode=600519.SH');
  });
});
