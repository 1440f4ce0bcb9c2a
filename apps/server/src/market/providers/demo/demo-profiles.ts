/**
 * How each demo instrument behaves (price profile, starting price, ST flag) and what it is made of
 * (index constituents, ETF and fund holdings, managers, fundamentals, events). All pure and seeded.
 */
import type { DayNumber, TradingMarket } from '@zhicai/domain';
import { fullUniverseFundCompanies } from './catalogue-extension.ts';
import type { DemoInstrument } from './instrument-catalogue.ts';
import { anchorPrice, priceAnchor } from './price-anchor.ts';
import type { PriceProfile } from './price-model.ts';
import { hashString, mulberry32, pick, type Random } from './prng.ts';
import { swLevel1Industries } from './sw-industries.ts';
import { fullUniverseIndices, wellKnownIndices } from './well-known-instruments.ts';

/**
 * Approximate real index levels at the start of the demo history, so screens look familiar. Stocks
 * start from their price anchor instead (price-anchor.ts).
 */
const startPrices: Readonly<Record<string, number>> = {
  '000001.SH': 3500,
  '399001.SZ': 14200,
  '399006.SZ': 3100,
  '000300.SH': 4900,
  '000688.SH': 1350,
  '000016.SH': 3300,
  '000905.SH': 7000,
  '000852.SH': 7400,
  'HSI.HI': 25500,
  'HSCEI.HI': 9200,
  'HSTECH.HI': 6200,
  '899050.BJ': 1000,
};

function randomFor(seed: number, ...keys: string[]): Random {
  return mulberry32(hashString(`${seed}|${keys.join('|')}`));
}

function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

export type SeriesKind = 'day' | 'nav';

/** Funds outside the exchange (and LOFs, in this demo) publish a NAV instead of trading bars. */
export function seriesKind(instrument: Pick<DemoInstrument, 'type'>): SeriesKind {
  return instrument.type === 'fund_outside' || instrument.type === 'fund_lof' ? 'nav' : 'day';
}

/** A few generated main-board companies carry the ST mark, so ±5% limits show up in the data. */
export function isStInstrument(seed: number, instrument: DemoInstrument): boolean {
  return (
    instrument.generated &&
    instrument.type === 'capital' &&
    (instrument.board === 'sh' || instrument.board === 'sz') &&
    randomFor(seed, 'st', instrument.code)() < 0.04
  );
}

/**
 * The SW level-2 and level-3 fields of a stock's company profile (instrument-profile.ts), for the
 * profile document the provider stores; empty for everything that is not an A-share.
 */
export function swIndustryProfile(instrument: Pick<DemoInstrument, 'swLevel2' | 'swLevel3'>): {
  swLevel2?: string;
  swLevel3?: string;
} {
  return instrument.swLevel2 && instrument.swLevel3
    ? { swLevel2: instrument.swLevel2, swLevel3: instrument.swLevel3 }
    : {};
}

/** The factor a non-stock instrument follows: its own industry for SW indices, a theme for the rest. */
/**
 * Exchange funds that hold a commodity rather than stocks (issue 15: 518880 黄金ETF holds gold, not
 * an industry). They track no index: their price follows a commodity path of its own, uncorrelated
 * with the stock market, anchored near today's level (Au99.99 at about 920 yuan a gram; one unit of
 * 518880 is a hundredth of a gram, so about 9.2 yuan).
 */
export const commodityFunds: Readonly<
  Record<string, { benchmark: string; price: number; holding: FundCommodity }>
> = {
  '518880.SH': {
    benchmark: '上海黄金交易所Au99.99现货实盘合约收盘价',
    price: 9.2,
    holding: { code: 'Au99.99', name: '黄金现货合约 Au99.99' },
  },
};

/** The entry of `map` for an index code, none when there is no index (a commodity fund's). */
export function entryOf<T>(map: ReadonlyMap<string, T>, code: string | null): T | undefined {
  return code === null ? undefined : map.get(code);
}

function themeOf(instrument: DemoInstrument): string | null {
  if (instrument.type === 'index_hy') return instrument.code;
  if (instrument.type === 'index_gn') return instrument.code;
  if (instrument.type === 'hk' || instrument.type === 'index_hk_hs') return 'hk';
  if (instrument.type === 'capital') return instrument.industry;
  return null;
}

/** The market an instrument trades on (its calendar and session), without drawing its profile. */
export function instrumentMarket(instrument: Pick<DemoInstrument, 'type'>): TradingMarket {
  return instrument.type === 'hk' || instrument.type === 'index_hk_hs' ? 'hk' : 'cn';
}

export function priceProfile(seed: number, instrument: DemoInstrument): PriceProfile {
  const random = randomFor(seed, 'profile', instrument.code);
  const isIndex = instrument.type.startsWith('index_');
  const isEtf = instrument.type === 'fund_onside';
  const board = instrument.board;
  const growthBoard = board === 'star' || board === 'chinext';
  const volatility = isIndex
    ? between(random, 0.002, 0.005)
    : isEtf
      ? between(random, 0.002, 0.004)
      : board === 'bj'
        ? between(random, 0.03, 0.042)
        : growthBoard
          ? between(random, 0.022, 0.032)
          : instrument.type === 'hk'
            ? between(random, 0.014, 0.026)
            : between(random, 0.012, 0.022);
  const market = instrumentMarket(instrument);
  const commodity = commodityFunds[instrument.code];
  if (commodity)
    return {
      code: instrument.code,
      market,
      board,
      isSt: false,
      industry: null,
      // Gold moves about 1% a day (≈15% a year) and follows neither the A-share market nor a sector.
      beta: 0,
      industryLoading: 0,
      volatility: between(random, 0.008, 0.011),
      turnover: between(random, 0.01, 0.05),
      floatShares: instrument.floatShares ?? 4e9,
      tick: 0.001,
      suspendable: false,
      listingDay: Number(instrument.listingDate.replaceAll('-', '')),
      anchor: priceAnchor(seed, instrument.code, commodity.price, instrument.floatShares ?? 4e9),
    };
  return {
    code: instrument.code,
    market,
    board,
    isSt: isStInstrument(seed, instrument),
    industry: themeOf(instrument),
    // Hong Kong follows its own factor (loading 1) and the mainland's only partly (beta).
    beta:
      market === 'hk'
        ? between(random, 0.3, 0.6)
        : isIndex
          ? between(random, 0.85, 1.1)
          : between(random, 0.6, 1.4),
    industryLoading: themeOf(instrument) === null ? 0 : isIndex ? 1 : between(random, 0.6, 1.3),
    volatility,
    turnover: isIndex
      ? 0.03
      : isStock(instrument)
        ? stockTurnover(instrument, random)
        : // Exchange funds: 1–10% a day, as ETFs trade.
          between(random, 0.01, 0.1),
    // Indices have no shares: a notional base sized so their volume looks like a market's.
    floatShares: instrument.floatShares ?? (instrument.type === 'index_hs' ? 4e10 : 4e9),
    tick: isEtf ? 0.001 : 0.01,
    suspendable: isStock(instrument),
    listingDay: Number(instrument.listingDate.replaceAll('-', '')),
    ...(isStock(instrument) && instrument.referencePrice !== null && instrument.floatShares !== null
      ? { anchor: priceAnchor(seed, instrument.code, instrument.referencePrice, instrument.floatShares) }
      : {}),
  };
}

function isStock(instrument: Pick<DemoInstrument, 'type'>): boolean {
  return instrument.type === 'capital' || instrument.type === 'hk';
}

/**
 * A stock's typical daily turnover rate (fraction of float), falling with its float value as on the
 * real market: about 3% for a 50亿 float, 1.2% at 500亿, 0.3% for 茅台's 2万亿; growth boards and
 * Beijing trade more, banks and Hong Kong less, and each stock has its own taste (from about 0.6 to
 * 1.6 times that rate).
 *
 * Summed over the market this gives the 两市 amount. The compact universe's 320 stocks (about 90
 * well-known large caps and 230 generated companies) turn over about 1,600亿 a day (measured by
 * instrument-sizes.test.ts); the full universe's ~5,470 A-shares (instrument-catalogue.ts 'full')
 * about 1.24万亿 (full-universe.test.ts, from reference prices and float alone), inside the real
 * market's 0.8–2万亿.
 */
function stockTurnover(instrument: DemoInstrument, random: () => number): number {
  const floatValue = (instrument.floatShares ?? 1e9) * (instrument.referencePrice ?? 10);
  const bySize = 0.03 * (floatValue / 5e9) ** -0.4;
  const boardFactor =
    instrument.board === 'bj'
      ? 1.4
      : instrument.board === 'star' || instrument.board === 'chinext'
        ? 1.25
        : instrument.type === 'hk'
          ? 0.7
          : 1;
  const industryFactor = instrument.industry === '801780.ZSI' ? 0.5 : 1;
  const own = Math.exp(0.45 * (random() * 2 - 1));
  return Math.min(0.08, Math.max(0.001, bySize * boardFactor * industryFactor * own));
}

/**
 * Where a stock's anchor path sits when the demo history starts (five years and a month before the
 * market is generated, in late 2026); the daily pull to the anchor takes care of the difference if
 * the market is generated later.
 */
const historyStartDay = 20211001;

export function startPrice(seed: number, instrument: DemoInstrument): number {
  const known = startPrices[instrument.code];
  if (known !== undefined) return known;
  if (isStock(instrument) && instrument.referencePrice !== null && instrument.floatShares !== null) {
    const anchor = priceAnchor(seed, instrument.code, instrument.referencePrice, instrument.floatShares);
    const start = Math.max(historyStartDay, Number(instrument.listingDate.replaceAll('-', '')));
    return Number(anchorPrice(anchor, start).toFixed(2));
  }
  const random = randomFor(seed, 'start', instrument.code);
  if (instrument.type === 'index_hy') return Math.round(between(random, 1500, 9000));
  if (instrument.type === 'index_gn') return Math.round(between(random, 800, 4000));
  if (instrument.type.startsWith('index_')) return Math.round(between(random, 1000, 12000));
  if (instrument.type === 'fund_onside') return Number(between(random, 0.8, 4.5).toFixed(3));
  // Fund units are issued at par (1.0000) on the inception day, where their NAV history starts.
  if (instrument.type === 'fund_outside' || instrument.type === 'fund_lof') return 1;
  // Log-uniform between 3 and 90 yuan: most stocks are cheap, a few are dear.
  return Number(Math.exp(between(random, Math.log(3), Math.log(90))).toFixed(2));
}

/** Cash dividend yield paid once a year by a stock (0 for non-payers and everything else). */
export function dividendYield(seed: number, instrument: DemoInstrument): number {
  if (instrument.type !== 'capital' && instrument.type !== 'hk') return 0;
  const random = randomFor(seed, 'dividend', instrument.code);
  return random() < 0.3 ? 0 : between(random, 0.005, 0.05);
}

/**
 * Whether a stock hands out bonus shares (10送3) in a year, which steps its factor and float. As on
 * the real market only dear stocks do (from 20 yuan), so a bonus never pushes a cheap one towards 1.
 */
export function bonusShareRatio(seed: number, instrument: DemoInstrument, year: number): number {
  if (instrument.type !== 'capital' || !instrument.generated) return 0;
  if ((instrument.referencePrice ?? 0) < 20) return 0;
  return randomFor(seed, 'bonus', instrument.code, String(year))() < 0.08 ? 0.3 : 0;
}

/** The ex-dividend day of a year: the first trading day from 1 July (the mainland's dividend season). */
export function exDividendAnchor(year: number): DayNumber {
  return year * 10000 + 701;
}

export interface FundTerms {
  company: string;
  category: string;
  benchmark: string;
  riskLevel: number;
  management: number;
  custody: number;
  salesService: number;
  /** Share of the fund in stocks, 0–1. */
  equityShare: number;
  /**
   * Accumulated NAV from distributions before the stored NAV history (imported funds whose history
   * starts late). Demo histories start at inception and carry their distributions, so 0 there.
   */
  distributed: number;
  /**
   * The index an ETF or index fund tracks (its code), null for an active fund. Optional: profiles
   * stored before it existed lack it. ETFs and their feeder funds are linked by it (etf.service.ts).
   */
  trackedIndex?: string | null;
  /** What a commodity fund holds in place of stocks, all of its net assets; absent for the rest. */
  commodity?: FundCommodity;
}

/** A commodity a fund holds (518880 黄金ETF: its Au99.99 spot contracts), named as its holdings list names it. */
export interface FundCommodity {
  code: string;
  name: string;
}

/**
 * Fund companies (基金公司) by the brand their funds' names carry: an off-exchange fund's name
 * starts with it (易方达蓝筹精选混合), a generated ETF's ends with it (消费ETF华夏). 兴全 is the brand
 * of 兴证全球基金.
 */
const fundBrands: readonly (readonly [brand: string, company: string])[] = [
  ['易方达', '易方达'],
  ['华夏', '华夏'],
  ['南方', '南方'],
  ['嘉实', '嘉实'],
  ['博时', '博时'],
  ['广发', '广发'],
  ['汇添富', '汇添富'],
  ['富国', '富国'],
  ['招商', '招商'],
  ['工银瑞信', '工银瑞信'],
  ['天弘', '天弘'],
  ['鹏华', '鹏华'],
  ['景顺长城', '景顺长城'],
  ['中欧', '中欧'],
  ['兴证全球', '兴证全球'],
  ['兴全', '兴证全球'],
  ['银华', '银华'],
  ['国泰', '国泰'],
  ['华泰柏瑞', '华泰柏瑞'],
  ['诺安', '诺安'],
  ['华安', '华安'],
  ['华宝', '华宝'],
  ['国联安', '国联安'],
];

/**
 * The companies a fund without a brand in its name is given, by a seeded pick: the compact
 * universe's list, kept as it was so those picks never change.
 */
const compactFundCompanies: readonly string[] = [...new Set(fundBrands.map(([, company]) => company))];

/** The brands of the compact universe's funds and of the full universe's (catalogue-words.json). */
const allFundBrands: readonly (readonly [brand: string, company: string])[] = [
  ...fundBrands,
  ...fullUniverseFundCompanies.flatMap(({ brand, company, etfBrand }) => [
    [brand, company] as const,
    ...(etfBrand && etfBrand !== brand ? [[etfBrand, company] as const] : []),
  ]),
];

/** Every fund company of the demo, once each: the compact universe's first, then the full one's. */
export const fundCompanies: readonly string[] = [
  ...new Set([...compactFundCompanies, ...allFundBrands.map(([, company]) => company)]),
];

/** The real managers of the well-known ETFs, whose names carry no brand. */
const etfCompanies: Readonly<Record<string, string>> = {
  '510300.SH': '华泰柏瑞',
  '159915.SZ': '易方达',
  '510050.SH': '华夏',
  '510500.SH': '南方',
  '588000.SH': '华夏',
  '512880.SH': '国泰',
  '512480.SH': '国联安',
  '515030.SH': '华夏',
  '512690.SH': '鹏华',
  '513050.SH': '易方达',
  '513180.SH': '华夏',
  '159920.SZ': '华夏',
  '518880.SH': '华安',
  '512170.SH': '华宝',
  '512660.SH': '国泰',
  '512800.SH': '华宝',
  '159995.SZ': '华夏',
  '515790.SH': '华泰柏瑞',
};

/** The company that runs a fund: the brand its name carries, else a seeded one (stable per code). */
export function fundCompanyOf(seed: number, fund: Pick<DemoInstrument, 'code' | 'name'>): string {
  const known = etfCompanies[fund.code];
  if (known) return known;
  // The longest brand the name starts or ends with, so 景顺长城 wins over 长城.
  let branded: readonly [string, string] | undefined;
  for (const entry of allFundBrands) {
    const [brand] = entry;
    if (
      (fund.name.startsWith(brand) || fund.name.endsWith(brand)) &&
      brand.length > (branded?.[0].length ?? 0)
    )
      branded = entry;
  }
  return branded ? branded[1] : pick(randomFor(seed, 'fund-company', fund.code), compactFundCompanies);
}

/** Index words of index-fund names and the index each names, most specific first. */
const indexWords: readonly (readonly [word: string, index: string])[] = [
  ['白酒', '399997.SZ'],
  ['沪深300', '000300.SH'],
  ['中证500', '000905.SH'],
  ['中证1000', '000852.SH'],
  ['中证100', '000903.SH'],
  ['中证A50', '930050.CSI'],
  ['上证50', '000016.SH'],
  ['科创50', '000688.SH'],
  ['创业板50', '399673.SZ'],
  ['创业板', '399006.SZ'],
  ['红利', '000922.CSI'],
  ['光伏', '931151.CSI'],
  ['新能源车', '884076.WI'],
  ['新能源', '801730.ZSI'],
  ['半导体', '884160.WI'],
  ['芯片', '884160.WI'],
  ['医疗', '801150.ZSI'],
  ['医药', '801150.ZSI'],
  ['军工', '801740.ZSI'],
  ['银行', '801780.ZSI'],
  ['证券', '801790.ZSI'],
  ['传媒', '801760.ZSI'],
  ['环保', '801970.ZSI'],
  ['煤炭', '801950.ZSI'],
  ['消费', '801120.ZSI'],
  ['恒生科技', 'HSTECH.HI'],
  ['恒生', 'HSI.HI'],
];

/**
 * Every index code of the demo catalogue: the named ones (the full universe's too) and the SW
 * level-1 industries.
 */
const catalogueIndexCodes: ReadonlySet<string> = new Set([
  ...wellKnownIndices.map((index) => index.code),
  ...fullUniverseIndices.map((index) => index.code),
  ...swLevel1Industries.map((industry) => industry.code),
]);

/**
 * The index a fund tracks: an ETF its index (trackedIndex), an index fund or ETF feeder the index
 * its name gives; null for an active fund. An enhanced index fund (指数增强) still has its index.
 */
export function fundIndexOf(fund: DemoInstrument): string | null {
  if (fund.type === 'fund_onside') return trackedIndex(fund, catalogueIndexCodes, swLevel1Industries);
  if (fund.tracks) return fund.tracks;
  if (!fund.name.includes('指数') && !fund.name.includes('ETF联接')) return null;
  const named = indexWords.find(([word]) => fund.name.includes(word))?.[1];
  if (named) return named;
  return swLevel1Industries.find((industry) => fund.name.includes(industry.name.slice(0, 2)))?.code ?? null;
}

export function fundTerms(seed: number, instrument: DemoInstrument): FundTerms {
  const random = randomFor(seed, 'fund', instrument.code);
  const name = instrument.name;
  const commodity = commodityFunds[instrument.code];
  if (commodity)
    return {
      company: fundCompanyOf(seed, instrument),
      category: '商品型',
      benchmark: commodity.benchmark,
      riskLevel: 3,
      management: 0.005,
      custody: 0.001,
      salesService: 0,
      // It holds gold (spot contracts in custody), no stocks.
      equityShare: 0,
      distributed: 0,
      trackedIndex: null,
      commodity: commodity.holding,
    };
  const category =
    instrument.type === 'fund_onside'
      ? '指数型-股票'
      : name.includes('债')
        ? '债券型'
        : name.includes('指数') || name.includes('ETF联接')
          ? '指数型-股票'
          : name.includes('股票')
            ? '股票型'
            : '混合型-偏股';
  const equityShare =
    category === '债券型'
      ? between(random, 0.05, 0.2)
      : category.startsWith('指数')
        ? 0.95
        : // 股票型 funds keep at least 80% in stocks by the CSRC's classification rule.
          between(random, category === '股票型' ? 0.82 : 0.6, 0.93);
  return {
    company: fundCompanyOf(seed, instrument),
    category,
    benchmark: benchmarkOf(name, category, instrument.tracks),
    riskLevel: category === '债券型' ? 2 : category.startsWith('指数') ? 4 : 3,
    management: instrument.type === 'fund_onside' ? 0.005 : category === '债券型' ? 0.003 : 0.012,
    custody: instrument.type === 'fund_onside' ? 0.001 : category === '债券型' ? 0.001 : 0.002,
    salesService: name.endsWith('C') ? 0.004 : 0,
    equityShare,
    distributed: 0,
    trackedIndex: fundIndexOf(instrument),
  };
}

const indexNames: ReadonlyMap<string, string> = new Map(
  [...wellKnownIndices, ...fullUniverseIndices, ...swLevel1Industries].map((index) => [
    index.code,
    index.name,
  ]),
);

/**
 * The performance benchmark (业绩比较基准): an index fund follows the index its name gives (95% of
 * the index, the rest as cash), a bond fund bond yields, the others a stock and bond mix.
 */
function benchmarkOf(name: string, category: string, tracks: string | undefined): string {
  const tracked = tracks ? indexNames.get(tracks) : undefined;
  if (category.startsWith('指数') && tracked)
    return `${tracked.endsWith('指数') ? tracked : `${tracked}指数`}收益率×95%+银行活期存款利率(税后)×5%`;
  const index = name.match(/(?:中证|沪深|上证|深证|创业板|科创|恒生)[\u4e00-\u9fa5\d]*?指数/)?.[0];
  if (category.startsWith('指数') && index) return `${index}收益率×95%+银行活期存款利率(税后)×5%`;
  if (category === '债券型') return '中债综合指数收益率×90%+沪深300指数收益率×10%';
  return '沪深300指数收益率×80%+中债综合指数收益率×20%';
}

/**
 * What a broad, size, dividend or theme index holds, by a rule on the universe that mirrors its real
 * methodology. The rules read only catalogue fields, seeded per-code figures (dividend yield,
 * volatility) and `sizeOf`, each stock's free-float market value, so compositions can be decided
 * before any history exists.
 *
 * The universe is told by its stocks: when any is outside the compact universe (`core` false) the
 * full universe's rules apply (real family sizes: 沪深300 the largest 300, 中证500 the next 500…);
 * otherwise the compact universe's scaled-down rules, which give exactly the members they always did.
 */
export function indexMembership(
  index: DemoInstrument,
  stocks: readonly DemoInstrument[],
  hkStocks: readonly DemoInstrument[],
  seed: number,
  sizeOf: (instrument: DemoInstrument) => number,
): DemoInstrument[] {
  if (stocks.some((stock) => stock.core === false))
    return fullUniverseMembers(index, stocks, hkStocks, seed, sizeOf);
  const bySize = (list: readonly DemoInstrument[]) => [...list].sort((a, b) => sizeOf(b) - sizeOf(a));
  const onBoard = (boards: readonly string[]) => stocks.filter((stock) => boards.includes(stock.board));
  switch (index.code) {
    case '000001.SH':
      return stocks.filter((stock) => stock.code.endsWith('.SH'));
    case '399001.SZ':
      return bySize(stocks.filter((stock) => stock.code.endsWith('.SZ'))).slice(0, 500);
    case '399006.SZ':
      return bySize(onBoard(['chinext'])).slice(0, 100);
    case '399673.SZ':
      return bySize(onBoard(['chinext'])).slice(0, 50);
    case '000688.SH':
      return bySize(onBoard(['star'])).slice(0, 50);
    case '000016.SH':
      return bySize(stocks.filter((stock) => stock.code.endsWith('.SH') && stock.board === 'sh')).slice(
        0,
        50,
      );
    case '000300.SH':
      return bySize(onBoard(['sh', 'sz', 'star', 'chinext'])).slice(0, 150);
    case '000903.SH':
      return bySize(onBoard(['sh', 'sz', 'star', 'chinext'])).slice(0, 50);
    case '930050.CSI':
      return bySize(onBoard(['sh', 'sz', 'star', 'chinext'])).slice(0, 50);
    case '000905.SH':
      return bySize(onBoard(['sh', 'sz', 'star', 'chinext'])).slice(150, 250);
    case '000852.SH':
      return bySize(onBoard(['sh', 'sz', 'star', 'chinext'])).slice(200);
    case '399005.SZ':
      return bySize(onBoard(['sz'])).slice(0, 100);
    case '899050.BJ':
      return onBoard(['bj']);
    case '399997.SZ':
    case '884039.WI':
      return stocks.filter(isBaijiuMaker);
    case 'HSI.HI':
      return bySize(hkStocks).slice(0, 40);
    case 'HSCEI.HI':
      return bySize(hkStocks).slice(0, 30);
    case 'HSTECH.HI':
      return bySize(hkStocks).slice(10, 40);
    default: {
      // Concept and theme indices: a seeded handful from the industries the theme belongs to.
      const industries = themeIndustries[index.code];
      const pool = industries ? stocks.filter((stock) => industries.includes(stock.industry ?? '')) : stocks;
      const random = randomFor(seed, 'members', index.code);
      return pool.filter(() => random() < 0.6).slice(0, 40);
    }
  }
}

/**
 * The liquor makers of the 白酒 indices: food and beverage stocks named for their liquor, and the
 * famous ones whose names do not say it (贵州茅台, 五粮液, 泸州老窖, 洋河股份…).
 */
const baijiuWithoutTheWord = new Set(['600519.SH', '000858.SZ', '000568.SZ', '002304.SZ', '603369.SH']);

export function isBaijiuMaker(stock: DemoInstrument): boolean {
  return stock.industry === '801120.ZSI' && (/酒/.test(stock.name) || baijiuWithoutTheWord.has(stock.code));
}

/** The industries a fund's name points at by its theme word; a broad or style name points at none. */
const fundThemeIndustries: readonly (readonly [RegExp, readonly string[]])[] = [
  [/消费/, ['801120.ZSI', '801110.ZSI', '801200.ZSI', '801980.ZSI']],
  [/医疗|医药|健康/, ['801150.ZSI']],
  [/新能源|光伏|电池/, ['801730.ZSI', '801880.ZSI']],
  [/军工/, ['801740.ZSI']],
  [/银行/, ['801780.ZSI']],
  [/证券|非银/, ['801790.ZSI']],
  [/传媒/, ['801760.ZSI']],
  [/环保/, ['801970.ZSI']],
  [/煤炭/, ['801950.ZSI']],
  [/科技|信息|芯片|半导体/, ['801080.ZSI', '801750.ZSI', '801770.ZSI']],
  [/制造/, ['801890.ZSI', '801730.ZSI', '801880.ZSI', '801080.ZSI']],
  [/红利/, ['801780.ZSI', '801950.ZSI', '801160.ZSI', '801960.ZSI']],
];

/**
 * The stocks an off-exchange fund chooses from, by the theme in its name: a 白酒 fund holds liquor
 * makers, a 医疗 fund healthcare, a broad or style fund (蓝筹, 成长, 均衡…) the whole market.
 */
export function fundStockPool(fund: DemoInstrument, stocks: readonly DemoInstrument[]): DemoInstrument[] {
  const mandate = fundMandate(fund);
  if (mandate === 'baijiu') return stocks.filter(isBaijiuMaker);
  const pool = mandate ? stocks.filter((stock) => mandate.includes(stock.industry ?? '')) : [];
  return pool.length > 0 ? pool : [...stocks];
}

/**
 * What a fund's name makes its stock pool (fundStockPool): the liquor makers, the industries of its
 * theme, or the whole market (null). Funds with the same mandate choose from the same pool.
 */
export function fundMandate(fund: DemoInstrument): 'baijiu' | readonly string[] | null {
  if (fund.name.includes('白酒')) return 'baijiu';
  return fundThemeIndustries.find(([word]) => word.test(fund.name))?.[1] ?? null;
}

/** Whether a fund follows an index by its name (指数, but not an enhanced one that picks its own). */
export function isIndexFund(fund: DemoInstrument): boolean {
  return fund.name.includes('指数') && !fund.name.includes('增强');
}

const themeIndustries: Readonly<Record<string, readonly string[]>> = {
  '884201.WI': ['801750.ZSI', '801770.ZSI', '801080.ZSI'],
  '884160.WI': ['801080.ZSI'],
  '884076.WI': ['801880.ZSI', '801730.ZSI'],
  '884091.WI': ['801150.ZSI'],
  '884232.WI': ['801750.ZSI', '801770.ZSI'],
  '000922.CSI': ['801780.ZSI', '801160.ZSI', '801950.ZSI', '801040.ZSI'],
  '931151.CSI': ['801730.ZSI'],
};

/** The index an ETF tracks: the named ones by their real index, the rest by a theme word. */
export function trackedIndex(
  etf: DemoInstrument,
  indexCodes: ReadonlySet<string>,
  industries: readonly { code: string; name: string }[],
): string | null {
  if (commodityFunds[etf.code]) return null;
  const known: Readonly<Record<string, string>> = {
    '510300.SH': '000300.SH',
    '159915.SZ': '399006.SZ',
    '510050.SH': '000016.SH',
    '510500.SH': '000905.SH',
    '588000.SH': '000688.SH',
    '512880.SH': '801790.ZSI',
    '512480.SH': '884160.WI',
    '159995.SZ': '884160.WI',
    '515030.SH': '884076.WI',
    '512690.SH': '399997.SZ',
    '513180.SH': 'HSTECH.HI',
    '513050.SH': 'HSTECH.HI',
    '159920.SZ': 'HSI.HI',
    '512170.SH': '801150.ZSI',
    '512660.SH': '801740.ZSI',
    '512800.SH': '801780.ZSI',
    '515790.SH': '931151.CSI',
  };
  const direct = known[etf.code];
  if (direct && indexCodes.has(direct)) return direct;
  // The full universe's ETFs are generated for an index (catalogue-extension.ts).
  if (etf.tracks && indexCodes.has(etf.tracks)) return etf.tracks;
  const byName = industries.find((industry) => etf.name.includes(industry.name.slice(0, 2)));
  if (byName) return byName.code;
  const random = randomFor(0, 'etf-index', etf.code);
  return pick(random, industries).code;
}

const rankings = new WeakMap<
  readonly DemoInstrument[],
  { sizeOf: (instrument: DemoInstrument) => number; sizes: number[]; ranked: DemoInstrument[] }
>();

/**
 * A list ranked by size, largest first; ties keep list order. Every index of a composition pass
 * ranks the same list by the same sizes, so the ranking is kept for the list and reused: at once
 * for the same `sizeOf` (a pass makes one over its prices, and it must not change its answers while
 * in use; reading 5,000 sizes for each of a hundred indices at each of eleven reviews was a second
 * of a first start), else while the sizes read the same.
 */
function rankedBySize(
  list: readonly DemoInstrument[],
  sizeOf: (instrument: DemoInstrument) => number,
): DemoInstrument[] {
  const cached = rankings.get(list);
  if (cached?.sizeOf === sizeOf) return cached.ranked;
  const sizes = list.map(sizeOf);
  if (cached?.sizes.every((size, i) => size === sizes[i])) {
    rankings.set(list, { ...cached, sizeOf });
    return cached.ranked;
  }
  const order = list.map((_, i) => i).sort((a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0) || a - b);
  const ranked = order.map((i) => list[i] as DemoInstrument);
  rankings.set(list, { sizeOf, sizes, ranked });
  return ranked;
}

/**
 * A theme index of the full universe: the largest stocks of its industries, narrowed by the words
 * their names carry where the theme is narrower than the industry (a 证券公司 index holds brokers,
 * not insurers), with the well-known members named outright.
 */
interface ThemeRule {
  industries: readonly string[];
  size: number;
  name?: RegExp;
  also?: readonly string[];
}

const fullThemeRules: Readonly<Record<string, ThemeRule>> = {
  '399975.SZ': { industries: ['801790.ZSI'], size: 50, name: /证券|期货/, also: ['600030.SH', '300059.SZ'] },
  '399986.SZ': { industries: ['801780.ZSI'], size: 50 },
  '399967.SZ': { industries: ['801740.ZSI'], size: 80 },
  '399989.SZ': {
    industries: ['801150.ZSI'],
    size: 100,
    name: /医疗|器械|诊断|医学|健康/,
    also: ['300760.SZ', '300015.SZ'],
  },
  '000933.SH': { industries: ['801150.ZSI'], size: 100 },
  '399971.SZ': { industries: ['801760.ZSI'], size: 50 },
  '000827.SH': { industries: ['801970.ZSI', '801160.ZSI'], size: 100 },
  '399998.SZ': { industries: ['801950.ZSI'], size: 50 },
  '399976.SZ': {
    industries: ['801880.ZSI', '801730.ZSI'],
    size: 50,
    name: /汽车|车|电池|锂|动力/,
    also: ['300750.SZ', '002594.SZ'],
  },
  '399808.SZ': { industries: ['801730.ZSI', '801160.ZSI'], size: 80 },
  '990001.CSI': {
    industries: ['801080.ZSI'],
    size: 50,
    name: /半导体|微电|电路|芯|晶/,
    also: ['688981.SH', '688041.SH', '688012.SH', '603986.SH'],
  },
  '930713.CSI': {
    industries: ['801750.ZSI', '801080.ZSI', '801770.ZSI'],
    size: 50,
    name: /智能|数据|软件|信息|数码|科技/,
    also: ['002230.SZ', '688041.SH'],
  },
  '000932.SH': {
    industries: ['801120.ZSI', '801010.ZSI', '801110.ZSI', '801200.ZSI', '801980.ZSI'],
    size: 50,
  },
  '930653.CSI': { industries: ['801120.ZSI'], size: 50 },
  '000819.SH': { industries: ['801050.ZSI'], size: 50 },
  '930598.CSI': { industries: ['801050.ZSI'], size: 50, name: /稀土|钨|钼|磁/ },
  '930606.CSI': { industries: ['801040.ZSI'], size: 40 },
  '000813.SH': { industries: ['801030.ZSI'], size: 50 },
  '399995.SZ': { industries: ['801720.ZSI', '801710.ZSI'], size: 50 },
  '931775.CSI': { industries: ['801180.ZSI'], size: 80 },
  '930697.CSI': { industries: ['801110.ZSI'], size: 50 },
  '931079.CSI': { industries: ['801770.ZSI', '801080.ZSI'], size: 50 },
  '930901.CSI': { industries: ['801760.ZSI'], size: 40, name: /游戏|互娱|影视|文化/ },
  '931719.CSI': {
    industries: ['801730.ZSI', '801050.ZSI'],
    size: 50,
    name: /电池|锂|储能|电源/,
    also: ['300750.SZ'],
  },
  '931152.CSI': { industries: ['801150.ZSI'], size: 50, name: /药|生物|基因/, also: ['600276.SH'] },
  '930641.CSI': { industries: ['801150.ZSI'], size: 50, name: /药/, also: ['600436.SH', '000538.SZ'] },
  '399441.SZ': { industries: ['801150.ZSI'], size: 50, name: /生物|基因|药/ },
  '931494.CSI': {
    industries: ['801080.ZSI', '801110.ZSI'],
    size: 50,
    name: /电子|光学|显示|精密|光电/,
    also: ['002475.SZ'],
  },
};

// A theme narrowed by name keeps at least this many members, else it takes its whole industries.
const smallestTheme = 10;

const hkTechCodes = new Set([
  '00700.HK',
  '09988.HK',
  '03690.HK',
  '01810.HK',
  '09618.HK',
  '09999.HK',
  '01024.HK',
  '09868.HK',
  '02015.HK',
  '09888.HK',
  '01211.HK',
  '00175.HK',
]);

/** The full universe's index rules (indexMembership says when they apply). */
function fullUniverseMembers(
  index: DemoInstrument,
  stocks: readonly DemoInstrument[],
  hkStocks: readonly DemoInstrument[],
  seed: number,
  sizeOf: (instrument: DemoInstrument) => number,
): DemoInstrument[] {
  const ranked = rankedBySize(stocks, sizeOf);
  const where = (test: (stock: DemoInstrument) => boolean) => ranked.filter(test);
  const onShanghai = (stock: DemoInstrument) => stock.code.endsWith('.SH');
  const onShenzhen = (stock: DemoInstrument) => stock.code.endsWith('.SZ');
  const onBoard = (board: string) => (stock: DemoInstrument) => stock.board === board;
  // The CSI families draw from Shanghai and Shenzhen, every board but Beijing.
  const csi = () => where((stock) => stock.board !== 'bj');
  const mainBoard = (stock: DemoInstrument) => stock.board === 'sh' || stock.board === 'sz';
  // Dividend indices rank by yield (or yield for each unit of risk); non-payers never qualify.
  const byYield = (
    list: readonly DemoInstrument[],
    count: number,
    key = (stock: DemoInstrument) => dividendYield(seed, stock),
  ) =>
    list
      .map((stock) => ({ stock, key: key(stock) }))
      .filter((entry) => entry.key > 0)
      .sort((a, b) => b.key - a.key)
      .slice(0, count)
      .map(({ stock }) => stock);
  const hkRanked = () => rankedBySize(hkStocks, sizeOf);
  switch (index.code) {
    case '000001.SH':
      return stocks.filter(onShanghai);
    case '399106.SZ':
      return stocks.filter(onShenzhen);
    case '399001.SZ':
      return where(onShenzhen).slice(0, 500);
    case '399330.SZ':
      return where(onShenzhen).slice(0, 100);
    case '399005.SZ':
      return where(onBoard('sz')).slice(0, 100);
    case '399006.SZ':
      return where(onBoard('chinext')).slice(0, 100);
    case '399673.SZ':
      return where(onBoard('chinext')).slice(0, 50);
    case '399102.SZ':
      return stocks.filter(onBoard('chinext'));
    case '000688.SH':
      return where(onBoard('star')).slice(0, 50);
    case '000698.SH':
      return where(onBoard('star')).slice(50, 150);
    case '000680.SH':
      return stocks.filter(onBoard('star'));
    case '000016.SH':
      return where(onBoard('sh')).slice(0, 50);
    case '000010.SH':
      return where(onShanghai).slice(0, 180);
    case '000009.SH': {
      const top180 = new Set(where(onShanghai).slice(0, 180));
      return where((stock) => stock.board === 'sh' && !top180.has(stock)).slice(0, 380);
    }
    case '000903.SH':
      return csi().slice(0, 100);
    case '000300.SH':
      return csi().slice(0, 300);
    case '000905.SH':
      return csi().slice(300, 800);
    case '000906.SH':
      return csi().slice(0, 800);
    case '000852.SH':
      return csi().slice(800, 1800);
    case '932000.CSI':
      return csi().slice(1800, 3800);
    case '000985.CSI':
      return csi();
    case '399303.SZ':
      return ranked.slice(1000, 3000);
    case '930050.CSI':
      return industryLeaders(csi(), 1, 50);
    case '000510.SH':
      return industryLeaders(csi(), 3, 500);
    case '899050.BJ':
      return where(onBoard('bj')).slice(0, 50);
    // Dividend indices: the highest yields among the larger (liquid) companies of their market.
    case '000922.CSI':
      return byYield(csi().slice(0, 1500), 100);
    case '000015.SH':
      return byYield(where(onShanghai).slice(0, 800), 50);
    case '399324.SZ':
      return byYield(where(onShenzhen).slice(0, 600), 40);
    case '930955.CSI': {
      // 红利低波: yield over volatility, so steady payers (banks, utilities) lead.
      const steadyYield = (stock: DemoInstrument) =>
        dividendYield(seed, stock) / priceProfile(seed, stock).volatility;
      return byYield(csi().filter(mainBoard).slice(0, 1500), 100, steadyYield);
    }
    case '399997.SZ':
    case '884039.WI':
      return stocks.filter(isBaijiuMaker);
    case 'HSI.HI':
      return hkRanked().slice(0, 85);
    case 'HSCEI.HI':
      return hkRanked().slice(0, 50);
    case 'HSTECH.HI':
      return hkRanked()
        .filter(
          (stock) => hkTechCodes.has(stock.code) || /科技|网络|互联|智能|软件|电子|-S?W$/.test(stock.name),
        )
        .slice(0, 30);
    case 'HSHCI.HI':
      return hkRanked()
        .filter((stock) => stock.code === '02269.HK' || /医|药|生物|健康/.test(stock.name))
        .slice(0, 40);
    default:
      return themeMembers(index, ranked, seed);
  }
}

/** The largest `perIndustry` of every SW level-1 industry, then the largest others, up to `total`. */
function industryLeaders(
  ranked: readonly DemoInstrument[],
  perIndustry: number,
  total: number,
): DemoInstrument[] {
  const taken = new Map<string, number>();
  const chosen = new Set<DemoInstrument>();
  for (const stock of ranked) {
    const count = taken.get(stock.industry ?? '') ?? 0;
    if (count < perIndustry) {
      chosen.add(stock);
      taken.set(stock.industry ?? '', count + 1);
    }
  }
  for (const stock of ranked) {
    if (chosen.size >= total) break;
    chosen.add(stock);
  }
  return ranked.filter((stock) => chosen.has(stock)).slice(0, total);
}

function themeMembers(
  index: DemoInstrument,
  ranked: readonly DemoInstrument[],
  seed: number,
): DemoInstrument[] {
  const rule = fullThemeRules[index.code];
  if (rule) {
    const inIndustries = ranked.filter((stock) => rule.industries.includes(stock.industry ?? ''));
    const named = rule.name
      ? inIndustries.filter((stock) => rule.also?.includes(stock.code) || rule.name?.test(stock.name))
      : inIndustries;
    return (named.length >= smallestTheme ? named : inIndustries).slice(0, rule.size);
  }
  // Concept indices of the compact universe: a seeded share of their industries' stocks, the largest
  // hundred of them, as concept indices of the real market run to about a hundred members.
  const industries = themeIndustries[index.code];
  const pool = industries ? ranked.filter((stock) => industries.includes(stock.industry ?? '')) : ranked;
  const random = randomFor(seed, 'members', index.code);
  return pool.filter(() => random() < 0.6).slice(0, 100);
}
