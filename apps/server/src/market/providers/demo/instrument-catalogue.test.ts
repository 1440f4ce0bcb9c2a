import { detailRoute, instrumentType, marketBadge } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import {
  catalogueSizes,
  type DemoInstrument,
  defaultDemoSeed,
  generateDemoCatalogue,
  lofListingCode,
} from './instrument-catalogue.ts';
import { toPinyin } from './pinyin.ts';
import { swLevel1Industries } from './sw-industries.ts';

const catalogue = generateDemoCatalogue();
const { instruments } = catalogue;
const ofType = (...types: DemoInstrument['type'][]) =>
  instruments.filter((item) => types.includes(item.type));
const byCode = new Map(instruments.map((item) => [item.code, item]));
// The exchange listings of LOFs (161725.SZ): on-exchange funds, but not ETFs.
const isListing = (item: DemoInstrument) => item.listingOf !== undefined;
const etfs = instruments.filter((item) => item.type === 'fund_onside' && !isListing(item));

describe('demo catalogue sizes', () => {
  it('has at least the counts issue 4 asks for', () => {
    expect(ofType('capital').length).toBeGreaterThanOrEqual(300);
    expect(ofType('hk')).toHaveLength(catalogueSizes.hkStocks);
    expect(ofType('index_hs', 'index_hy', 'index_gn', 'index_hk_hs').length).toBeGreaterThanOrEqual(40);
    expect(etfs).toHaveLength(catalogueSizes.etfs);
    expect(ofType('fund_outside', 'fund_lof')).toHaveLength(catalogueSizes.funds);
    expect(ofType('fund_lof').length).toBeGreaterThanOrEqual(catalogueSizes.lofs);
    // Every LOF adds its exchange listing as an on-exchange fund.
    expect(ofType('fund_onside')).toHaveLength(catalogueSizes.etfs + ofType('fund_lof').length);
  });

  it('has every kind of index', () => {
    for (const type of ['index_hs', 'index_hy', 'index_gn', 'index_hk_hs'] as const) {
      expect(ofType(type).length, type).toBeGreaterThan(0);
    }
    expect(instruments.some((item) => item.code.endsWith('.CSI'))).toBe(true);
  });
});

describe('A-share coverage', () => {
  const stocks = ofType('capital');

  it.each([
    ['600', 'sh'],
    ['601', 'sh'],
    ['603', 'sh'],
    ['605', 'sh'],
    ['000', 'sz'],
    ['001', 'sz'],
    ['002', 'sz'],
    ['003', 'sz'],
    ['688', 'star'],
    ['689', 'star'],
    ['300', 'chinext'],
    ['301', 'chinext'],
  ])('has stocks numbered %s on board %s', (prefix, board) => {
    const members = stocks.filter((item) => item.code.startsWith(prefix));
    expect(members.length).toBeGreaterThan(0);
    for (const item of members) expect(item.board).toBe(board);
  });

  it('has Beijing stocks', () => {
    expect(stocks.filter((item) => item.code.endsWith('.BJ') && item.board === 'bj').length).toBeGreaterThan(
      0,
    );
  });

  it('has the 31 SW level-1 industries, each with several stocks', () => {
    expect(swLevel1Industries).toHaveLength(31);
    expect(new Set(swLevel1Industries.map((industry) => industry.code)).size).toBe(31);
    for (const industry of swLevel1Industries) {
      expect(industry.code).toMatch(/^801\d{3}\.ZSI$/);
      expect(
        stocks.filter((item) => item.industry === industry.code).length,
        industry.name,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives every stock an SW level-1 industry', () => {
    const codes = new Set(swLevel1Industries.map((industry) => industry.code));
    for (const item of stocks) expect(codes.has(item.industry ?? ''), item.code).toBe(true);
  });

  it('lists the SW industries as .ZSI indices under their Chinese names', () => {
    expect(byCode.get('801120.ZSI')?.name).toBe('食品饮料');
    expect(byCode.get('801780.ZSI')?.name).toBe('银行');
    for (const industry of swLevel1Industries) expect(byCode.get(industry.code)?.type).toBe('index_hy');
  });
});

describe('well-known instruments', () => {
  it.each([
    ['600519.SH', '贵州茅台', 'capital'],
    ['000001.SZ', '平安银行', 'capital'],
    ['601318.SH', '中国平安', 'capital'],
    ['600036.SH', '招商银行', 'capital'],
    ['300750.SZ', '宁德时代', 'capital'],
    ['002594.SZ', '比亚迪', 'capital'],
    ['688981.SH', '中芯国际', 'capital'],
    ['000858.SZ', '五粮液', 'capital'],
    ['601398.SH', '工商银行', 'capital'],
    ['600030.SH', '中信证券', 'capital'],
    ['00700.HK', '腾讯控股', 'hk'],
    ['09988.HK', '阿里巴巴-W', 'hk'],
    ['000001.SH', '上证指数', 'index_hs'],
    ['399001.SZ', '深证成指', 'index_hs'],
    ['399006.SZ', '创业板指', 'index_hs'],
    ['000300.SH', '沪深300', 'index_hs'],
    ['000688.SH', '科创50', 'index_hs'],
    ['HSI.HI', '恒生指数', 'index_hk_hs'],
    ['801080.ZSI', '电子', 'index_hy'],
    ['510300.SH', '沪深300ETF', 'fund_onside'],
    ['159915.SZ', '创业板ETF', 'fund_onside'],
    ['005827.OF', '易方达蓝筹精选混合', 'fund_outside'],
    ['161725.OF', '招商中证白酒指数(LOF)', 'fund_lof'],
  ])('%s is %s (%s)', (code, name, type) => {
    const item = byCode.get(code);
    expect(item?.name).toBe(name);
    expect(item?.type).toBe(type);
    expect(item?.generated).toBe(false);
  });

  it('puts the big names in their real industries', () => {
    expect(byCode.get('600519.SH')?.industry).toBe('801120.ZSI');
    expect(byCode.get('000001.SZ')?.industry).toBe('801780.ZSI');
    expect(byCode.get('688981.SH')?.industry).toBe('801080.ZSI');
  });
});

describe('codes and fields', () => {
  it('never repeats a code', () => {
    expect(new Set(instruments.map((item) => item.code)).size).toBe(instruments.length);
  });

  it('never repeats a generated name, nor reuses a real one', () => {
    // An LOF's listing is the same fund under the same name, so listings are left out here.
    const own = instruments.filter((item) => !isListing(item));
    const real = new Set(own.filter((item) => !item.generated).map((item) => item.name));
    const generated = own.filter((item) => item.generated).map((item) => item.name);
    expect(new Set(generated).size).toBe(generated.length);
    for (const name of generated) expect(real.has(name), name).toBe(false);
  });

  it('spells codes as their type requires', () => {
    const patterns: Record<DemoInstrument['type'], RegExp> = {
      capital: /^(60[0135]|68[89]|00[0-3]|30[01])\d{3}\.(SH|SZ)$|^(4|8)\d{5}\.BJ$/,
      hk: /^\d{5}\.HK$/,
      index_hs: /^\d{6}\.(SH|SZ|CSI|BJ)$/,
      index_hy: /^801\d{3}\.ZSI$/,
      index_gn: /^\d{6}\.WI$/,
      index_hk_hs: /^[A-Z]+\.HI$/,
      // ETFs, and LOF listings: 16xxxx in Shenzhen, 50xxxx in Shanghai.
      fund_onside: /^(5[168]\d{4}\.SH|159\d{3}\.SZ|16\d{4}\.SZ|50\d{4}\.SH)$/,
      fund_outside: /^\d{6}\.OF$/,
      fund_lof: /^(16|50)\d{4}\.OF$/,
    };
    for (const item of instruments) expect(item.code, item.type).toMatch(patterns[item.type]);
  });

  it("agrees with the domain's instrument type of each detail route", () => {
    for (const item of instruments) {
      const typeQuery = item.type === 'fund_lof' || item.type === 'fund_onside' ? item.type : null;
      expect(instrumentType(detailRoute(item.type), item.code, typeQuery), item.code).toBe(item.type);
    }
  });

  it("agrees with the domain's market badge, by code alone where the code names a board", () => {
    for (const item of instruments) {
      // An LOF listing is typed as an on-exchange fund; the domain tells it from an ETF by its number.
      expect(marketBadge(item.code, item.type)?.market, item.code).toBe(item.board);
      if (item.type === 'capital') expect(marketBadge(item.code)?.market, item.code).toBe(item.board);
    }
  });

  it('has weekday listing dates no later than BJSE opening, and sane share counts', () => {
    for (const item of instruments) {
      expect(item.listingDate, item.code).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.listingDate <= '2021-11-15', item.code).toBe(true);
      const weekday = new Date(`${item.listingDate}T00:00:00Z`).getUTCDay();
      expect(weekday === 0 || weekday === 6, `${item.code} ${item.listingDate}`).toBe(false);
      if (item.type.startsWith('index')) {
        expect(item.totalShares).toBeNull();
        continue;
      }
      expect(item.totalShares, item.code).toBeGreaterThan(0);
      expect(item.floatShares, item.code).toBeGreaterThan(0);
      expect(item.floatShares ?? 0, item.code).toBeLessThanOrEqual(item.totalShares ?? 0);
    }
  });

  it('lists growth-board stocks only after their boards opened', () => {
    for (const item of ofType('capital')) {
      if (item.code.startsWith('688')) expect(item.listingDate >= '2019-07-22', item.code).toBe(true);
      if (item.code.startsWith('300')) expect(item.listingDate >= '2009-10-30', item.code).toBe(true);
      if (item.code.endsWith('.BJ')) expect(item.listingDate >= '2021-11-15', item.code).toBe(true);
    }
  });

  it('stores the pinyin of each name', () => {
    for (const item of instruments) {
      const { initials, full } = toPinyin(item.name);
      expect([item.pinyinInitials, item.pinyin]).toEqual([initials, full]);
    }
    expect(byCode.get('600519.SH')).toMatchObject({ pinyinInitials: 'gzmt', pinyin: 'guizhoumaotai' });
  });
});

describe('LOF exchange listings', () => {
  const lofs = ofType('fund_lof');

  it('lists every LOF on its exchange under the same number and name', () => {
    expect(lofs.length).toBeGreaterThan(0);
    for (const fund of lofs) {
      const listing = byCode.get(lofListingCode(fund.code));
      expect(listing, fund.code).toMatchObject({
        name: fund.name,
        type: 'fund_onside',
        board: 'lof',
        industry: null,
        listingDate: fund.listingDate,
        generated: fund.generated,
        listingOf: fund.code,
      });
      expect(listing?.floatShares ?? 0).toBeGreaterThan(0);
      expect(listing?.floatShares ?? 0).toBeLessThan(fund.totalShares ?? 0);
    }
    expect(instruments.filter(isListing)).toHaveLength(lofs.length);
  });

  it('maps 16xxxx to Shenzhen and 50xxxx to Shanghai', () => {
    expect(lofListingCode('161725.OF')).toBe('161725.SZ');
    expect(lofListingCode('501018.OF')).toBe('501018.SH');
    expect(byCode.get('161725.SZ')?.name).toBe('招商中证白酒指数(LOF)');
    expect(byCode.get('163406.SZ')?.listingOf).toBe('163406.OF');
  });

  it('puts the listings last, so adding them changed no other instrument', () => {
    const firstListing = instruments.findIndex(isListing);
    expect(instruments.slice(firstListing).every(isListing)).toBe(true);
  });
});

describe('determinism', () => {
  it('builds an identical catalogue from the same seed', () => {
    expect(generateDemoCatalogue(defaultDemoSeed)).toEqual(catalogue);
    expect(generateDemoCatalogue(99)).toEqual(generateDemoCatalogue(99));
  });

  it('changes generated names with the seed but never the well-known instruments', () => {
    const other = generateDemoCatalogue(defaultDemoSeed + 1);
    const realOf = (list: readonly DemoInstrument[]) => list.filter((item) => !item.generated);
    expect(realOf(other.instruments)).toEqual(realOf(instruments));
    const names = (list: readonly DemoInstrument[]) =>
      list.filter((item) => item.generated).map((item) => item.name);
    expect(names(other.instruments)).not.toEqual(names(instruments));
    expect(other.instruments.length).toBe(instruments.length);
  });
});
