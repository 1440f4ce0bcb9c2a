import { describe, expect, it } from 'vitest';
import {
  codeSuffix,
  type DetailPage,
  type DetailRoute,
  detailPage,
  detailRoute,
  detailRoutes,
  fundType,
  type InstrumentType,
  indexType,
  instrumentType,
  instrumentTypes,
  isDetailRoute,
  lofFundCode,
  stockType,
} from './instrument.ts';

describe('instrumentType (spec 1 §2 type derivation)', () => {
  it.each<{
    name: string;
    route: string;
    code: string;
    typeQuery?: string | null;
    expected: InstrumentType | null;
  }>([
    { name: 'stock is capital', route: 'stock', code: '600519.SH', expected: 'capital' },
    { name: 'stock is capital whatever the code', route: 'stock', code: '00700.HK', expected: 'capital' },
    { name: 'stockHk is hk', route: 'stockHk', code: '00700.HK', expected: 'hk' },
    {
      name: 'indexStock with .ZSI is index_hy',
      route: 'indexStock',
      code: '801080.ZSI',
      expected: 'index_hy',
    },
    { name: 'indexStock with .WI is index_gn', route: 'indexStock', code: '884039.WI', expected: 'index_gn' },
    {
      name: 'indexStock with .HI is index_hk_hs',
      route: 'indexStock',
      code: 'HSI.HI',
      expected: 'index_hk_hs',
    },
    {
      name: 'indexStock with .CSI is index_hs',
      route: 'indexStock',
      code: '000985.CSI',
      expected: 'index_hs',
    },
    { name: 'indexStock with .SH is index_hs', route: 'indexStock', code: '000300.SH', expected: 'index_hs' },
    {
      name: 'indexStock with no suffix is index_hs',
      route: 'indexStock',
      code: '000300',
      expected: 'index_hs',
    },
    { name: 'a lower-case suffix is read', route: 'indexStock', code: '801080.zsi', expected: 'index_hy' },
    {
      name: 'fund route: type fund_lof wins over .OF',
      route: 'fundDetails',
      code: '161725.OF',
      typeQuery: 'fund_lof',
      expected: 'fund_lof',
    },
    {
      name: 'fund route: type fund_onside wins over .OF',
      route: 'fundDetails',
      code: '510300.OF',
      typeQuery: 'fund_onside',
      expected: 'fund_onside',
    },
    {
      name: 'fund route: .OF without type is fund_outside',
      route: 'fundDetails',
      code: '000001.OF',
      expected: 'fund_outside',
    },
    {
      name: 'fund route: another type value is ignored',
      route: 'fundDetails',
      code: '510300.SH',
      typeQuery: 'fund_outside',
      expected: 'fund_onside',
    },
    {
      name: 'fund route: an exchange code is fund_onside',
      route: 'fundDetails',
      code: '510300.SH',
      expected: 'fund_onside',
    },
    {
      name: 'etfDetails with an exchange code is fund_onside',
      route: 'etfDetails',
      code: '510300.SH',
      expected: 'fund_onside',
    },
    {
      name: 'etfDetails with an .OF code is a fund route too',
      route: 'etfDetails',
      code: '000001.OF',
      expected: 'fund_outside',
    },
    {
      name: 'etfDetails honours type fund_lof',
      route: 'etfDetails',
      code: '161725.SZ',
      typeQuery: 'fund_lof',
      expected: 'fund_lof',
    },
    { name: 'a route that is no detail page is null', route: 'favorite', code: '600519.SH', expected: null },
    { name: 'home is null', route: 'home', code: '600519.SH', expected: null },
    { name: 'a name with a different case is null', route: 'Stock', code: '600519.SH', expected: null },
  ])('$name', ({ route, code, typeQuery, expected }) => {
    expect(instrumentType(route, code, typeQuery)).toBe(expected);
  });
});

describe('stockType', () => {
  it('reads a Hong Kong stock from .HK and anything else as an A-share', () => {
    expect(stockType('00700.HK')).toBe('hk');
    expect(stockType('00700.hk')).toBe('hk');
    expect(stockType('600519.SH')).toBe('capital');
    expect(stockType('600519')).toBe('capital');
  });
});

describe('fundType', () => {
  it('reads an off-exchange fund from .OF and an exchange code as exchange-traded', () => {
    expect(fundType('005827.OF')).toBe('fund_outside');
    expect(fundType('510300.SH')).toBe('fund_onside');
    expect(fundType('159915.SZ')).toBe('fund_onside');
  });
});

describe('indexType', () => {
  it('is the type the index page derives from the code', () => {
    for (const code of ['801080.ZSI', '884039.WI', 'HSI.HI', '000300.SH', '000985.CSI'])
      expect(indexType(code)).toBe(instrumentType('indexStock', code));
  });
});

describe('detailRoute (spec 1 §3)', () => {
  it.each<{ type: InstrumentType; expected: DetailRoute }>([
    { type: 'capital', expected: 'stock' },
    { type: 'hk', expected: 'stockHk' },
    { type: 'index_hs', expected: 'indexStock' },
    { type: 'index_hy', expected: 'indexStock' },
    { type: 'index_hk_hs', expected: 'indexStock' },
    { type: 'index_gn', expected: 'indexStock' },
    { type: 'fund_outside', expected: 'fundDetails' },
    { type: 'fund_onside', expected: 'fundDetails' },
    { type: 'fund_lof', expected: 'fundDetails' },
  ])('$type opens $expected', ({ type, expected }) => {
    expect(detailRoute(type)).toBe(expected);
  });

  it('covers every instrument type', () => {
    expect(instrumentTypes.map(detailRoute)).toHaveLength(9);
  });

  // A code whose suffix selects the type on its detail page; the others derive from the route or query.
  const codeFor: Partial<Record<InstrumentType, string>> = {
    index_hy: '801080.ZSI',
    index_gn: '884039.WI',
    index_hk_hs: 'HSI.HI',
    fund_outside: '000001.OF',
  };

  it.each(instrumentTypes)('the page for %s derives the same type back', (type) => {
    const code = codeFor[type];
    const typeQuery = type === 'fund_lof' || type === 'fund_onside' ? type : null;
    expect(instrumentType(detailRoute(type), code ?? '600519.SH', typeQuery)).toBe(type);
  });
});

describe('detailPage (spec 1 §2, §3)', () => {
  it.each<{ name: string; code: string; type: InstrumentType; expected: DetailPage }>([
    {
      name: 'an A-share opens stock',
      code: '600519.SH',
      type: 'capital',
      expected: { route: 'stock', code: '600519.SH' },
    },
    {
      name: 'a Hong Kong stock opens stockHk',
      code: '00700.HK',
      type: 'hk',
      expected: { route: 'stockHk', code: '00700.HK' },
    },
    {
      name: 'an index opens indexStock',
      code: '801080.ZSI',
      type: 'index_hy',
      expected: { route: 'indexStock', code: '801080.ZSI' },
    },
    {
      name: 'an off-exchange fund opens fundDetails',
      code: '005827.OF',
      type: 'fund_outside',
      expected: { route: 'fundDetails', code: '005827.OF' },
    },
    {
      name: 'an ETF opens etfDetails (spec 1 §2)',
      code: '510300.SH',
      type: 'fund_onside',
      expected: { route: 'etfDetails', code: '510300.SH' },
    },
    {
      name: "an LOF's exchange listing opens the fund under its fund code",
      code: '161725.SZ',
      type: 'fund_onside',
      expected: { route: 'fundDetails', code: '161725.OF', fundType: 'fund_lof' },
    },
    {
      name: 'an LOF opens fundDetails with its type',
      code: '161725.OF',
      type: 'fund_lof',
      expected: { route: 'fundDetails', code: '161725.OF', fundType: 'fund_lof' },
    },
  ])('$name', ({ code, type, expected }) => {
    expect(detailPage(code, type)).toEqual(expected);
  });

  it.each(instrumentTypes)('the page for %s reads the same type back from its route and query', (type) => {
    const code: Partial<Record<InstrumentType, string>> = {
      index_hy: '801080.ZSI',
      index_gn: '884039.WI',
      index_hk_hs: 'HSI.HI',
      fund_outside: '000001.OF',
      fund_lof: '161725.OF',
    };
    const page = detailPage(code[type] ?? '510300.SH', type);
    expect(instrumentType(page.route, page.code, page.fundType)).toBe(type);
  });
});

describe('isDetailRoute', () => {
  it.each(detailRoutes)('%s is a detail page', (route) => {
    expect(isDetailRoute(route)).toBe(true);
  });

  it.each(['home', 'favorite', 'stock-picker', 'financialReportPreview', 'stockHK', ''])(
    '%j is not',
    (route) => {
      expect(isDetailRoute(route)).toBe(false);
    },
  );
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
