/**
 * The demo instrument master (issue 4, Data 1–2): well-known instruments with their real codes and names,
 * filled out with generated ones to the sizes the demo market needs. Generation is deterministic: the
 * same seed always yields the same catalogue, and well-known instruments never depend on the seed.
 * Two universes: 'compact' (about 600 instruments, pinned by compact-universe.test.ts) and 'full', the
 * real market's size (issue 15 §8), which is the compact one followed by catalogue-extension.ts.
 */

import type { BadgeMarket, InstrumentType } from '@zhicai/domain';
import { generateCatalogueExtension } from './catalogue-extension.ts';
import {
  type BoardPlan,
  etfFirstListing,
  generatedHkPrice,
  generatedStockSize,
  lofListing,
  randomDate,
  randomLogUniform,
  roundShares,
  toPinyinFields,
  type UnclassifiedInstrument,
  uniqueCode,
  uniqueName,
  withSwLevels,
} from './catalogue-fields.ts';
import type { DemoInstrument } from './demo-instrument.ts';
import { hashString, mulberry32, pick, type Random, randomInt } from './prng.ts';
import { industryNameWords, type SwIndustry, swLevel1Industries } from './sw-industries.ts';
import { wellKnownCompanies } from './well-known-companies.ts';
import {
  type WellKnownInstrument,
  wellKnownAShares,
  wellKnownEtfs,
  wellKnownFunds,
  wellKnownHkStocks,
  wellKnownIndices,
} from './well-known-instruments.ts';

/**
 * Which universe a catalogue holds: 'compact' is the small market of issue 4 (about 600 instruments,
 * fixed forever because stored markets and tests depend on it); 'full' is the real market's size
 * (issue 15 §8): the compact instruments, unchanged and first, followed by an extension.
 */
export type DemoUniverse = 'compact' | 'full';

export type { DemoInstrument };

export interface DemoCatalogue {
  seed: number;
  universe: DemoUniverse;
  industries: readonly SwIndustry[];
  instruments: readonly DemoInstrument[];
}

export const defaultDemoSeed = 20_190_722;

/**
 * The compact universe's sizes, per kind; its catalogue generates fill up to them (today's 320
 * A-shares turn over about 1,600亿 a day). The full universe's sizes are catalogue-extension.ts's
 * fullUniverseSizes; at its ~5,470 A-shares the turnover model (demo-profiles.ts stockTurnover)
 * puts the 两市 amount at about 1.24万亿 a day (full-universe.test.ts).
 */
export const catalogueSizes = {
  aShares: 320,
  hkStocks: 50,
  indices: 40,
  etfs: 60,
  funds: 100,
  lofs: 15,
} as const;

// Nothing in the compact universe lists after the Beijing Stock Exchange opened (2021-11-15), so by
// late 2026 every compact instrument has the five years of daily bars the demo market promises. The
// full universe's extension lists until latestExtensionListingDate, as the real market did.
const latestListingDate = '2021-11-15';

// Every board and code range gets generated stocks, so the board coverage never depends on the seed.
const boardPlans: readonly BoardPlan[] = [
  {
    prefixes: ['600'],
    exchange: 'SH',
    board: 'sh',
    count: 30,
    firstListing: '1990-12-19',
    medianCap: 8e9,
    medianPrice: 11,
  },
  {
    prefixes: ['601'],
    exchange: 'SH',
    board: 'sh',
    count: 20,
    firstListing: '2003-01-06',
    medianCap: 2.5e10,
    medianPrice: 8,
  },
  {
    prefixes: ['603'],
    exchange: 'SH',
    board: 'sh',
    count: 26,
    firstListing: '2011-01-01',
    medianCap: 5e9,
    medianPrice: 18,
  },
  {
    prefixes: ['605'],
    exchange: 'SH',
    board: 'sh',
    count: 8,
    firstListing: '2020-01-01',
    medianCap: 4.5e9,
    medianPrice: 20,
  },
  {
    prefixes: ['000'],
    exchange: 'SZ',
    board: 'sz',
    count: 20,
    firstListing: '1991-04-03',
    medianCap: 7e9,
    medianPrice: 10,
  },
  {
    prefixes: ['001'],
    exchange: 'SZ',
    board: 'sz',
    count: 6,
    firstListing: '2016-01-01',
    medianCap: 5e9,
    medianPrice: 20,
  },
  {
    prefixes: ['002'],
    exchange: 'SZ',
    board: 'sz',
    count: 40,
    firstListing: '2004-06-25',
    medianCap: 6e9,
    medianPrice: 13,
  },
  {
    prefixes: ['003'],
    exchange: 'SZ',
    board: 'sz',
    count: 6,
    firstListing: '2020-01-01',
    medianCap: 5e9,
    medianPrice: 20,
  },
  {
    prefixes: ['688'],
    exchange: 'SH',
    board: 'star',
    count: 25,
    firstListing: '2019-07-22',
    medianCap: 7e9,
    medianPrice: 35,
  },
  {
    prefixes: ['689'],
    exchange: 'SH',
    board: 'star',
    count: 2,
    firstListing: '2020-10-29',
    medianCap: 1e10,
    medianPrice: 40,
  },
  {
    prefixes: ['300'],
    exchange: 'SZ',
    board: 'chinext',
    count: 30,
    firstListing: '2009-10-30',
    medianCap: 5e9,
    medianPrice: 22,
  },
  {
    prefixes: ['301'],
    exchange: 'SZ',
    board: 'chinext',
    count: 10,
    firstListing: '2020-08-24',
    medianCap: 4e9,
    medianPrice: 30,
  },
  // Beijing codes come from the old NEEQ ranges: 43xxxx, 83xxxx and 87xxxx.
  {
    prefixes: ['430', '831', '833', '836', '839', '870', '872'],
    exchange: 'BJ',
    board: 'bj',
    count: 14,
    firstListing: '2021-11-15',
    medianCap: 2e9,
    medianPrice: 15,
  },
];

// First halves of generated company names: places and auspicious words, as real short names use.
const companyPrefixes: readonly string[] = [
  '华信',
  '东越',
  '中瑞',
  '金达',
  '天润',
  '宏远',
  '恒通',
  '新元',
  '安泰',
  '瑞丰',
  '长盛',
  '永鑫',
  '联创',
  '博远',
  '中晟',
  '海越',
  '鼎泰',
  '嘉和',
  '正源',
  '同创',
  '明德',
  '华岳',
  '广宇',
  '开元',
  '星辰',
  '凯盛',
  '远航',
  '德润',
  '金桥',
  '泰和',
  '中鼎',
  '昊天',
  '南岭',
  '北辰',
  '西部',
  '江海',
  '青山',
  '融汇',
  '浙东',
  '苏南',
];

const hkNameWords: readonly string[] = ['控股', '集团', '国际', '实业', '发展', '资源', '科技'];

const fundCompanies: readonly string[] = [
  '华夏',
  '易方达',
  '南方',
  '嘉实',
  '博时',
  '广发',
  '汇添富',
  '富国',
  '招商',
  '工银瑞信',
  '天弘',
  '鹏华',
  '景顺长城',
  '中欧',
  '兴全',
  '银华',
  '国泰',
  '华泰柏瑞',
];
const fundThemes: readonly string[] = [
  '消费升级',
  '医疗健康',
  '科技创新',
  '新能源',
  '价值精选',
  '成长优选',
  '蓝筹优选',
  '红利',
  '均衡配置',
  '稳健增利',
  '高端制造',
  '先进制造',
  '核心资产',
  '品质生活',
  '港股通',
  '研究精选',
  '数字经济',
  '产业升级',
];
const fundStyles: readonly string[] = ['混合', '股票', '灵活配置混合', '债券', '指数增强'];
const indexThemes: readonly string[] = [
  '中证白酒',
  '中证医疗',
  '中证军工',
  '中证银行',
  '中证传媒',
  '中证环保',
  '中证煤炭',
  '中证红利',
  '中证新能源',
  '中证消费',
  '中证全指证券',
  '沪深300',
  '中证500',
  '创业板',
];
const etfThemes: readonly string[] = [
  '红利',
  '消费',
  '医药',
  '科技',
  '有色',
  '煤炭',
  '钢铁',
  '保险',
  '传媒',
  '游戏',
  '通信',
  '计算机',
  '软件',
  '光伏',
  '新能源',
  '储能',
  '电池',
  '汽车',
  '家电',
  '食品',
  '农业',
  '畜牧',
  '化工',
  '建材',
  '基建',
  '地产',
  '旅游',
  '物流',
  '环保',
  '电力',
  '央企',
  '国企',
  '红利低波',
  '中证A500',
  '机器人',
];

export { lofListingCode } from './catalogue-fields.ts';

/**
 * Builds the whole demo catalogue for a seed and universe. Pure: no clock, no I/O, no Math.random.
 * The full universe is the compact catalogue, instrument for instrument, followed by its extension
 * (catalogue-extension.ts), which draws from a stream of its own so the compact part never moves;
 * `core` tells the two apart.
 */
export function generateDemoCatalogue(
  seed: number = defaultDemoSeed,
  universe: DemoUniverse = 'compact',
): DemoCatalogue {
  const compact = generateCompactCatalogue(seed);
  if (universe === 'compact') return compact;
  const extension = generateCatalogueExtension(seed, compact.instruments);
  return { ...compact, universe, instruments: [...compact.instruments, ...extension] };
}

function generateCompactCatalogue(seed: number): DemoCatalogue {
  const random = mulberry32(seed);
  const usedCodes = new Set<string>();
  const usedNames = new Set<string>();
  const instruments: DemoInstrument[] = [];
  // Kept as instruments are added: the fill loops ask after every addition.
  const typeCounts = new Map<InstrumentType, number>();
  const count = (type: InstrumentType) => typeCounts.get(type) ?? 0;

  const add = (instrument: UnclassifiedInstrument): void => {
    usedCodes.add(instrument.code);
    usedNames.add(instrument.name);
    instruments.push(withSwLevels(instrument, true));
    typeCounts.set(instrument.type, count(instrument.type) + 1);
  };
  // Every real code is reserved before generation starts, so fill never takes one of them.
  const wellKnown = [
    wellKnownAShares,
    wellKnownHkStocks,
    wellKnownIndices,
    wellKnownEtfs,
    wellKnownFunds,
  ].flat();
  for (const item of wellKnown) {
    usedCodes.add(item.code);
    usedNames.add(item.name);
  }

  // A-shares: the well-known ones, then generated fill spread over every board and industry.
  for (const item of wellKnownAShares) add(fromWellKnown(item, stockBoard(item.code), 'stock'));
  let industryTurn = 0;
  for (const plan of boardPlans) {
    for (let i = 0; i < plan.count; i += 1) {
      // Round-robin industries (offset by the seed) so each of the 31 has several generated members.
      const industry = swLevel1Industries[(industryTurn + (seed >>> 0)) % swLevel1Industries.length];
      industryTurn += 1;
      if (!industry) throw new Error('industry table is empty');
      const words = industryNameWords[industry.code] ?? [];
      const name = uniqueName(usedNames, () => pick(random, companyPrefixes) + pick(random, words));
      const code = uniqueCode(usedCodes, () => {
        const prefix = pick(random, plan.prefixes);
        return `${prefix}${String(randomInt(random, 0, 999)).padStart(3, '0')}.${plan.exchange}`;
      });
      // The catalogue's stream once drew the share count here and the float after the listing date.
      // Sizes now come from a stream of their own (generatedStockSize); the two draws stay so that
      // every later name and code, and so every generated instrument, is what it was.
      random();
      const listingDate = randomDate(random, plan.firstListing, latestListingDate);
      random();
      add({
        code,
        name,
        type: 'capital',
        board: plan.board,
        industry: industry.code,
        listingDate,
        ...generatedStockSize(seed, code, plan, listingDate),
        ...toPinyinFields(name),
        generated: true,
      });
    }
  }

  // Hong Kong stocks: five-digit codes.
  for (const item of wellKnownHkStocks) add(fromWellKnown(item, 'hk', 'stock'));
  while (count('hk') < catalogueSizes.hkStocks) {
    const name = uniqueName(usedNames, () => pick(random, companyPrefixes) + pick(random, hkNameWords));
    const code = uniqueCode(usedCodes, () => `${String(randomInt(random, 100, 9999)).padStart(5, '0')}.HK`);
    const totalShares = roundShares(randomLogUniform(random, 5e8, 2e10));
    add({
      code,
      name,
      type: 'hk',
      board: 'hk',
      industry: null,
      listingDate: randomDate(random, '1986-04-02', latestListingDate),
      totalShares,
      // Hong Kong has no A-share style lock-ups in this demo: every issued share trades.
      floatShares: totalShares,
      referencePrice: generatedHkPrice(seed, code),
      ...toPinyinFields(name),
      generated: true,
    });
  }

  // Indices are all real: the named mainland, concept and Hong Kong ones plus the 31 SW industries.
  for (const item of wellKnownIndices) add(fromWellKnown(item, 'index', 'index'));
  for (const industry of swLevel1Industries) {
    add(
      fromWellKnown(
        { code: industry.code, name: industry.name, type: 'index_hy', industry: industry.code },
        'index',
        'index',
      ),
    );
  }

  // ETFs: Shanghai 51xxxx/56xxxx/58xxxx, Shenzhen 159xxx; generated names follow the "theme ETF + manager" style.
  for (const item of wellKnownEtfs) add(fromWellKnown(item, 'etf', 'fund'));
  while (count('fund_onside') < catalogueSizes.etfs) {
    const name = uniqueName(usedNames, () => `${pick(random, etfThemes)}ETF${pick(random, fundCompanies)}`);
    const code = uniqueCode(usedCodes, () =>
      random() < 0.6
        ? `${pick(random, ['51', '56', '58'])}${String(randomInt(random, 0, 9999)).padStart(4, '0')}.SH`
        : `159${String(randomInt(random, 0, 999)).padStart(3, '0')}.SZ`,
    );
    add(generatedFund(random, code, name, 'fund_onside', 'etf', etfFirstListing(code)));
  }

  // Off-exchange funds and LOFs, all .OF. LOFs keep their exchange numbers (16xxxx, 50xxxx).
  for (const item of wellKnownFunds)
    add(fromWellKnown(item, item.type === 'fund_lof' ? 'lof' : 'fund', 'fund'));
  while (count('fund_lof') < catalogueSizes.lofs) {
    const name = uniqueName(
      usedNames,
      () => `${pick(random, fundCompanies)}${pick(random, indexThemes)}指数(LOF)`,
    );
    const code = uniqueCode(usedCodes, () =>
      random() < 0.8
        ? `16${String(randomInt(random, 0, 9999)).padStart(4, '0')}.OF`
        : `501${String(randomInt(random, 0, 999)).padStart(3, '0')}.OF`,
    );
    add(generatedFund(random, code, name, 'fund_lof', 'lof', '2004-12-20'));
  }
  while (count('fund_outside') + count('fund_lof') < catalogueSizes.funds) {
    const name = uniqueName(
      usedNames,
      () =>
        `${pick(random, fundCompanies)}${pick(random, fundThemes)}${pick(random, fundStyles)}${pick(random, ['A', 'C'])}`,
    );
    const code = uniqueCode(
      usedCodes,
      () => `0${String(randomInt(random, 2000, 19999)).padStart(5, '0')}.OF`,
    );
    add(generatedFund(random, code, name, 'fund_outside', 'fund', '2001-09-21'));
  }

  // Every LOF also trades on its exchange under the same number. The listings come last and draw
  // nothing from the catalogue's stream, so every instrument before them is exactly as it was.
  for (const fund of instruments.filter((instrument) => instrument.type === 'fund_lof')) {
    const listing = lofListing(fund);
    if (usedCodes.has(listing.code)) throw new Error(`LOF listing ${listing.code} clashes with a code`);
    usedCodes.add(listing.code);
    instruments.push(listing);
  }

  return { seed, universe: 'compact', industries: swLevel1Industries, instruments };
}

/** The board of an A-share code, matching the plans above and the domain's market badges. */
function stockBoard(code: string): BadgeMarket {
  if (code.endsWith('.BJ')) return 'bj';
  const plan = boardPlans.find((candidate) => candidate.prefixes.includes(code.slice(0, 3)));
  if (!plan) throw new Error(`no board for ${code}`);
  return plan.board;
}

/**
 * A well-known instrument with the fields the table leaves out generated from a hash of its code, so
 * they are stable across seeds.
 */
function fromWellKnown(
  item: WellKnownInstrument,
  board: BadgeMarket,
  kind: 'stock' | 'index' | 'fund',
): UnclassifiedInstrument {
  const random = mulberry32(hashString(item.code));
  const firstListing =
    kind === 'index' ? '2005-01-04' : kind === 'fund' ? '2004-01-02' : firstListingFor(item.code);
  const listingDate = item.listingDate ?? randomDate(random, firstListing, latestListingDate);
  const base = {
    code: item.code,
    name: item.name,
    type: item.type,
    board,
    industry: item.industry ?? null,
    listingDate,
    ...toPinyinFields(item.name),
    generated: false,
  };
  if (kind === 'index') return { ...base, totalShares: null, floatShares: null, referencePrice: null };
  if (kind === 'stock') {
    const company = wellKnownCompanies.get(item.code);
    if (!company) throw new Error(`${item.code} has no row in well-known-companies.json`);
    return {
      ...base,
      totalShares: company.totalShares,
      floatShares: company.floatShares,
      referencePrice: company.price,
    };
  }
  const totalShares = roundShares(randomLogUniform(random, 5e8, 2e10));
  return { ...base, totalShares, floatShares: totalShares, referencePrice: null };
}

function firstListingFor(code: string): string {
  if (code.endsWith('.HK')) return '1986-04-02';
  if (code.endsWith('.BJ')) return '2021-11-15';
  const plan = boardPlans.find((candidate) => candidate.prefixes.includes(code.slice(0, 3)));
  return plan ? plan.firstListing : '1991-04-03';
}

function generatedFund(
  random: Random,
  code: string,
  name: string,
  type: InstrumentType,
  board: BadgeMarket,
  firstListing: string,
): UnclassifiedInstrument {
  // Fund units float in full: there is no lock-up on fund shares.
  const units = roundShares(randomLogUniform(random, 2e8, 3e10));
  return {
    code,
    name,
    type,
    board,
    industry: null,
    listingDate: randomDate(random, firstListing, latestListingDate),
    totalShares: units,
    floatShares: units,
    referencePrice: null,
    ...toPinyinFields(name),
    generated: true,
  };
}
