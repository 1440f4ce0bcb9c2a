/**
 * The full universe (issue 15 §8): the real market's size over every board and code range, names that
 * read like real ones, sizes and turnover that add up to the real 两市 amount, and the real index
 * families at their real sizes. Everything here is computed from the catalogue and the profiles
 * alone; no price history is generated.
 */
import { detailRoute, instrumentType, marketBadge } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { fullUniverseSizes, latestExtensionListingDate, parseCatalogueWords } from './catalogue-extension.ts';
import words from './catalogue-words.json' with { type: 'json' };
import {
  fundCompanies,
  fundCompanyOf,
  fundIndexOf,
  indexMembership,
  priceProfile,
  trackedIndex,
} from './demo-profiles.ts';
import { type DemoInstrument, defaultDemoSeed, generateDemoCatalogue } from './instrument-catalogue.ts';
import { hasReading, toPinyin } from './pinyin.ts';
import { swLevel1Industries } from './sw-industries.ts';

const seed = defaultDemoSeed;
const started = performance.now();
const full = generateDemoCatalogue(seed, 'full');
const elapsed = performance.now() - started;
const compact = generateDemoCatalogue(seed, 'compact');
const { instruments } = full;
const extension = instruments.filter((item) => !item.core);
const byCode = new Map(instruments.map((item) => [item.code, item]));
const isListing = (item: DemoInstrument) => item.listingOf !== undefined;
const ofType = (...types: DemoInstrument['type'][]) =>
  instruments.filter((item) => types.includes(item.type));
const aShares = ofType('capital');
const hkStocks = ofType('hk');
const etfs = ofType('fund_onside').filter((item) => !isListing(item));
const funds = ofType('fund_outside', 'fund_lof');
const indices = instruments.filter((item) => item.type.startsWith('index_'));
const yi = 1e8;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const totalCap = (item: DemoInstrument) => (item.referencePrice ?? 0) * (item.totalShares ?? 0);
const floatValue = (item: DemoInstrument) => (item.referencePrice ?? 0) * (item.floatShares ?? 0);

describe('the full universe contains the compact one', () => {
  it('starts with the compact catalogue, instrument for instrument, and marks the rest not core', () => {
    expect(instruments.slice(0, compact.instruments.length)).toEqual(compact.instruments);
    expect(extension).toHaveLength(instruments.length - compact.instruments.length);
    expect(instruments.slice(compact.instruments.length).every((item) => !item.core)).toBe(true);
    expect(full.universe).toBe('full');
    expect(compact.universe).toBe('compact');
  });

  it('is deterministic, and a new seed changes generated names but no real instrument', () => {
    expect(generateDemoCatalogue(seed, 'full').instruments).toEqual(instruments);
    const other = generateDemoCatalogue(seed + 1, 'full').instruments;
    const real = (list: readonly DemoInstrument[]) => list.filter((item) => !item.generated);
    expect(real(other)).toEqual(real(instruments));
    const names = (list: readonly DemoInstrument[]) =>
      list.filter((item) => !item.core).map((item) => item.name);
    expect(names(other)).not.toEqual(names(instruments));
  });

  it(`builds in well under a second (${elapsed.toFixed(0)} ms here)`, () => {
    // The bound is loose because test machines are shared; a full build measures 0.2–0.5 s of CPU.
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('sizes of the real market', () => {
  const onBoard = (...prefixes: string[]) =>
    aShares.filter((item) => prefixes.some((prefix) => item.code.startsWith(prefix))).length;

  it('has about 5,400 A-shares over every board in the real proportions', () => {
    expect(aShares.length).toBeGreaterThanOrEqual(5000);
    expect(aShares.length).toBeLessThanOrEqual(5800);
    const shMain = onBoard('600', '601', '603', '605');
    const szMain = onBoard('000', '001', '002', '003');
    const chinext = onBoard('300', '301');
    const star = onBoard('688', '689');
    const beijing = aShares.filter((item) => item.code.endsWith('.BJ')).length;
    expect(shMain).toBeGreaterThan(1600);
    expect(shMain).toBeLessThan(1850);
    expect(szMain).toBeGreaterThan(1400);
    expect(szMain).toBeLessThan(1600);
    expect(chinext).toBeGreaterThan(1300);
    expect(chinext).toBeLessThan(1450);
    expect(star).toBeGreaterThan(550);
    expect(star).toBeLessThan(650);
    expect(beijing).toBeGreaterThan(240);
    expect(beijing).toBeLessThan(300);
    for (const prefix of ['600', '601', '603', '605', '000', '001', '002', '003', '300', '301', '688', '689'])
      expect(onBoard(prefix), prefix).toBeGreaterThan(0);
    for (const prefix of ['43', '83', '87', '920'])
      expect(
        aShares.filter((item) => item.code.startsWith(prefix) && item.code.endsWith('.BJ')).length,
      ).toBeGreaterThan(0);
  });

  it('has the Hong Kong, ETF and fund counts of the real market', () => {
    expect(hkStocks.length).toBeGreaterThanOrEqual(2500);
    expect(etfs.length).toBeGreaterThanOrEqual(900);
    expect(funds.length).toBeGreaterThanOrEqual(10_000);
    expect(hkStocks).toHaveLength(fullUniverseSizes.hkStocks);
    expect(etfs).toHaveLength(fullUniverseSizes.etfs);
    expect(funds).toHaveLength(fullUniverseSizes.funds);
    expect(ofType('fund_lof')).toHaveLength(fullUniverseSizes.lofs);
  });

  it('lists every LOF on its exchange, the listings of the extension after it', () => {
    const lofs = ofType('fund_lof');
    const listings = instruments.filter(isListing);
    expect(listings).toHaveLength(lofs.length);
    for (const fund of lofs) {
      const listing = listings.find((item) => item.listingOf === fund.code);
      expect(listing?.name, fund.code).toBe(fund.name);
      expect(listing?.core, fund.code).toBe(fund.core);
    }
    const firstExtensionListing = instruments.findIndex((item) => isListing(item) && !item.core);
    expect(instruments.slice(firstExtensionListing).every(isListing)).toBe(true);
  });
});

describe('codes and names', () => {
  it('never repeats a code', () => {
    expect(new Set(instruments.map((item) => item.code)).size).toBe(instruments.length);
  });

  it('never repeats a generated name, nor reuses a real one', () => {
    // Real A+H companies (中国平安) carry one name on both markets, and an LOF's listing its fund's.
    const own = instruments.filter((item) => !isListing(item));
    const real = new Set(own.filter((item) => !item.generated).map((item) => item.name));
    const generated = own.filter((item) => item.generated).map((item) => item.name);
    expect(generated.length - new Set(generated).size).toBe(0);
    expect(generated.filter((name) => real.has(name))).toEqual([]);
  });

  it('spells every code in its real range', () => {
    const patterns: Record<DemoInstrument['type'], RegExp> = {
      capital: /^(60[0135]|68[89]|00[0-3]|30[01])\d{3}\.(SH|SZ)$|^(43|83|87|920)\d{3,4}\.BJ$/,
      hk: /^\d{5}\.HK$/,
      index_hs: /^\d{6}\.(SH|SZ|CSI|BJ)$/,
      index_hy: /^801\d{3}\.ZSI$/,
      index_gn: /^\d{6}\.WI$/,
      index_hk_hs: /^[A-Z]+\.HI$/,
      fund_onside: /^(5[168]\d{4}\.SH|159\d{3}\.SZ|16\d{4}\.SZ|50\d{4}\.SH)$/,
      fund_outside: /^\d{6}\.OF$/,
      fund_lof: /^(16|50)\d{4}\.OF$/,
    };
    for (const item of instruments) expect(item.code, item.type).toMatch(patterns[item.type]);
    for (const item of ofType('fund_outside'))
      expect(/^(16|50)/.test(item.code), `${item.code} takes an LOF number`).toBe(false);
    // Shanghai codes on the right board, and the young ranges not past their real ends.
    for (const item of aShares) {
      if (item.code.startsWith('688')) expect(item.board).toBe('star');
      if (item.code.startsWith('30')) expect(item.board).toBe('chinext');
    }
  });

  it("agrees with the domain's instrument types and market badges", () => {
    for (const item of extension) {
      const typeQuery = item.type === 'fund_lof' || item.type === 'fund_onside' ? item.type : null;
      expect(instrumentType(detailRoute(item.type), item.code, typeQuery), item.code).toBe(item.type);
      expect(marketBadge(item.code, item.type)?.market, item.code).toBe(item.board);
    }
  });

  it('names companies as real short names read: trade name and industry word, four to six characters', () => {
    const generated = aShares.filter((item) => !item.core);
    for (const item of generated) expect(item.name, item.code).toMatch(/^\p{Script=Han}{4,6}$/u);
    // Industry words fit the industry: a bank is a bank, a broker or insurer is not called 制药.
    for (const item of generated.filter((stock) => stock.industry === '801780.ZSI'))
      expect(item.name).toMatch(/银行|农商行$/);
    for (const item of generated.filter((stock) => stock.industry !== '801780.ZSI'))
      expect(item.name, item.code).not.toMatch(/银行$/);
  });

  it('names funds by their company, and A and C classes share a stem on consecutive codes', () => {
    const generatedFunds = funds.filter((item) => !item.core);
    const companies = new Set(fundCompanies);
    for (const fund of generatedFunds) {
      expect(companies.has(fundCompanyOf(seed, fund)), fund.name).toBe(true);
      expect(
        fund.name.startsWith(fundCompanyOf(seed, fund)) || /^(兴全|交银|工银)/.test(fund.name),
        fund.name,
      ).toBe(true);
    }
    const classA = generatedFunds.filter((fund) => fund.name.endsWith('A'));
    expect(classA.length).toBeGreaterThan(3000);
    for (const fund of classA) {
      const number = Number(fund.code.slice(0, 6));
      const classC = byCode.get(`${String(number + 1).padStart(6, '0')}.OF`);
      expect(classC?.name, fund.name).toBe(`${fund.name.slice(0, -1)}C`);
      expect(classC?.listingDate).toBe(fund.listingDate);
    }
  });

  it('gives fund companies their real weight: the largest few run a third of the funds', () => {
    const perCompany = new Map<string, number>();
    for (const fund of funds) {
      const company = fundCompanyOf(seed, fund);
      perCompany.set(company, (perCompany.get(company) ?? 0) + 1);
    }
    const counts = [...perCompany.values()].sort((a, b) => b - a);
    expect(perCompany.size).toBeGreaterThan(50);
    const topTen = counts.slice(0, 10).reduce((sum, count) => sum + count, 0);
    expect(topTen / funds.length).toBeGreaterThan(0.3);
    expect(topTen / funds.length).toBeLessThan(0.55);
  });

  it('knows the pinyin of every name, and of every word a name may be made of', () => {
    for (const item of extension) expect(toPinyin(item.name).unknown, item.name).toEqual([]);
    const { about: _about, ...lists } = words;
    const han = [...JSON.stringify(lists)].filter((character) => /\p{Script=Han}/u.test(character));
    expect([...new Set(han.filter((character) => !hasReading(character)))]).toEqual([]);
  });

  it('reads a well-formed word file (the server reads it unchecked), and refuses a malformed edit', () => {
    expect(parseCatalogueWords(words)).toEqual(words);
    expect(() =>
      parseCatalogueWords({ ...words, tradeNameHeads: [...words.tradeNameHeads, '两字'] }),
    ).toThrow();
    expect(() => parseCatalogueWords({ ...words, etfThemes: [['半导体', '', -1]] })).toThrow();
  });
});

describe('listing dates', () => {
  it('lists on weekdays, after each board opened, by the extension’s last listing day', () => {
    for (const item of extension) {
      const weekday = new Date(`${item.listingDate}T00:00:00Z`).getUTCDay();
      expect(weekday === 0 || weekday === 6, `${item.code} ${item.listingDate}`).toBe(false);
      expect(item.listingDate <= latestExtensionListingDate, item.code).toBe(true);
    }
    for (const item of aShares) {
      if (item.code.startsWith('688')) expect(item.listingDate >= '2019-07-22', item.code).toBe(true);
      if (item.code.startsWith('30')) expect(item.listingDate >= '2009-10-30', item.code).toBe(true);
      if (item.code.endsWith('.BJ')) expect(item.listingDate >= '2021-11-15', item.code).toBe(true);
      if (item.code.startsWith('920')) expect(item.listingDate >= '2024-07-01', item.code).toBe(true);
    }
  });

  it('has the recent listings of the registration era, most of them on the growth boards', () => {
    const recent = aShares.filter((item) => item.listingDate > '2021-11-15');
    expect(recent.length).toBeGreaterThan(600);
    const growth = recent.filter((item) => ['chinext', 'star', 'bj'].includes(item.board));
    expect(growth.length / recent.length).toBeGreaterThan(0.7);
  });
});

describe('companies of believable size', () => {
  it('has every SW level-1 industry in realistic proportions', () => {
    const count = (code: string) => aShares.filter((item) => item.industry === code).length;
    for (const industry of swLevel1Industries)
      expect(count(industry.code), industry.name).toBeGreaterThan(15);
    // 机械设备, 电子, 医药生物 and 基础化工 are the largest; banks are few but large.
    for (const code of ['801890.ZSI', '801080.ZSI', '801150.ZSI', '801030.ZSI'])
      expect(count(code), code).toBeGreaterThan(350);
    expect(count('801780.ZSI')).toBeLessThan(60);
    const banks = aShares.filter((item) => item.industry === '801780.ZSI');
    expect(median(banks.map(totalCap))).toBeGreaterThan(5 * median(aShares.map(totalCap)));
  });

  it('has a long tail of small caps: median total value 50–80亿, about 40% under 50亿', () => {
    const caps = aShares.map(totalCap);
    expect(median(caps)).toBeGreaterThan(50 * yi);
    expect(median(caps)).toBeLessThan(80 * yi);
    const small = caps.filter((cap) => cap < 50 * yi).length / caps.length;
    expect(small).toBeGreaterThan(0.33);
    expect(small).toBeLessThan(0.47);
    expect(Math.max(...aShares.filter((item) => item.generated).map(totalCap))).toBeLessThanOrEqual(3e11);
  });

  it('prices STAR and ChiNext dearer than the main board, and no A-share below 2.5 yuan', () => {
    const priceOn = (...boards: string[]) =>
      median(aShares.filter((item) => boards.includes(item.board)).map((item) => item.referencePrice ?? 0));
    expect(priceOn('star')).toBeGreaterThan(priceOn('sh', 'sz'));
    expect(priceOn('chinext')).toBeGreaterThan(priceOn('sh', 'sz'));
    expect(Math.min(...aShares.map((item) => item.referencePrice ?? 0))).toBeGreaterThanOrEqual(2.5);
  });

  it('has Hong Kong small caps in the long tail', () => {
    const caps = hkStocks.map(totalCap);
    expect(median(caps)).toBeLessThan(50 * yi);
    expect(hkStocks.filter((item) => (item.referencePrice ?? 0) < 1).length).toBeGreaterThan(500);
  });

  it('turns over 0.8–2万亿 a day on the two mainland exchanges', () => {
    // Σ reference price × float shares × expected daily turnover rate (priceProfile.turnover).
    const amount = aShares.reduce(
      (sum, item) => sum + floatValue(item) * priceProfile(seed, item).turnover,
      0,
    );
    console.info(`两市 expected amount: ${(amount / 1e12).toFixed(2)}万亿 over ${aShares.length} A-shares`);
    expect(amount).toBeGreaterThan(0.8e12);
    expect(amount).toBeLessThan(2e12);
  });
});

describe('index families at full size', () => {
  const membersOf = (code: string) => {
    const index = byCode.get(code);
    if (!index) throw new Error(`no index ${code}`);
    return indexMembership(index, aShares, hkStocks, seed, floatValue);
  };
  const codes = (list: readonly DemoInstrument[]) => new Set(list.map((item) => item.code));

  it.each([
    ['000300.SH', 300],
    ['000905.SH', 500],
    ['000852.SH', 1000],
    ['932000.CSI', 2000],
    ['000906.SH', 800],
    ['000510.SH', 500],
    ['000016.SH', 50],
    ['000010.SH', 180],
    ['000009.SH', 380],
    ['000688.SH', 50],
    ['000698.SH', 100],
    ['399006.SZ', 100],
    ['399673.SZ', 50],
    ['399001.SZ', 500],
    ['399330.SZ', 100],
    ['899050.BJ', 50],
    ['000922.CSI', 100],
    ['930050.CSI', 50],
    ['HSI.HI', 85],
    ['HSTECH.HI', 30],
  ])('%s holds %i members', (code, size) => {
    expect(membersOf(code)).toHaveLength(size);
  });

  it('builds 沪深300, 中证500, 中证1000 and 中证2000 from consecutive size bands', () => {
    const csi300 = membersOf('000300.SH');
    const csi500 = membersOf('000905.SH');
    const csi1000 = membersOf('000852.SH');
    const csi2000 = membersOf('932000.CSI');
    const smallest300 = Math.min(...csi300.map(floatValue));
    expect(Math.max(...csi500.map(floatValue))).toBeLessThanOrEqual(smallest300);
    expect(Math.max(...csi1000.map(floatValue))).toBeLessThanOrEqual(Math.min(...csi500.map(floatValue)));
    expect(Math.max(...csi2000.map(floatValue))).toBeLessThanOrEqual(Math.min(...csi1000.map(floatValue)));
    const all = [...csi300, ...csi500, ...csi1000, ...csi2000];
    expect(codes(all).size).toBe(all.length);
    expect(all.some((item) => item.board === 'bj')).toBe(false);
    for (const code of ['600519.SH', '300750.SZ', '601318.SH'])
      expect(codes(csi300).has(code), code).toBe(true);
  });

  it('holds every Shanghai stock in 上证指数 and only STAR stocks in 科创50', () => {
    expect(membersOf('000001.SH')).toHaveLength(aShares.filter((item) => item.code.endsWith('.SH')).length);
    for (const item of membersOf('000688.SH')) expect(item.board).toBe('star');
    for (const item of membersOf('399006.SZ')) expect(item.board).toBe('chinext');
    for (const item of membersOf('899050.BJ')) expect(item.board).toBe('bj');
  });

  it('gives every index of the catalogue members, and theme indices stocks of their theme', () => {
    for (const index of indices.filter((item) => item.type !== 'index_hy'))
      expect(membersOf(index.code).length, `${index.code} ${index.name}`).toBeGreaterThanOrEqual(10);
    for (const item of membersOf('399986.SZ')) expect(item.industry).toBe('801780.ZSI');
    for (const item of membersOf('399967.SZ')) expect(item.industry).toBe('801740.ZSI');
  });

  it('links every ETF and index fund to an index of the catalogue', () => {
    const indexCodes = new Set(indices.map((item) => item.code));
    const industries = indices
      .filter((item) => item.type === 'index_hy')
      .map((item) => ({ code: item.code, name: item.name }));
    for (const etf of etfs.filter((item) => !item.core)) {
      expect(trackedIndex(etf, indexCodes, industries), etf.name).toBe(etf.tracks);
      expect(indexCodes.has(etf.tracks ?? ''), etf.name).toBe(true);
    }
    const indexFunds = funds.filter((item) => !item.core && /指数|ETF联接/.test(item.name));
    expect(indexFunds.length).toBeGreaterThan(1000);
    for (const fund of indexFunds) expect(indexCodes.has(fundIndexOf(fund) ?? ''), fund.name).toBe(true);
  });

  it('has 159919.SZ as the real 嘉实沪深300ETF, following 沪深300', () => {
    const etf = byCode.get('159919.SZ');
    expect(etf).toMatchObject({
      name: '嘉实沪深300ETF',
      type: 'fund_onside',
      tracks: '000300.SH',
      generated: false,
    });
    expect(fundCompanyOf(seed, etf as DemoInstrument)).toBe('嘉实');
  });
});
