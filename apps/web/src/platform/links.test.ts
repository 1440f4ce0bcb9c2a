import { describe, expect, it } from 'vitest';
import { detailHref, isPathOf, startsWithPathOf } from './links.ts';

describe('detailHref (spec 1 §2 detail routes)', () => {
  it.each([
    { type: 'capital', code: '600519.SH', expected: '/stock?stockCode=600519.SH' },
    { type: 'hk', code: '00700.HK', expected: '/stockHk?stockCode=00700.HK' },
    { type: 'index_hs', code: '000300.SH', expected: '/indexStock?stockCode=000300.SH' },
    { type: 'index_hy', code: '801080.ZSI', expected: '/indexStock?stockCode=801080.ZSI' },
    { type: 'index_gn', code: '884039.WI', expected: '/indexStock?stockCode=884039.WI' },
    { type: 'index_hk_hs', code: 'HSI.HI', expected: '/indexStock?stockCode=HSI.HI' },
    { type: 'fund_outside', code: '005827.OF', expected: '/fundDetails?code=005827.OF' },
    { type: 'fund_onside', code: '510300.SH', expected: '/etfDetails?code=510300.SH' },
    { type: 'fund_onside', code: '159915.SZ', expected: '/etfDetails?code=159915.SZ' },
    { type: 'fund_lof', code: '161725.OF', expected: '/fundDetails?code=161725.OF&type=fund_lof' },
  ] as const)('opens $type $code on $expected', ({ type, code, expected }) => {
    expect(detailHref(code, type)).toBe(expected);
  });

  it("opens an LOF's exchange listing on the fund's page", () => {
    expect(detailHref('161725.SZ', 'fund_onside')).toBe('/fundDetails?code=161725.OF&type=fund_lof');
  });

  it('carries the index into the saved stock list as i', () => {
    expect(detailHref('600519.SH', 'capital', 0)).toBe('/stock?stockCode=600519.SH&i=0');
    expect(detailHref('00700.HK', 'hk', 1)).toBe('/stockHk?stockCode=00700.HK&i=1');
    expect(detailHref('000300.SH', 'index_hs', 2)).toBe('/indexStock?stockCode=000300.SH&i=2');
    expect(detailHref('005827.OF', 'fund_outside', 3)).toBe('/fundDetails?code=005827.OF&i=3');
    expect(detailHref('161725.OF', 'fund_lof', 4)).toBe('/fundDetails?code=161725.OF&type=fund_lof&i=4');
  });

  it('encodes the code', () => {
    expect(detailHref('A&B.SH', 'capital')).toBe('/stock?stockCode=A%26B.SH');
  });
});

describe('isPathOf', () => {
  it('matches a route by its path and its aliases, case-sensitively', () => {
    expect(isPathOf('/stockHk', 'stockHk')).toBe(true);
    expect(isPathOf('/stockHK', 'stockHk')).toBe(true);
    expect(isPathOf('/stockhk', 'stockHk')).toBe(false);
    expect(isPathOf('/', 'home')).toBe(true);
    expect(isPathOf('/stock', 'home')).toBe(false);
  });
});

describe('startsWithPathOf', () => {
  it('matches pages named by prefix under any spelling', () => {
    expect(startsWithPathOf('/LiveStreamHistory', 'LiveStream')).toBe(true);
    expect(startsWithPathOf('/liveStream', 'LiveStream')).toBe(true);
    expect(startsWithPathOf('/hbStockAbc', 'hbStock')).toBe(true);
    expect(startsWithPathOf('/stock', 'hbStock')).toBe(false);
  });
});
