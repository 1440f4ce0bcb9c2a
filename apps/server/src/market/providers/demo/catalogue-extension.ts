/**
 * The full universe's extension (issue 15 §8): what the real market adds to the compact catalogue —
 * A-shares to about 5,400 over every board and code range, Hong Kong to about 2,600, the real index
 * families, about 1,000 ETFs and 10,500 funds. It draws from a stream of its own (seed|extension),
 * so the compact catalogue in front of it never moves, and it takes no code or name the compact one
 * has. Word lists are data (catalogue-words.json).
 */
import type { BadgeMarket } from '@zhicai/domain';
import { z } from 'zod';
import {
  type BoardPlan,
  clampedNormal,
  etfFirstListing,
  generatedStockSize,
  largestGeneratedCap,
  lofListing,
  randomDate,
  roundShares,
  toPinyinFields,
  type UnclassifiedInstrument,
  uniqueCode,
  uniqueName,
  withSwLevels,
} from './catalogue-fields.ts';
import wordFile from './catalogue-words.json' with { type: 'json' };
import type { DemoInstrument } from './demo-instrument.ts';
import { hashString, mulberry32, pick, type Random, randomInt } from './prng.ts';
import { swLevel1Industries } from './sw-industries.ts';
import {
  fullUniverseIndices,
  wellKnownAShares,
  wellKnownHkStocks,
  wellKnownIndices,
} from './well-known-instruments.ts';

/**
 * The sizes of the full universe, counting the compact instruments: A-shares follow the board
 * plans below (about 5,470), the rest are topped up to these counts. ETFs exclude LOF listings;
 * funds count off-exchange funds and LOFs (each share class a fund, as fund apps count them).
 */
export const fullUniverseSizes = {
  hkStocks: 2_600,
  etfs: 1_000,
  funds: 10_500,
  lofs: 300,
} as const;

/**
 * The last day an instrument of the extension lists. Later than the compact universe's 2021-11-15:
 * the real market listed about 1,000 A-shares since (most on ChiNext, STAR and Beijing) and most of
 * its ETFs. Those instruments have bars from their listing day on, as the compact universe's Beijing
 * stocks already do; the date is far enough before any generation day (late 2026 on) that each has
 * more than a year of history, enough for every 52-week and one-year figure.
 */
export const latestExtensionListingDate = '2025-06-30';

/**
 * catalogue-words.json's shape. Checked by parseCatalogueWords, which the tests run on the bundled
 * file; a start reads the file as checked (issue 15 item 8: a restart answers within 1 s), so the
 * schema is built only when asked.
 */
function catalogueWordsFile() {
  const weightedRow = z.tuple([z.string(), z.number().positive()]);
  const trackingRow = z.union([
    z.tuple([z.string(), z.string(), z.number().positive()]),
    z.tuple([z.string(), z.string(), z.number().positive(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
  ]);
  return z.object({
    about: z.array(z.string()),
    tradeNameHeads: z.array(z.string().length(1)),
    tradeNameTails: z.array(z.string().length(1)),
    excludedTradeNames: z.array(z.string().length(2)),
    provinces: z.array(z.string()),
    bankCities: z.array(z.string()),
    bankWords: z.array(z.string()),
    genericWords: z.array(z.string()),
    industryWords: z.record(z.string(), z.array(z.string()).min(1)),
    industryWeights: z.record(z.string(), z.tuple([z.number(), z.number(), z.number(), z.number()])),
    hkWords: z.array(z.string()),
    hkShareClassWords: z.array(z.string()),
    fundCompanies: z.array(
      z.strictObject({
        brand: z.string(),
        company: z.string(),
        weight: z.number().positive(),
        etfBrand: z.string().optional(),
      }),
    ),
    activeThemes: z.array(z.string()),
    equityStyles: z.array(weightedRow),
    bondThemes: z.array(z.string()),
    bondStyles: z.array(weightedRow),
    etfThemes: z.array(trackingRow),
    indexFunds: z.array(trackingRow),
  });
}

type CatalogueWords = z.infer<ReturnType<typeof catalogueWordsFile>>;

export function parseCatalogueWords(raw: unknown): CatalogueWords {
  return catalogueWordsFile().parse(raw);
}

// The bundled file, well-formed as its test checks (parseCatalogueWords); JSON types its tuples as arrays.
const words = wordFile as unknown as CatalogueWords;

/** The fund companies of the full universe: brand in fund names, company, share of the funds. */
export const fullUniverseFundCompanies = words.fundCompanies;

// Board groups of industryWeights: main board, ChiNext, STAR, Beijing.
type BoardGroup = 0 | 1 | 2 | 3;

interface FullBoardPlan extends BoardPlan {
  /** A-shares of these prefixes in the full universe, compact ones included. */
  total: number;
  group: BoardGroup;
  /** The last listing day of this code range (the range filled up, or the extension's last day). */
  lastListing: string;
  /** The three digits after the prefix run from 0 to this (003 and 301 are young ranges). */
  maxSuffix: number;
}

const plan = (
  prefixes: string[],
  exchange: FullBoardPlan['exchange'],
  board: BadgeMarket,
  group: BoardGroup,
  total: number,
  firstListing: string,
  lastListing: string,
  medianCap: number,
  medianPrice: number,
  maxSuffix = 999,
): FullBoardPlan => ({
  prefixes,
  exchange,
  board,
  group,
  total,
  count: 0,
  firstListing,
  lastListing,
  medianCap,
  medianPrice,
  maxSuffix,
});

/**
 * The real market's A-shares by code range (late 2025): Shanghai main board about 1,720, Shenzhen
 * main board 1,495, ChiNext 1,380, STAR 590, Beijing 270. Codes were handed out in time order, so
 * each range lists in its own years; median market values are those of the range (the big
 * state-owned 601s highest, Beijing lowest), prices dearer on the growth boards.
 */
const fullBoardPlans: readonly FullBoardPlan[] = [
  plan(['600'], 'SH', 'sh', 0, 820, '1990-12-19', '2004-12-31', 7e9, 11),
  plan(['601'], 'SH', 'sh', 0, 190, '2003-01-06', '2021-11-15', 2e10, 8),
  plan(['603'], 'SH', 'sh', 0, 620, '2011-01-01', '2022-12-30', 5.5e9, 18),
  plan(['605'], 'SH', 'sh', 0, 110, '2020-01-01', '2024-12-31', 5e9, 20, 600),
  plan(['000'], 'SZ', 'sz', 0, 460, '1991-04-03', '2001-12-31', 7e9, 10),
  plan(['001'], 'SZ', 'sz', 0, 90, '2016-01-01', latestExtensionListingDate, 5.5e9, 20, 400),
  plan(['002'], 'SZ', 'sz', 0, 900, '2004-06-25', '2016-12-30', 5.5e9, 12),
  plan(['003'], 'SZ', 'sz', 0, 45, '2020-01-01', '2021-12-31', 5e9, 20, 60),
  plan(['300'], 'SZ', 'chinext', 1, 950, '2009-10-30', '2020-08-21', 5.5e9, 22),
  plan(['301'], 'SZ', 'chinext', 1, 430, '2020-08-24', latestExtensionListingDate, 4.5e9, 30, 650),
  plan(['688'], 'SH', 'star', 2, 585, '2019-07-22', latestExtensionListingDate, 7e9, 38, 800),
  plan(['430'], 'BJ', 'bj', 3, 30, '2021-11-15', '2024-06-28', 2e9, 15),
  plan(
    ['831', '832', '833', '834', '835', '836', '837', '838', '839'],
    'BJ',
    'bj',
    3,
    130,
    '2021-11-15',
    '2024-06-28',
    2e9,
    15,
  ),
  plan(['870', '871', '872', '873'], 'BJ', 'bj', 3, 70, '2021-11-15', '2024-06-28', 2e9, 15),
  // Beijing's own 920 range opened in 2024 for new listings.
  plan(['920'], 'BJ', 'bj', 3, 40, '2024-07-01', latestExtensionListingDate, 2.5e9, 18, 200),
];

/**
 * Industries whose companies are larger or smaller than their board's median: the banks and the
 * insurers and brokers are few and large, coal, oil and utilities large state-owned groups. Banks
 * trade at a few yuan.
 */
const industryScale: Readonly<Record<string, { cap: number; price?: number }>> = {
  '801780.ZSI': { cap: 8, price: 5 },
  '801790.ZSI': { cap: 2.5 },
  '801950.ZSI': { cap: 2 },
  '801960.ZSI': { cap: 2 },
  '801160.ZSI': { cap: 1.5 },
  '801170.ZSI': { cap: 1.5 },
};

const bankIndustry = '801780.ZSI';

/** A weighted choice among rows; weights need not sum to one. */
function weightedPicker<T>(rows: readonly T[], weightOf: (row: T) => number): (random: Random) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const row of rows) {
    total += weightOf(row);
    cumulative.push(total);
  }
  return (random) => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    const row = rows[low];
    if (row === undefined) throw new Error('weighted pick from an empty list');
    return row;
  };
}

/** A weekday between two dates, pushed towards the later end when skew < 1 (ETFs boomed lately). */
function skewedDate(random: Random, from: string, to: string, skew: number): string {
  const u = random() ** skew;
  return randomDate(() => u, from, to);
}

const laterOf = (a: string, b: string) => (a > b ? a : b);

interface ExtensionContext {
  seed: number;
  random: Random;
  usedCodes: Set<string>;
  usedNames: Set<string>;
  out: UnclassifiedInstrument[];
}

/**
 * The extension of a compact catalogue to the full universe: instruments to append after it, LOF
 * listings last. `core` is false on every one of them.
 */
export function generateCatalogueExtension(
  seed: number,
  compact: readonly DemoInstrument[],
): DemoInstrument[] {
  const context: ExtensionContext = {
    seed,
    random: mulberry32(hashString(`${seed}|extension`)),
    usedCodes: new Set(compact.map((item) => item.code)),
    usedNames: new Set(compact.map((item) => item.name)),
    out: [],
  };
  addAShares(context, compact);
  addHkStocks(context, compact);
  addIndices(context);
  addEtfs(context, compact);
  addFunds(context, compact);
  const instruments = context.out.map((item) => withSwLevels(item, false));
  for (const fund of instruments.filter((item) => item.type === 'fund_lof')) {
    const listing = lofListing(fund);
    if (context.usedCodes.has(listing.code))
      throw new Error(`LOF listing ${listing.code} clashes with a code`);
    context.usedCodes.add(listing.code);
    instruments.push(listing);
  }
  return instruments;
}

function add(context: ExtensionContext, instrument: UnclassifiedInstrument): void {
  context.usedCodes.add(instrument.code);
  context.usedNames.add(instrument.name);
  context.out.push(instrument);
}

// Trade names (字号): every head and tail pair but those that spell a word, and never the trade
// name of a well-known company, so no generated company passes for 恒瑞 or 海天.
const wellKnownTradeNames = new Set(
  [...wellKnownAShares, ...wellKnownHkStocks].map((item) => item.name.slice(0, 2)),
);
const excludedTradeNames = new Set(words.excludedTradeNames);
const tradeNames: readonly string[] = words.tradeNameHeads.flatMap((head) =>
  words.tradeNameTails
    .filter((tail) => tail !== head)
    .map((tail) => head + tail)
    .filter((name) => !excludedTradeNames.has(name) && !wellKnownTradeNames.has(name)),
);

/** An A-share's short name: trade name and industry word, now and then a province or a generic word. */
function aShareName(random: Random, industry: string): string {
  if (industry === bankIndustry) return pick(random, words.bankCities) + pick(random, words.bankWords);
  const roll = random();
  if (roll < 0.06) return pick(random, words.provinces) + pick(random, tradeNames);
  if (roll < 0.18 && industry !== '801790.ZSI')
    return pick(random, tradeNames) + pick(random, words.genericWords);
  return pick(random, tradeNames) + pick(random, words.industryWords[industry] ?? words.genericWords);
}

function addAShares(context: ExtensionContext, compact: readonly DemoInstrument[]): void {
  const { random, seed } = context;
  const compactStocks = compact.filter((item) => item.type === 'capital');
  const industryPickers = ([0, 1, 2, 3] as const).map((group) =>
    weightedPicker(
      swLevel1Industries.filter((industry) => (words.industryWeights[industry.code]?.[group] ?? 0) > 0),
      (industry) => words.industryWeights[industry.code]?.[group] ?? 0,
    ),
  );
  for (const board of fullBoardPlans) {
    const existing = compactStocks.filter((stock) =>
      board.prefixes.some((prefix) => stock.code.startsWith(prefix) && stock.code.endsWith(board.exchange)),
    ).length;
    for (let i = existing; i < board.total; i += 1) {
      const industry = industryPickers[board.group]?.(random).code ?? '801230.ZSI';
      const name = uniqueName(context.usedNames, () => aShareName(random, industry));
      const code = uniqueCode(context.usedCodes, () => {
        const suffix = String(randomInt(random, board.group === 3 ? 1 : 0, board.maxSuffix)).padStart(3, '0');
        return `${pick(random, board.prefixes)}${suffix}.${board.exchange}`;
      });
      // A third of the old NEEQ companies moved up on the Beijing exchange's first day.
      const listingDate =
        board.group === 3 && board.firstListing === '2021-11-15' && random() < 0.3
          ? board.firstListing
          : randomDate(random, board.firstListing, board.lastListing);
      const scale = industryScale[industry];
      const sized: BoardPlan = {
        ...board,
        medianCap: board.medianCap * (scale?.cap ?? 1),
        medianPrice: scale?.price ?? board.medianPrice,
      };
      add(context, {
        code,
        name,
        type: 'capital',
        board: board.board,
        industry,
        listingDate,
        ...generatedStockSize(seed, code, sized, listingDate),
        ...toPinyinFields(name),
        generated: true,
      });
    }
  }
}

/** Hong Kong codes: the main board's 00001–03999, 06xxx and 09xxx of recent listings, GEM's 08xxx. */
function hkCode(random: Random): string {
  const roll = random();
  const number =
    roll < 0.65
      ? randomInt(random, 1, 3999)
      : roll < 0.77
        ? randomInt(random, 6000, 6999)
        : roll < 0.9
          ? randomInt(random, 8001, 8699)
          : randomInt(random, 9600, 9999);
  return `${String(number).padStart(5, '0')}.HK`;
}

function addHkStocks(context: ExtensionContext, compact: readonly DemoInstrument[]): void {
  const { random, seed } = context;
  const existing = compact.filter((item) => item.type === 'hk').length;
  for (let i = existing; i < fullUniverseSizes.hkStocks; i += 1) {
    const word = pick(random, words.hkWords);
    let base = '';
    for (let attempt = 0; base === '' || context.usedNames.has(base); attempt += 1) {
      if (attempt > 10_000) throw new Error('ran out of Hong Kong names');
      base = random() < 0.08 ? `中国${pick(random, tradeNames)}${word}` : pick(random, tradeNames) + word;
    }
    // Pre-revenue biotech lists with -B, weighted-voting tech with -W. The base name is taken too,
    // so no other company gets it with or without the mark.
    const marked = words.hkShareClassWords.includes(word) && random() < 0.15;
    const name = marked ? `${base}-${word === '科技' || word === '智能' ? 'W' : 'B'}` : base;
    context.usedNames.add(base);
    const code = uniqueCode(context.usedCodes, () => hkCode(random));
    add(context, {
      code,
      name,
      type: 'hk',
      board: 'hk',
      industry: null,
      listingDate: randomDate(random, '1986-04-02', latestExtensionListingDate),
      ...hkStockSize(seed, code),
      ...toPinyinFields(name),
      generated: true,
    });
  }
}

/**
 * A Hong Kong stock of the long tail: market values log-normal around HK$12亿 (most of the exchange
 * is small caps; a few reach the hundreds of 亿), prices mostly a few Hong Kong dollars and many
 * below one, never below HK$0.25 so a tick of 0.01 stays a small step.
 */
function hkStockSize(
  seed: number,
  code: string,
): { totalShares: number; floatShares: number; referencePrice: number } {
  const random = mulberry32(hashString(`${seed}|size|${code}`));
  const sizeZ = clampedNormal(random, -2.5, 3.2);
  const cap = Math.min(largestGeneratedCap, 1.2e9 * Math.exp(1.5 * sizeZ));
  const price = Math.min(
    300,
    Math.max(0.25, 1.8 * Math.exp(0.9 * clampedNormal(random, -2.5, 2.5) + 0.3 * sizeZ)),
  );
  const totalShares = roundShares(Math.min(5e10, Math.max(5e7, cap / price)));
  return {
    totalShares,
    // As in the compact universe, every issued Hong Kong share trades.
    floatShares: totalShares,
    referencePrice: Number(Math.max(0.25, cap / totalShares).toFixed(2)),
  };
}

function addIndices(context: ExtensionContext): void {
  for (const index of fullUniverseIndices) {
    if (context.usedCodes.has(index.code)) throw new Error(`${index.code} is already an index`);
    add(context, {
      code: index.code,
      name: index.name,
      type: index.type,
      board: 'index',
      industry: null,
      listingDate: index.listingDate ?? '2005-01-04',
      totalShares: null,
      floatShares: null,
      referencePrice: null,
      ...toPinyinFields(index.name),
      generated: false,
    });
  }
}

type TrackingRow = (typeof words.etfThemes)[number];

const catalogueIndexCodes = new Set([
  ...wellKnownIndices.map((index) => index.code),
  ...fullUniverseIndices.map((index) => index.code),
  ...swLevel1Industries.map((industry) => industry.code),
]);
for (const [word, index] of [...words.etfThemes, ...words.indexFunds])
  if (!catalogueIndexCodes.has(index))
    throw new Error(`catalogue-words.json: ${word} tracks ${index}, no index`);

const starIndices = new Set(['000688.SH', '000698.SH', '000680.SH']);

/**
 * An ETF's code by what it tracks: Hong Kong indices mostly in Shanghai's 513 range, STAR indices in
 * 588/589, the rest in Shanghai's 51x and 56x ranges or Shenzhen's 159.
 */
function etfCode(random: Random, index: string): string {
  const digits = (count: number) => String(randomInt(random, 0, 10 ** count - 1)).padStart(count, '0');
  const shenzhen = () => `159${digits(3)}.SZ`;
  if (index.endsWith('.HI')) return random() < 0.7 ? `513${digits(3)}.SH` : shenzhen();
  if (starIndices.has(index))
    return random() < 0.85 ? `${pick(random, ['588', '589'])}${digits(3)}.SH` : shenzhen();
  return random() < 0.55
    ? `${pick(random, ['510', '512', '515', '516', '517', '560', '561', '562', '563'])}${digits(3)}.SH`
    : shenzhen();
}

/** Fund units: log-normal around a median, held to a plausible range. */
function fundUnits(random: Random, median: number, sigma: number): number {
  return roundShares(Math.min(5e10, Math.max(1e7, median * Math.exp(sigma * clampedNormal(random, -3, 3)))));
}

function addEtfs(context: ExtensionContext, compact: readonly DemoInstrument[]): void {
  const { random } = context;
  const issuers = words.fundCompanies.filter((company) => company.etfBrand !== undefined);
  const pickIssuer = weightedPicker(issuers, (company) => company.weight);
  const pickTheme = weightedPicker(words.etfThemes, (row) => row[2]);
  // 嘉实沪深300ETF, the Shenzhen listing of the biggest index, with its real code (issue 15: the
  // compact market's ETF tab once listed it without having it).
  const units = 2.1e10;
  add(context, {
    code: '159919.SZ',
    name: '嘉实沪深300ETF',
    type: 'fund_onside',
    board: 'etf',
    industry: null,
    listingDate: '2012-05-28',
    totalShares: units,
    floatShares: units,
    referencePrice: null,
    ...toPinyinFields('嘉实沪深300ETF'),
    generated: false,
    tracks: '000300.SH',
  });
  const existing =
    compact.filter((item) => item.type === 'fund_onside' && item.listingOf === undefined).length + 1;
  for (let i = existing; i < fullUniverseSizes.etfs; i += 1) {
    let theme: TrackingRow = pickTheme(random);
    const name = uniqueName(context.usedNames, () => {
      theme = pickTheme(random);
      return `${theme[0]}ETF${pickIssuer(random).etfBrand ?? ''}`;
    });
    const [, index, , since] = theme;
    const code = uniqueCode(context.usedCodes, () => etfCode(random, index));
    const units = fundUnits(random, 2e8, 1.4);
    add(context, {
      code,
      name,
      type: 'fund_onside',
      board: 'etf',
      industry: null,
      listingDate: skewedDate(
        random,
        laterOf(since ?? '2012-05-28', etfFirstListing(code)),
        latestExtensionListingDate,
        0.6,
      ),
      totalShares: units,
      floatShares: units,
      referencePrice: null,
      ...toPinyinFields(name),
      generated: true,
      tracks: index,
    });
  }
}

// New funds a year, near the real ones: slow until 2014, then a boom that peaked in 2021.
const inceptionYears: readonly (readonly [year: number, weight: number])[] = [
  [2003, 40],
  [2005, 50],
  [2007, 60],
  [2009, 80],
  [2010, 100],
  [2011, 120],
  [2012, 150],
  [2013, 200],
  [2014, 250],
  [2015, 800],
  [2016, 1100],
  [2017, 1200],
  [2018, 1000],
  [2019, 1100],
  [2020, 1400],
  [2021, 1900],
  [2022, 1500],
  [2023, 1200],
  [2024, 1100],
  [2025, 600],
];
const pickInceptionYear = weightedPicker(inceptionYears, (row) => row[1]);

function inceptionDate(random: Random, since: string | undefined): string {
  const [year] = pickInceptionYear(random);
  const from = laterOf(`${year}-01-02`, since ?? '2001-09-21');
  const to = year === 2025 ? latestExtensionListingDate : `${year}-12-31`;
  // A fund on a young index is set up after the index, whatever year was drawn.
  return from > to ? randomDate(random, from, latestExtensionListingDate) : randomDate(random, from, to);
}

/**
 * Off-exchange fund codes: the unified 0xxxxx numbering of today for most, the older per-company
 * ranges (11xxxx, 20xxxx, 519xxx…) for some. Never 16xxxx or 50xxxx, the LOFs' exchange numbers.
 */
function fundCodeNumber(random: Random): number {
  if (random() < 0.85) return randomInt(random, 100, 25_998);
  const prefix = pick(random, [11, 20, 21, 24, 26, 27, 29, 31, 32, 37, 39, 40, 41, 45, 47, 48]);
  return prefix * 10_000 + randomInt(random, 0, 9_998);
}

interface FundStem {
  stem: string;
  tracks?: string;
  since?: string;
}

function addFunds(context: ExtensionContext, compact: readonly DemoInstrument[]): void {
  const { random } = context;
  const pickCompany = weightedPicker(words.fundCompanies, (company) => company.weight);
  const pickEquityStyle = weightedPicker(words.equityStyles, (row) => row[1]);
  const pickBondStyle = weightedPicker(words.bondStyles, (row) => row[1]);
  const pickIndexFund = weightedPicker(words.indexFunds, (row) => row[2]);
  const pickIndexSuffix = weightedPicker(
    [
      ['ETF联接', 45],
      ['指数', 35],
      ['指数增强', 20],
    ] as const,
    (row) => row[1],
  );
  const usedStems = new Set<string>();
  const stemFree = (stem: string) =>
    !usedStems.has(stem) && !['', 'A', 'C'].some((suffix) => context.usedNames.has(stem + suffix));

  const isFund = (item: DemoInstrument) => item.type === 'fund_outside' || item.type === 'fund_lof';
  let funds = compact.filter(isFund).length;
  let lofs = compact.filter((item) => item.type === 'fund_lof').length;

  // LOFs first: index LOFs on the popular indices and active ones, 16xxxx in Shenzhen, 501/502 in Shanghai.
  while (lofs < fullUniverseSizes.lofs) {
    let stem: FundStem = { stem: '' };
    const name = uniqueName(context.usedNames, () => {
      const brand = pickCompany(random).brand;
      if (random() < 0.6) {
        const [word, index, , since] = pickIndexFund(random);
        stem = { stem: `${brand}${word}指数(LOF)`, tracks: index, ...(since ? { since } : {}) };
      } else {
        stem = { stem: `${brand}${pick(random, words.activeThemes)}${pick(random, ['混合', '股票'])}(LOF)` };
      }
      return stem.stem;
    });
    // The listing's exchange code must be free too (lofListing derives it once the funds are made).
    let code = '';
    for (let attempt = 0; code === ''; attempt += 1) {
      if (attempt > 10_000) throw new Error('ran out of LOF codes');
      const digits =
        random() < 0.8
          ? `16${String(randomInt(random, 0, 9999)).padStart(4, '0')}`
          : `${pick(random, ['501', '502'])}${String(randomInt(random, 0, 999)).padStart(3, '0')}`;
      const listing = `${digits}.${digits.startsWith('5') ? 'SH' : 'SZ'}`;
      if (!context.usedCodes.has(`${digits}.OF`) && !context.usedCodes.has(listing)) code = `${digits}.OF`;
    }
    const units = fundUnits(random, 3e8, 1.3);
    add(context, {
      code,
      name,
      type: 'fund_lof',
      board: 'lof',
      industry: null,
      listingDate: laterOf(randomDate(random, '2004-12-20', latestExtensionListingDate), stem.since ?? ''),
      totalShares: units,
      floatShares: units,
      referencePrice: null,
      ...toPinyinFields(name),
      generated: true,
      ...(stem.tracks ? { tracks: stem.tracks } : {}),
    });
    lofs += 1;
    funds += 1;
  }

  // Off-exchange funds: a stem (company + theme + style) with A and C share classes on consecutive
  // codes, or a single class for some older and simpler funds.
  const makeStem = (): FundStem => {
    const brand = pickCompany(random).brand;
    const roll = random();
    if (roll < 0.45)
      return { stem: `${brand}${pick(random, words.activeThemes)}${pickEquityStyle(random)[0]}` };
    if (roll < 0.72) return { stem: `${brand}${pick(random, words.bondThemes)}${pickBondStyle(random)[0]}` };
    const [word, index, , since] = pickIndexFund(random);
    return {
      stem: `${brand}${word}${pickIndexSuffix(random)[0]}`,
      tracks: index,
      ...(since ? { since } : {}),
    };
  };
  while (funds < fullUniverseSizes.funds) {
    let stem = makeStem();
    for (let attempt = 0; !stemFree(stem.stem); attempt += 1) {
      if (attempt > 10_000) throw new Error('ran out of fund names');
      stem = makeStem();
    }
    usedStems.add(stem.stem);
    // ETF feeders always come in A and C classes; other funds mostly do.
    const paired = stem.stem.endsWith('ETF联接') || random() < 0.75;
    const classes = paired && fullUniverseSizes.funds - funds >= 2 ? ['A', 'C'] : [''];
    const codes: string[] = [];
    for (let attempt = 0; codes.length === 0; attempt += 1) {
      if (attempt > 10_000) throw new Error('ran out of fund codes');
      const first = fundCodeNumber(random);
      const candidates = classes.map((_, k) => `${String(first + k).padStart(6, '0')}.OF`);
      if (candidates.every((code) => !context.usedCodes.has(code))) codes.push(...candidates);
    }
    const listingDate = inceptionDate(random, stem.since);
    classes.forEach((shareClass, k) => {
      const name = stem.stem + shareClass;
      const units = fundUnits(random, shareClass === 'C' ? 1e8 : 2.5e8, 1.5);
      add(context, {
        code: codes[k] ?? '',
        name,
        type: 'fund_outside',
        board: 'fund',
        industry: null,
        listingDate,
        totalShares: units,
        floatShares: units,
        referencePrice: null,
        ...toPinyinFields(name),
        generated: true,
        ...(stem.tracks ? { tracks: stem.tracks } : {}),
      });
      funds += 1;
    });
  }
}
