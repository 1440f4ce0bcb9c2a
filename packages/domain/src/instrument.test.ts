import { describe, expect, it } from 'vitest';
import {
  codeSuffix,
  type DetailPath,
  detailPath,
  type InstrumentType,
  instrumentType,
  instrumentTypes,
  isDetailPath,
  lofFundCode,
} from './instrument.ts';

describe('instrumentType (spec 1 §2 type derivation)', () => {
  it.each<{
    name: string;
    path: string;
    code: string;
    typeQuery?: string | null;
    expected: InstrumentType | null;
  }>([
    { name: '/stock is capital', path: '/stock', code: '600519.SH', expected: 'capital' },
    { name: '/stock is capital whatever the code', path: '/stock', code: '00700.HK', expected: 'capital' },
    { name: '/stockHk is hk', path: '/stockHk', code: '00700.HK', expected: 'hk' },
    { name: '/stockHK (other spelling) is hk', path: '/stockHK', code: '00700.HK', expected: 'hk' },
    {
      name: '/indexStock with .ZSI is index_hy',
      path: '/indexStock',
      code: '801080.ZSI',
      expected: 'index_hy',
    },
    {
      name: '/indexStock with .WI is index_gn',
      path: '/indexStock',
      code: '884039.WI',
      expected: 'index_gn',
    },
    {
      name: '/indexStock with .HI is index_hk_hs',
      path: '/indexStock',
      code: 'HSI.HI',
      expected: 'index_hk_hs',
    },
    {
      name: '/indexStock with .CSI is index_hs',
      path: '/indexStock',
      code: '000985.CSI',
      expected: 'index_hs',
    },
    {
      name: '/indexStock with .SH is index_hs',
      path: '/indexStock',
      code: '000300.SH',
      expected: 'index_hs',
    },
    {
      name: '/indexStock with no suffix is index_hs',
      path: '/indexStock',
      code: '000300',
      expected: 'index_hs',
    },
    { name: 'a lower-case suffix is read', path: '/indexStock', code: '801080.zsi', expected: 'index_hy' },
    {
      name: 'fund route: type fund_lof wins over .OF',
      path: '/fundDetails',
      code: '161725.OF',
      typeQuery: 'fund_lof',
      expected: 'fund_lof',
    },
    {
      name: 'fund route: type fund_onside wins over .OF',
      path: '/fundDetails',
      code: '510300.OF',
      typeQuery: 'fund_onside',
      expected: 'fund_onside',
    },
    {
      name: 'fund route: .OF without type is fund_outside',
      path: '/fundDetails',
      code: '000001.OF',
      expected: 'fund_outside',
    },
    {
      name: 'fund route: another type value is ignored',
      path: '/fundDetails',
      code: '510300.SH',
      typeQuery: 'fund_outside',
      expected: 'fund_onside',
    },
    {
      name: 'fund route: an exchange code is fund_onside',
      path: '/fundDetails',
      code: '510300.SH',
      expected: 'fund_onside',
    },
    {
      name: '/etfDetails with an exchange code is fund_onside',
      path: '/etfDetails',
      code: '510300.SH',
      expected: 'fund_onside',
    },
    {
      name: '/etfDetail (other spelling) is a fund route',
      path: '/etfDetail',
      code: '000001.OF',
      expected: 'fund_outside',
    },
    {
      name: '/etfDetails honours type fund_lof',
      path: '/etfDetails',
      code: '161725.SZ',
      typeQuery: 'fund_lof',
      expected: 'fund_lof',
    },
    { name: 'a non-detail path is null', path: '/favorite', code: '600519.SH', expected: null },
    { name: 'the root path is null', path: '/', code: '600519.SH', expected: null },
    { name: 'a path with a different case is null', path: '/Stock', code: '600519.SH', expected: null },
  ])('$name', ({ path, code, typeQuery, expected }) => {
    expect(instrumentType(path, code, typeQuery)).toBe(expected);
  });
});

describe('detailPath (spec 1 §3)', () => {
  it.each<{ type: InstrumentType; expected: DetailPath }>([
    { type: 'capital', expected: '/stock' },
    { type: 'hk', expected: '/stockHk' },
    { type: 'index_hs', expected: '/indexStock' },
    { type: 'index_hy', expected: '/indexStock' },
    { type: 'index_hk_hs', expected: '/indexStock' },
    { type: 'index_gn', expected: '/indexStock' },
    { type: 'fund_outside', expected: '/fundDetails' },
    { type: 'fund_onside', expected: '/fundDetails' },
    { type: 'fund_lof', expected: '/fundDetails' },
  ])('$type opens $expected', ({ type, expected }) => {
    expect(detailPath(type)).toBe(expected);
  });

  it('covers every instrument type', () => {
    expect(instrumentTypes.map(detailPath)).toHaveLength(9);
  });

  // A code whose suffix selects the type on its detail page; the others derive from the path or query.
  const codeFor: Partial<Record<InstrumentType, string>> = {
    index_hy: '801080.ZSI',
    index_gn: '884039.WI',
    index_hk_hs: 'HSI.HI',
    fund_outside: '000001.OF',
  };

  it.each(instrumentTypes)('the page for %s derives the same type back', (type) => {
    const code = codeFor[type];
    const typeQuery = type === 'fund_lof' || type === 'fund_onside' ? type : null;
    expect(instrumentType(detailPath(type), code ?? '600519.SH', typeQuery)).toBe(type);
  });
});

describe('isDetailPath', () => {
  it.each([
    { path: '/stock', expected: true },
    { path: '/indexStock', expected: true },
    { path: '/stockHk', expected: true },
    { path: '/stockHK', expected: true },
    { path: '/fundDetails', expected: true },
    { path: '/etfDetails', expected: true },
    { path: '/etfDetail', expected: true },
    { path: '/', expected: false },
    { path: '/favorite', expected: false },
    { path: '/stock-picker', expected: false },
    { path: '/financialReportPreview', expected: false },
  ])('$path → $expected', ({ path, expected }) => {
    expect(isDetailPath(path)).toBe(expected);
  });
});

describe('codeSuffix', () => {
  it.each([
    { code: '600519.SH', expected: 'SH' },
    { code: '801080.zsi', expected: 'ZSI' },
    { code: '600519', expected: '' },
  ])('$code → "$expected"', ({ code, expected }) => {
    expect(codeSuffix(code)).toBe(expected);
  });
});

describe('lofFundCode', () => {
  it('maps Shenzhen 16xxxx and Shanghai 50xxxx listings to their fund code', () => {
    expect(lofFundCode('161725.SZ')).toBe('161725.OF');
    expect(lofFundCode('501018.SH')).toBe('501018.OF');
  });

  it('leaves ETFs, stocks, funds and odd codes alone', () => {
    for (const code of [
      '159915.SZ',
      '510300.SH',
      '588000.SH',
      '600519.SH',
      '161725.OF',
      '16172.SZ',
      '161725',
    ])
      expect(lofFundCode(code)).toBeNull();
  });
});
