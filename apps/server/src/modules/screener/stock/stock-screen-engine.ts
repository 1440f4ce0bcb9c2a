import { performance } from 'node:perf_hooks';
import type { Quote, StockCondition } from '@zhicai/contract';
import { type DayBarRow, sessionMinutes } from '@zhicai/domain';
import { sliceCheckpoint } from '../../../market/event-loop-slices.ts';
import type { Instrument } from '../../../market/instrument-directory.ts';
import type { Market } from '../../../market/market.ts';
import { dividendYieldOf, elapsedSessionMinutes, trailingDividendCash } from '../../stock/handicap.ts';
import { northBoundColumns } from '../north-bound/north-bound-columns.ts';
import { decodeColumn, encodeColumn } from '../screen-day-store.ts';
import { createDiagnosisService } from '../strategy/diagnosis.service.ts';
import { type DiagnosisFigures, diagnosisScores } from '../strategy/diagnosis.ts';
import { type ChoiceCriterion, type Criterion, isChoice } from './screen-request.ts';
import {
  type ConditionDefinition,
  conditionDefinitions,
  plateOptions,
  stOptions,
} from './stock-conditions.ts';
import type { CompanyFigures, StockScreenRepository } from './stock-screen.repository.ts';
import {
  decodePrior,
  encodePrior,
  extremePeriods,
  type LiveTechnicalColumns,
  maPeriods,
  type PriorFigures,
  priorFigures,
  returnPeriods,
  rpsOf,
  writeLiveTechnicals,
} from './technical-figures.ts';

/**
 * The stock screen's column store (issue 18 item 1): one Float64Array per range or flag condition
 * over every A-share (NaN = no figure), and one membership array per option of a choice. What the
 * stored history and the reports give is computed once per trading day (`DailyTable`); what the live
 * quote moves is recomputed after each engine tick (`Snapshot`), for the stocks whose quote moved.
 * Both happen in the background (start): a request reads the latest snapshot, and a screen is a
 * pass over typed arrays: ten conditions over 5,473 stocks are some 55,000 comparisons.
 */

export interface ChoiceOptionColumn {
  value: string;
  label: string;
  /** 1 for the stocks holding the option. */
  members: Uint8Array;
  count: number;
}

export interface ChoiceColumn {
  options: ChoiceOptionColumn[];
  byValue: Map<string, ChoiceOptionColumn>;
}

interface DailyTable {
  day: number;
  priors: (PriorFigures | null)[];
  /** The average volume per session minute of the 5 days before the trading day (量比's base); NaN without 5. */
  minuteVolume: Float64Array;
  columns: Map<string, Float64Array>;
  /** Revenue TTM per stock, for the live PS. */
  revenueTtm: Float64Array;
  /** Cash paid per share over the 12 months to the day (handicap's rule), for the live 股息率. */
  dividendCash: Float64Array;
}

export interface Snapshot {
  key: string;
  day: number;
  quotes: (Quote | undefined)[];
  columns: Map<string, Float64Array>;
}

/** Stored bars read per stock: enough for MA250 and RPS250 (two stored years). */
const ROWS_READ = 400;
/** The live column of a stock's n-day change as a fraction: what RPS ranks, not a condition itself. */
const returnColumn = (n: number) => `RETURN_${n}`;

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function companyColumns(stocks: readonly Instrument[], figures: Map<string, CompanyFigures>) {
  const column = () => new Float64Array(stocks.length).fill(Number.NaN);
  const roe = column();
  const grossMargin = column();
  const netMargin = column();
  const revenueGrowth = column();
  const profitGrowth = column();
  const debtRatio = column();
  const operCashFlow = column();
  const revenueTtm = column();
  stocks.forEach((stock, index) => {
    const company = figures.get(stock.code);
    if (!company) return;
    revenueTtm[index] = company.revenueTtm;
    if (company.equity > 0) roe[index] = (company.netProfitTtm / company.equity) * 100;
    grossMargin[index] = company.grossMargin * 100;
    if (company.revenueTtm > 0) netMargin[index] = (company.netProfitTtm / company.revenueTtm) * 100;
    // Growth is measured against a positive base only: from a loss it has no meaning.
    if (company.revenueTtmYearAgo !== null && company.revenueTtmYearAgo > 0)
      revenueGrowth[index] = (company.revenueTtm / company.revenueTtmYearAgo - 1) * 100;
    if (company.netProfitTtmYearAgo !== null && company.netProfitTtmYearAgo > 0)
      profitGrowth[index] = (company.netProfitTtm / company.netProfitTtmYearAgo - 1) * 100;
    if (company.liabilities !== null && company.assets !== null && company.assets > 0)
      debtRatio[index] = (company.liabilities / company.assets) * 100;
    operCashFlow[index] = company.operatingCashFlowTtm;
  });
  return {
    revenueTtm,
    columns: new Map([
      ['ROE', roe],
      ['GROSS_MARGIN', grossMargin],
      ['NET_MARGIN', netMargin],
      ['REVENUE_GROWTH', revenueGrowth],
      ['PROFIT_GROWTH', profitGrowth],
      ['DEBT_RATIO', debtRatio],
      ['OPER_CASH_FLOW', operCashFlow],
    ]),
  };
}

function choiceColumn(
  stocks: readonly Instrument[],
  options: readonly { value: string; label: string }[],
  holds: (stock: Instrument, value: string) => boolean,
  keepEmpty = false,
): ChoiceColumn {
  const columns: ChoiceOptionColumn[] = [];
  for (const option of options) {
    const members = new Uint8Array(stocks.length);
    let count = 0;
    stocks.forEach((stock, index) => {
      if (holds(stock, option.value)) {
        members[index] = 1;
        count += 1;
      }
    });
    if (count > 0 || keepEmpty) columns.push({ value: option.value, label: option.label, members, count });
  }
  return { options: columns, byValue: new Map(columns.map((option) => [option.value, option])) };
}

function choiceColumns(market: Market, stocks: readonly Instrument[]): Map<string, ChoiceColumn> {
  const { directory } = market;
  const swLevel = (level: 1 | 2 | 3) => {
    const codes = [...new Set(stocks.flatMap((stock) => stock.swPath[level - 1] ?? []))].sort();
    return choiceColumn(
      stocks,
      codes.map((code) => ({ value: code, label: directory.swIndustry(code)?.name ?? code })),
      (stock, value) => stock.swPath[level - 1] === value,
    );
  };
  const membership = (type: 'index_gn' | 'index_hs') => {
    const indices = directory.ofType(type);
    const holders = new Map(
      indices.map((index) => [index.code, new Set(directory.membersOf(index.code).map((m) => m.code))]),
    );
    return choiceColumn(
      stocks,
      indices.map((index) => ({ value: index.code, label: index.name })),
      (stock, value) => holders.get(value)?.has(stock.code) ?? false,
    );
  };
  return new Map([
    [
      'PLATES',
      // The protocol's fixed options stay valid on any market, held by no stock or many.
      choiceColumn(
        stocks,
        plateOptions,
        (stock, value) => plateOptions.some((o) => o.value === value && o.board === stock.board),
        true,
      ),
    ],
    [
      'BASIC_ST',
      choiceColumn(
        stocks,
        stOptions,
        (stock, value) => stOptions.some((o) => o.value === value && o.st === stock.isSt),
        true,
      ),
    ],
    ['SW_L1', swLevel(1)],
    ['SW_L2', swLevel(2)],
    ['SW_L3', swLevel(3)],
    ['CONCEPT', membership('index_gn')],
    ['INDEX', membership('index_hs')],
  ]);
}

/**
 * The 评分 columns and the PE percentile, one row per stock, from the diagnosis card's own figures
 * and scoring (strategy/diagnosis.ts): a stock scores here what its card shows when the table is
 * built. 综合 is the mean of the three scores.
 */
const scoreCodes = [
  'SCORE_TOTAL',
  'SCORE_COMPANY',
  'SCORE_TREND',
  'SCORE_VALUE',
  'PE_PERCENTILE_5Y',
] as const;

const scoreCodeSet: ReadonlySet<string> = new Set(scoreCodes);

/** Columns as stored (screen-day-store.ts): the stock codes their rows follow, and each column by code. */
interface StoredColumns {
  codes: string[];
  columns: Record<string, (number | null)[]>;
}

interface StoredTable extends StoredColumns {
  priors: ((number | null)[] | null)[];
  minuteVolume: (number | null)[];
  revenueTtm: (number | null)[];
  dividendCash: (number | null)[];
}

function storedColumns(codes: readonly string[], columns: ReadonlyMap<string, Float64Array>): StoredColumns {
  return {
    codes: [...codes],
    columns: Object.fromEntries([...columns].map(([code, values]) => [code, encodeColumn(values)])),
  };
}

function decodeColumns(columns: StoredColumns['columns']): Map<string, Float64Array> {
  return new Map(Object.entries(columns).map(([code, values]) => [code, decodeColumn(values)]));
}

export function scoreColumns(count: number) {
  const column = () => new Float64Array(count).fill(Number.NaN);
  const company = column();
  const trend = column();
  const value = column();
  const total = column();
  const pePercentile = column();
  return {
    columns: new Map([
      ['SCORE_TOTAL', total],
      ['SCORE_COMPANY', company],
      ['SCORE_TREND', trend],
      ['SCORE_VALUE', value],
      ['PE_PERCENTILE_5Y', pePercentile],
    ]),
    fill(index: number, figures: DiagnosisFigures): void {
      const scores = diagnosisScores(figures);
      company[index] = scores.scoreCompany;
      trend[index] = scores.scoreTrend;
      value[index] = scores.scoreValue;
      total[index] = roundTo((scores.scoreCompany + scores.scoreTrend + scores.scoreValue) / 3, 1);
      if (figures.pePercentile !== null) pePercentile[index] = figures.pePercentile;
    },
  };
}

type DailyInputs = Pick<DailyTable, 'priors' | 'minuteVolume' | 'revenueTtm' | 'dividendCash'>;

/** The codes of the live columns, in the order liveRowWriter writes them. */
const liveCodes = [
  'PRICE',
  'CHG_1D',
  'CHG_5D',
  'CHG_20D',
  'CHG_60D',
  'AMOUNT',
  'TURNOVER_RATE',
  'VOLUME_RATIO',
  'AMPLITUDE',
  'MARKET_CAP',
  'FLOAT_MARKET_CAP',
  'PE_TTM',
  'PB',
  'PS_TTM',
  'DIVIDEND_YIELD',
  ...maPeriods.map((n) => `MA_POS_${n}`),
  'MA_GOLDEN_CROSS',
  'MA_DEAD_CROSS',
  'MACD_GOLDEN_CROSS',
  'MACD_DEAD_CROSS',
  ...extremePeriods.map((n) => `NEW_HIGH_${n}`),
  ...extremePeriods.map((n) => `NEW_LOW_${n}`),
  'UP_DAYS',
  'DOWN_DAYS',
  // The n-day changes as fractions, kept (under names no condition has) for the RPS ranks.
  ...returnPeriods.map(returnColumn),
] as const;
const liveCodeSet: ReadonlySet<string> = new Set(liveCodes);

/**
 * Writes one stock's live row into the columns (every live column of the row is set, NaN where the
 * quote gives no figure), from its quote and the day's table at the same index. A full build writes
 * every row into fresh columns; a tick's refresh writes the stocks whose quote moved into copies.
 */
function liveRowWriter(columns: ReadonlyMap<string, Float64Array>, table: DailyInputs) {
  const at = (code: string) => columns.get(code) as Float64Array;
  const all = liveCodes.map(at);
  const [
    price,
    chg1d,
    chg5d,
    chg20d,
    chg60d,
    amount,
    turnover,
    ratio,
    amplitude,
    cap,
    floatCap,
    pe,
    pb,
    ps,
    dividendYield,
  ] = all;
  const technicals: LiveTechnicalColumns = {
    maPosition: maPeriods.map((n) => at(`MA_POS_${n}`)),
    maGoldenCross: at('MA_GOLDEN_CROSS'),
    maDeadCross: at('MA_DEAD_CROSS'),
    macdGoldenCross: at('MACD_GOLDEN_CROSS'),
    macdDeadCross: at('MACD_DEAD_CROSS'),
    newHigh: extremePeriods.map((n) => at(`NEW_HIGH_${n}`)),
    newLow: extremePeriods.map((n) => at(`NEW_LOW_${n}`)),
    upDays: at('UP_DAYS'),
    downDays: at('DOWN_DAYS'),
    periodReturn: returnPeriods.map((n) => at(returnColumn(n))),
  };
  const five = at(returnColumn(5));
  const twenty = at(returnColumn(20));
  const sixty = at(returnColumn(60));
  // 量比 as the handicap's volumeRatio computes it, with the session's minutes counted once per
  // market and quote time instead of once per stock (5,473 stocks share a handful of times).
  const sessions = new Map<string, number>();
  const elapsed = new Map<string, number>();
  const session = (stock: Instrument) => {
    let minutes = sessions.get(stock.market);
    if (minutes === undefined) {
      minutes = sessionMinutes(stock.market).length - 1;
      sessions.set(stock.market, minutes);
    }
    return minutes;
  };
  const elapsedAt = (stock: Instrument, time: number) => {
    const key = `${stock.market}|${time}`;
    let minutes = elapsed.get(key);
    if (minutes === undefined) {
      minutes = elapsedSessionMinutes(stock.market, time);
      elapsed.set(key, minutes);
    }
    return minutes;
  };
  return (index: number, stock: Instrument, quote: Quote | undefined): void => {
    for (const values of all) (values as Float64Array)[index] = Number.NaN;
    if (!quote || quote.price === null) return;
    (price as Float64Array)[index] = quote.price;
    if (quote.chgPct !== null) (chg1d as Float64Array)[index] = quote.chgPct * 100;
    (amount as Float64Array)[index] = quote.amount;
    if (quote.turnoverRate !== null) (turnover as Float64Array)[index] = quote.turnoverRate * 100;
    if (quote.amplitude !== null) (amplitude as Float64Array)[index] = quote.amplitude * 100;
    if (quote.marketCap !== null) (cap as Float64Array)[index] = quote.marketCap;
    if (quote.floatMarketCap !== null) (floatCap as Float64Array)[index] = quote.floatMarketCap;
    if (quote.pe !== null) (pe as Float64Array)[index] = quote.pe;
    if (quote.pb !== null) (pb as Float64Array)[index] = quote.pb;
    const revenue = table.revenueTtm[index] as number;
    if (quote.marketCap !== null && revenue > 0) (ps as Float64Array)[index] = quote.marketCap / revenue;
    const cash = table.dividendCash[index] as number;
    // In percent, from the quote header's fraction (rounded to 4 decimals), so both show one figure.
    if (Number.isFinite(cash) && quote.price > 0)
      (dividendYield as Float64Array)[index] = dividendYieldOf(cash, quote.price) * 100;
    const perMinute = table.minuteVolume[index] as number;
    if (quote.volume > 0 && perMinute > 0) {
      const minutes = quote.status === 'closed' ? session(stock) : elapsedAt(stock, quote.time);
      if (minutes > 0)
        (ratio as Float64Array)[index] = Number(
          (quote.volume / Math.min(minutes, session(stock)) / perMinute).toFixed(2),
        );
    }
    const prior = table.priors[index];
    if (!prior || quote.prevClose === null || quote.prevClose <= 0) return;
    writeLiveTechnicals(prior, quote.price, quote.prevClose, technicals, index);
    (chg5d as Float64Array)[index] = (five[index] as number) * 100;
    (chg20d as Float64Array)[index] = (twenty[index] as number) * 100;
    // The 60-day change is the same figure RPS60 ranks.
    (chg60d as Float64Array)[index] = (sixty[index] as number) * 100;
  };
}

/** RPS ranks a stock's n-day change among all stocks': ranked over the whole change columns. */
function rankReturns(columns: Map<string, Float64Array>): void {
  for (const n of returnPeriods)
    if (n !== 5) columns.set(`RPS_${n}`, rpsOf(columns.get(returnColumn(n)) as Float64Array));
}

/** The live columns from the quotes and the day's table. */
export function liveColumns(
  stocks: readonly Instrument[],
  quotes: readonly (Quote | undefined)[],
  table: DailyInputs,
): Map<string, Float64Array> {
  const columns = new Map<string, Float64Array>(
    liveCodes.map((code) => [code, new Float64Array(stocks.length).fill(Number.NaN)]),
  );
  const write = liveRowWriter(columns, table);
  for (let index = 0; index < stocks.length; index += 1)
    write(index, stocks[index] as Instrument, quotes[index]);
  rankReturns(columns);
  return columns;
}

/** What a background refresh cost: the bench prints it beside the request budget it keeps. */
export interface RefreshCost {
  /** A day table built or loaded from the store, its 评分 pass, a tick's refresh, or new index members. */
  kind: 'table' | 'loaded' | 'scores' | 'live' | 'members';
  /** CPU time of this process over the refresh (ms); the table build also waits on reads. */
  cpuMs: number;
  wallMs: number;
  /** Stocks whose live figures were recomputed (every stock for a table build). */
  recomputed: number;
}

/** The quote figures the live columns read; a stock whose figures all equal the last snapshot's keeps its row. */
function sameLiveFigures(a: Quote | undefined, b: Quote | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.price === b.price &&
    a.volume === b.volume &&
    a.amount === b.amount &&
    a.status === b.status &&
    a.time === b.time &&
    a.tradingDay === b.tradingDay &&
    a.prevClose === b.prevClose &&
    a.marketCap === b.marketCap &&
    a.pe === b.pe &&
    a.pb === b.pb &&
    a.high === b.high &&
    a.low === b.low
  );
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * The CPU a sliced piece of work spends itself: the process's CPU while it runs, less what the
 * requests and ticks served between its slices spent (`outside` a yield).
 */
function cpuMeter() {
  let spent = 0;
  let since: NodeJS.CpuUsage | null = process.cpuUsage();
  const pause = () => {
    if (since) spent += cpuMsSince(since);
    since = null;
  };
  return {
    async outside(yielded: Promise<void> | undefined): Promise<void> {
      if (!yielded) return;
      pause();
      await yielded;
      since = process.cpuUsage();
    },
    ms(): number {
      pause();
      return spent;
    },
  };
}
type CpuMeter = ReturnType<typeof cpuMeter>;

export function createStockScreenEngine(
  market: Market,
  repository: StockScreenRepository,
  onRefresh: (cost: RefreshCost) => void = () => {},
) {
  const stocks = market.directory
    .ofType('capital')
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const codes = stocks.map((stock) => stock.code);
  const indexOf = new Map(codes.map((code, index) => [code, index]));
  const choices = choiceColumns(market, stocks);
  /** The indices whose members the CONCEPT and INDEX choices hold (instruments stay; members move). */
  const membershipIndices = market.directory.ofType('index_gn', 'index_hs').map((index) => index.code);
  /** The index member lists the CONCEPT and INDEX choices were built from. */
  let members = memberLists();
  const diagnosis = createDiagnosisService(market);
  let table: DailyTable | null = null;
  let snapshot: Snapshot | null = null;
  /** The refresh under way; a request that finds the quotes moved waits for it instead of computing. */
  let refreshing: Promise<Snapshot> | null = null;
  /** The 评分 pass of the day's table under way (scoreTable). */
  let scoring: Promise<void> | null = null;
  /** A tick came while a refresh ran: one more refresh follows it. */
  let again = false;
  /** A tick's refresh is queued for after the tick's other listeners. */
  let queued = false;
  let version = 0;
  let catalogueCache: { key: string; conditions: StockCondition[] } | null = null;
  /** Each column's (or choice's) catalogue entry, once described (describedOf). */
  const described = new WeakMap<object, StockCondition>();
  let unsubscribe: (() => void) | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  /** Set when the app closes: background builds stop at their next slice. */
  let stopped = false;

  /** The trading day the screen is for: the latest of the A-shares' quotes. */
  function currentDay(quotes: readonly (Quote | undefined)[]): number {
    let day = 0;
    for (const quote of quotes) if (quote && quote.tradingDay > day) day = quote.tradingDay;
    return day;
  }

  function memberLists(): (readonly unknown[])[] {
    return membershipIndices.map((code) => market.directory.membersOf(code));
  }

  /** Whether the directory's index members moved since the choices were built (a new list each reload). */
  function membersMoved(): boolean {
    return !membershipIndices.every((code, at) => {
      const list = market.directory.membersOf(code);
      return list === members[at] || (list.length === 0 && members[at]?.length === 0);
    });
  }

  /**
   * Rebuilds the membership choices when the directory's index members moved (a review a roll
   * passed reloads them, directory.reloadMembers); whether they did.
   */
  function followMembers(): boolean {
    if (!membersMoved()) return false;
    members = memberLists();
    for (const [code, column] of choiceColumns(market, stocks)) choices.set(code, column);
    catalogueCache = null;
    return true;
  }

  /** The stored day table of `day` (and its 评分 columns when their pass was stored), or null. */
  async function loadTable(
    day: number,
    count: number,
  ): Promise<{ table: DailyTable; scored: boolean } | null> {
    const payload = await repository.days.read('stock-table', day);
    if (!payload) return null;
    const stored = JSON.parse(payload) as StoredTable;
    // Rows line up with this universe's stocks only (a listing or a delisting since moves them).
    const linesUp = (stored: StoredColumns) =>
      stored.codes.length === count && stored.codes.every((code, at) => code === codes[at]);
    if (!linesUp(stored)) return null;
    const columns = decodeColumns(stored.columns);
    const scorePayload = await repository.days.read('stock-scores', day);
    const scores = scorePayload ? (JSON.parse(scorePayload) as StoredColumns) : null;
    const scored = scores !== null && linesUp(scores);
    for (const code of scoreCodes) columns.set(code, new Float64Array(count).fill(Number.NaN));
    if (scores && scored)
      for (const [code, values] of decodeColumns(scores.columns)) columns.set(code, values);
    return {
      scored,
      table: {
        day,
        priors: stored.priors.map(decodePrior),
        minuteVolume: decodeColumn(stored.minuteVolume),
        revenueTtm: decodeColumn(stored.revenueTtm),
        dividendCash: decodeColumn(stored.dividendCash),
        columns,
      },
    };
  }

  /** Stores a built day table, without its 评分 columns (their pass stores them). */
  async function storeTable(daily: DailyTable): Promise<void> {
    const columns = new Map([...daily.columns].filter(([code]) => !scoreCodeSet.has(code)));
    const stored: StoredTable = {
      ...storedColumns(codes, columns),
      priors: daily.priors.map(encodePrior),
      minuteVolume: encodeColumn(daily.minuteVolume),
      revenueTtm: encodeColumn(daily.revenueTtm),
      dividendCash: encodeColumn(daily.dividendCash),
    };
    await repository.days.write('stock-table', daily.day, JSON.stringify(stored));
  }

  async function buildTable(day: number, quotes: readonly (Quote | undefined)[]): Promise<DailyTable> {
    const priors: (PriorFigures | null)[] = [];
    const minuteVolume = new Float64Array(stocks.length).fill(Number.NaN);
    const dividendCash = new Float64Array(stocks.length).fill(Number.NaN);
    const north = northBoundColumns(stocks.length);
    // In slices: at full size the reads take seconds, and ticks and requests go on meanwhile.
    const checkpoint = sliceCheckpoint();
    for (const [index, stock] of stocks.entries()) {
      await checkpoint();
      if (stopped) throw new Error('the stock screen stopped');
      // Each stock's history up to its own quote's day, as the watchlist's period columns read it.
      const stockDay = quotes[index]?.tradingDay ?? day;
      const rows = (await market.repositories.series.readRecentRows(
        stock.code,
        'day',
        ROWS_READ,
      )) as DayBarRow[];
      priors.push(priorFigures(rows, stockDay));
      north.fill(index, market.provider.northBoundHoldings?.(stock, rows, stockDay) ?? null);
      const shareChanges = await market.repositories.corporateActions.readShareChanges(stock.code);
      dividendCash[index] = trailingDividendCash(stockDay, rows, shareChanges);
      const earlier = rows.filter((row) => row[0] < stockDay && (row[6] ?? 0) > 0).slice(-5);
      if (earlier.length === 5)
        minuteVolume[index] =
          earlier.reduce((sum, row) => sum + (row[6] ?? 0), 0) /
          5 /
          (sessionMinutes(stock.market).length - 1);
    }
    const company = companyColumns(stocks, await repository.companyFigures());
    for (const [code, values] of north.columns) company.columns.set(code, values);
    // The 评分 columns wait for their own pass (scoreTable): empty until it has run.
    for (const code of scoreCodes)
      company.columns.set(code, new Float64Array(stocks.length).fill(Number.NaN));
    return {
      day,
      priors,
      minuteVolume,
      columns: company.columns,
      revenueTtm: company.revenueTtm,
      dividendCash,
    };
  }

  /**
   * Fills a day's 评分 columns from each stock's diagnosis figures, after the table is in use: the
   * figures read every stock's whole history (the 5-year PE percentile), several times the rest of
   * the table, so the fast columns (and the strategies' after-close run) do not wait for them. A
   * refresh then carries them into the snapshot.
   */
  async function scoreTable(daily: DailyTable): Promise<void> {
    const startedAt = performance.now();
    const cpuAt = process.cpuUsage();
    const scores = scoreColumns(stocks.length);
    // In slices: nothing waits for this pass, and at full size it reads for seconds.
    const checkpoint = sliceCheckpoint();
    for (const [index, stock] of stocks.entries()) {
      await checkpoint();
      if (table !== daily || stopped) return;
      scores.fill(index, await diagnosis.figures(stock.code));
    }
    if (table !== daily) return;
    for (const [code, values] of scores.columns) daily.columns.set(code, values);
    await repository.days.write(
      'stock-scores',
      daily.day,
      JSON.stringify(storedColumns(codes, scores.columns)),
    );
    onRefresh({
      kind: 'scores',
      cpuMs: cpuMsSince(cpuAt),
      wallMs: performance.now() - startedAt,
      recomputed: stocks.length,
    });
    void schedule().catch(() => {});
  }

  function quotesNow(): (Quote | undefined)[] {
    return stocks.map((stock) => market.engine.quote(stock.code));
  }

  /**
   * Whether the quotes moved since the snapshot (a tick, the close, a reload of the stored history).
   * Every request asks it: it reads the engine's quotes in place and stops at the first that moved.
   */
  function stale(view: Snapshot | null): boolean {
    if (!view || membersMoved()) return true;
    const { engine } = market;
    for (let index = 0; index < codes.length; index += 1)
      if (!sameLiveFigures(view.quotes[index], engine.quote(codes[index] as string))) return true;
    return false;
  }

  /**
   * Brings the snapshot up to the quotes now. A new trading day (or the first call) builds the day's
   * table and every live row; otherwise only the stocks whose quote figures moved are recomputed
   * into copies of the last columns, and the RPS ranks, which compare every stock, are ranked again.
   */
  async function refresh(): Promise<Snapshot> {
    const startedAt = performance.now();
    const meter = cpuMeter();
    const quotes = quotesNow();
    const day = currentDay(quotes);
    const previous = snapshot;
    let kind: RefreshCost['kind'] = 'live';
    let columns: Map<string, Float64Array>;
    let recomputed = 0;
    if (!table || table.day !== day) {
      // A new day: the index members may have moved with it (a review the roll passed).
      followMembers();
      const stored = await loadTable(day, stocks.length);
      kind = stored ? 'loaded' : 'table';
      table = stored?.table ?? (await buildTable(day, quotes));
      if (!stored) await storeTable(table);
      if (!stored?.scored) {
        const daily = table;
        scoring = scoreTable(daily)
          .catch(() => {})
          .finally(() => {
            scoring = null;
          });
      }
    } else if (followMembers()) {
      kind = 'members';
    }
    const daily = table;
    // The quotes may have moved while the table was read: take them again before computing.
    const rebuilt = kind === 'table' || kind === 'loaded';
    const latest = rebuilt ? quotesNow() : quotes;
    if (rebuilt || !previous || previous.day !== day) {
      columns = liveColumns(stocks, latest, daily);
      recomputed = stocks.length;
    } else {
      const changed: number[] = [];
      for (let index = 0; index < latest.length; index += 1)
        if (!sameLiveFigures(previous.quotes[index], latest[index])) changed.push(index);
      recomputed = changed.length;
      columns =
        changed.length === 0
          ? previous.columns
          : await updatedColumns(previous, latest, daily, changed, meter);
    }
    for (const [code, values] of daily.columns) columns.set(code, values);
    version += 1;
    const view: Snapshot = { key: String(version), day, quotes: latest, columns };
    snapshot = view;
    // Once the catalogue is in use (the editor's distributions), it follows the snapshot in the
    // background too, so the editor's next call only reads it.
    if (catalogueCache) setImmediate(() => void followCatalogue(view));
    onRefresh({ kind, cpuMs: meter.ms(), wallMs: performance.now() - startedAt, recomputed });
    return view;
  }

  /**
   * The live columns with the `changed` stocks' rows recomputed from their new quotes, written into
   * copies of the last snapshot's columns (a request keeps reading the last snapshot meanwhile), in
   * slices: at full size a tick moves most of the market's quotes.
   */
  async function updatedColumns(
    previous: Snapshot,
    quotes: readonly (Quote | undefined)[],
    daily: DailyTable,
    changed: readonly number[],
    meter: CpuMeter,
  ): Promise<Map<string, Float64Array>> {
    const columns = new Map<string, Float64Array>();
    for (const [code, values] of previous.columns)
      if (liveCodeSet.has(code)) columns.set(code, values.slice());
    const write = liveRowWriter(columns, daily);
    const checkpoint = sliceCheckpoint();
    for (const index of changed) {
      await meter.outside(checkpoint());
      if (stopped) throw new Error('the stock screen stopped');
      write(index, stocks[index] as Instrument, quotes[index]);
    }
    await meter.outside(checkpoint());
    rankReturns(columns);
    return columns;
  }

  /**
   * A condition as the catalogue shows it, kept per column: a snapshot shares the day's columns (and
   * a tick that moved no quote, every column) with the one before, so only the columns a refresh
   * wrote anew are described again.
   */
  function describedOf(view: Snapshot, definition: ConditionDefinition): StockCondition {
    const source =
      definition.kind === 'choice' ? choices.get(definition.code) : view.columns.get(definition.code);
    if (!source) return describe(view, definition);
    let condition = described.get(source);
    if (!condition) {
      condition = describe(view, definition);
      described.set(source, condition);
    }
    return condition;
  }

  /** Every condition as the catalogue shows it for a snapshot (each new column sorted once). */
  function catalogueOf(view: Snapshot): StockCondition[] {
    if (catalogueCache?.key !== view.key)
      catalogueCache = {
        key: view.key,
        conditions: conditionDefinitions.map((definition) => describedOf(view, definition)),
      };
    return catalogueCache.conditions;
  }

  /**
   * The catalogue of a new snapshot, described in the background in slices (a tick rewrites some
   * forty live columns, each sorted for its distribution), so no request waits for it.
   */
  async function followCatalogue(view: Snapshot): Promise<void> {
    const checkpoint = sliceCheckpoint();
    for (const definition of conditionDefinitions) {
      await checkpoint();
      if (snapshot !== view || stopped || !catalogueCache) return;
      describedOf(view, definition);
    }
    catalogueOf(view);
  }

  /** Starts a refresh in the background unless one runs; a tick during one asks for one more. */
  function schedule(): Promise<Snapshot> {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    const run = refresh().finally(() => {
      refreshing = null;
      if (again) {
        again = false;
        void schedule().catch(() => {});
      }
    });
    refreshing = run;
    return run;
  }

  /**
   * The latest snapshot. Requests only read it: the background refresh follows every tick. A
   * request that finds the quotes moved anyway (a refresh still under way, or a change that came
   * without a tick: the close, a reload) waits for the refresh rather than answer old figures.
   */
  async function current(): Promise<Snapshot> {
    // A refresh under way may have read the quotes before the latest tick: wait for it (and the
    // one it queues after itself), then look again.
    while (refreshing) await refreshing;
    if (snapshot && !stale(snapshot)) return snapshot;
    return schedule();
  }

  /** Follows the market: a refresh after every tick, and a cheap check per tick interval for the rest. */
  function start(intervalMs: number): void {
    if (unsubscribe) return;
    stopped = false;
    unsubscribe = market.engine.onTick(() => {
      // After the listeners of this tick: the socket push is not held up by the screen.
      queued = true;
      setImmediate(() => {
        queued = false;
        void schedule().catch(() => {});
      });
    });
    timer = setInterval(() => {
      if (!refreshing && stale(snapshot)) void schedule().catch(() => {});
    }, intervalMs);
    timer.unref();
    void schedule().catch(() => {});
  }

  /**
   * Stops following (the app closes): a build under way stops at its next slice, so the database
   * can close; resolves once nothing runs.
   */
  async function stop(): Promise<void> {
    unsubscribe?.();
    unsubscribe = null;
    if (timer) clearInterval(timer);
    timer = null;
    stopped = true;
    while (refreshing || scoring) {
      if (refreshing) await refreshing.catch(() => {});
      else if (scoring) await scoring;
    }
  }

  /**
   * Scratch rows of one screen, allocated once for the universe and reused by every request: a
   * screen runs synchronously from its first criterion to its count (or its copied rows), so two
   * screens never share them at once.
   */
  const scratchRows = new Uint32Array(stocks.length);
  const scratchUnion = new Uint8Array(stocks.length);

  /**
   * The stocks matching every criterion (but the one at `skip`), in code order, in the scratch rows:
   * the count is its length. Each criterion narrows the rows the one before kept.
   */
  function filterRows(view: Snapshot, criteria: readonly Criterion[], skip: number): Uint32Array {
    const selected = scratchRows;
    let size = stocks.length;
    for (let index = 0; index < size; index += 1) selected[index] = index;
    criteria.forEach((criterion, position) => {
      if (position === skip) return;
      let kept = 0;
      if (isChoice(criterion)) {
        if (criterion.values.length === 0) return;
        const column = choices.get(criterion.definition.code);
        // One option is read as it is; several are joined once, so each stock is one lookup.
        let union: Uint8Array;
        if (criterion.values.length === 1) {
          union = column?.byValue.get(criterion.values[0] as string)?.members ?? scratchUnion.fill(0);
        } else {
          union = scratchUnion.fill(0);
          for (const value of criterion.values) {
            const members = column?.byValue.get(value)?.members;
            if (members)
              for (let stock = 0; stock < members.length; stock += 1)
                union[stock] = (union[stock] as number) | (members[stock] as number);
          }
        }
        for (let at = 0; at < size; at += 1) {
          const stock = selected[at] as number;
          if (union[stock] === 1) selected[kept++] = stock;
        }
      } else {
        const values = view.columns.get(criterion.definition.code) as Float64Array;
        const scale = 10 ** criterion.definition.decimals;
        const low = criterion.left ?? Number.NEGATIVE_INFINITY;
        const high = criterion.right ?? Number.POSITIVE_INFINITY;
        for (let at = 0; at < size; at += 1) {
          const stock = selected[at] as number;
          // Compared as shown: a figure rounds to its decimals before it meets the bounds.
          const value = Math.round((values[stock] as number) * scale) / scale;
          if (value >= low && value <= high) selected[kept++] = stock;
        }
      }
      size = kept;
    });
    return selected.subarray(0, size);
  }

  /** The indices of the stocks matching every criterion, in code order (a copy the caller owns). */
  function matching(view: Snapshot, criteria: readonly Criterion[], skip = -1): Uint32Array {
    return filterRows(view, criteria, skip).slice();
  }

  /** How many stocks match every criterion (select/num): no rows are kept. */
  function countMatching(view: Snapshot, criteria: readonly Criterion[], skip = -1): number {
    return filterRows(view, criteria, skip).length;
  }

  /** A stock's figure of a range or flag condition as answered (rounded), or null. */
  function figureOf(view: Snapshot, definition: ConditionDefinition, stock: number): number | null {
    const value = view.columns.get(definition.code)?.[stock];
    return value === undefined || !Number.isFinite(value) ? null : roundTo(value, definition.decimals);
  }

  function choiceLabels(criterion: ChoiceCriterion, stock: number): string | null {
    const column = choices.get(criterion.definition.code);
    if (!column) return null;
    const asked =
      criterion.values.length > 0 ? criterion.values : column.options.map((option) => option.value);
    const labels = asked.flatMap((value) => {
      const option = column.byValue.get(value);
      return option && option.members[stock] === 1 ? [option.label] : [];
    });
    return labels.length > 0 ? labels.slice(0, 3).join('、') : null;
  }

  function describe(view: Snapshot, definition: ConditionDefinition): StockCondition {
    const base = {
      code: definition.code,
      name: definition.name,
      group: definition.group,
      kind: definition.kind,
      unit: definition.unit,
      description: definition.description,
      live: definition.live,
    };
    if (definition.kind === 'choice') {
      const column = choices.get(definition.code) as ChoiceColumn;
      const holders = new Set<number>();
      for (const option of column.options)
        for (const [index, member] of option.members.entries()) if (member === 1) holders.add(index);
      return {
        ...base,
        min: null,
        max: null,
        count: holders.size,
        histogram: [],
        options: column.options.map(({ value, label, count }) => ({ value, label, count })),
      };
    }
    const values = view.columns.get(definition.code) as Float64Array;
    const finite = Float64Array.from(values.filter(Number.isFinite)).sort();
    if (definition.kind === 'flag') {
      const ones = finite.filter((value) => value === 1).length;
      return {
        ...base,
        min: finite.length > 0 ? 0 : null,
        max: finite.length > 0 ? 1 : null,
        count: finite.length,
        histogram: [],
        options: [
          { value: '1', label: '是', count: ones },
          { value: '0', label: '否', count: finite.length - ones },
        ],
      };
    }
    return {
      ...base,
      min: finite.length > 0 ? roundTo(finite[0] as number, definition.decimals) : null,
      max: finite.length > 0 ? roundTo(finite[finite.length - 1] as number, definition.decimals) : null,
      count: finite.length,
      histogram: histogramOf(finite, definition.decimals),
      options: [],
    };
  }

  return {
    stocks,
    codes,
    indexOf,
    choices,
    current,
    start,
    stop,
    /** Settles once the refreshes and the 评分 pass under way are done; tests wait on it instead of sleeping. */
    async idle(): Promise<void> {
      while (queued || refreshing || scoring) {
        if (refreshing) await refreshing.catch(() => {});
        else if (scoring) await scoring;
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },
    /** How many refreshes have run (a request that only reads the snapshot runs none). */
    refreshes: () => version,
    matching,
    countMatching,
    figureOf,
    choiceLabels,
    /** Every condition as the catalogue shows it now (cached per snapshot). */
    async catalogue(): Promise<{ view: Snapshot; conditions: StockCondition[] }> {
      const view = await current();
      return { view, conditions: catalogueOf(view) };
    },
    /**
     * The rows `from` to `to` (exclusive) of the matched stocks sorted by a condition (missing
     * figures last, then by code): only the first `to` are put in order (a page of 20 out of
     * thousands needs no sort of them all).
     */
    page(
      view: Snapshot,
      selected: Uint32Array,
      sortCode: string,
      order: 'desc' | 'asc',
      from: number,
      to: number,
    ): Uint32Array {
      const values = view.columns.get(sortCode) as Float64Array;
      const direction = order === 'desc' ? -1 : 1;
      const compare = (a: number, b: number) => {
        const left = values[a] as number;
        const right = values[b] as number;
        const leftKnown = Number.isFinite(left);
        const rightKnown = Number.isFinite(right);
        if (leftKnown !== rightKnown) return leftKnown ? -1 : 1;
        if (leftKnown && left !== right) return (left - right) * direction;
        return a - b;
      };
      return firstInOrder(selected, Math.min(to, selected.length), compare).subarray(from, to);
    },
  };
}

/**
 * The first `count` of `rows` in the order of `compare` (a total order), sorted. A bounded heap
 * keeps the `count` best seen so far with the worst on top, so a row that does not belong among
 * them costs one comparison; a count near the whole is sorted outright.
 */
export function firstInOrder(
  rows: Uint32Array,
  count: number,
  compare: (a: number, b: number) => number,
): Uint32Array {
  if (count <= 0) return new Uint32Array(0);
  if (count * 4 >= rows.length) return rows.slice().sort(compare).subarray(0, count);
  const heap = rows.slice(0, count);
  const siftDown = (start: number) => {
    let at = start;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= count) return;
      const right = left + 1;
      const worse = right < count && compare(heap[right] as number, heap[left] as number) > 0 ? right : left;
      if (compare(heap[worse] as number, heap[at] as number) <= 0) return;
      const held = heap[at] as number;
      heap[at] = heap[worse] as number;
      heap[worse] = held;
      at = worse;
    }
  };
  for (let at = (count >> 1) - 1; at >= 0; at -= 1) siftDown(at);
  for (let at = count; at < rows.length; at += 1) {
    const row = rows[at] as number;
    if (compare(row, heap[0] as number) < 0) {
      heap[0] = row;
      siftDown(0);
    }
  }
  return heap.sort(compare);
}

/**
 * Twenty equal buckets from the 1st to the 99th percentile of the sorted values; the values below
 * and above fall into the end buckets, so every stock is counted once and one outlier does not
 * squeeze the rest into a single bar.
 */
export function histogramOf(
  sorted: Float64Array,
  decimals: number,
): { from: number; to: number; count: number }[] {
  if (sorted.length === 0) return [];
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * (sorted.length - 1)))] as number;
  const low = at(0.01);
  const high = at(0.99);
  if (high <= low)
    return [{ from: roundTo(low, decimals), to: roundTo(high, decimals), count: sorted.length }];
  const buckets = 20;
  const width = (high - low) / buckets;
  const counts = new Array<number>(buckets).fill(0);
  for (const value of sorted) {
    const bucket = Math.min(buckets - 1, Math.max(0, Math.floor((value - low) / width)));
    counts[bucket] = (counts[bucket] ?? 0) + 1;
  }
  return counts.map((count, bucket) => ({
    from: roundTo(low + bucket * width, decimals + 2),
    to: roundTo(low + (bucket + 1) * width, decimals + 2),
    count,
  }));
}

export type StockScreenEngine = ReturnType<typeof createStockScreenEngine>;
