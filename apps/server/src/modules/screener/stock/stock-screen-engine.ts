import { performance } from 'node:perf_hooks';
import type { Quote, StockCondition } from '@zhicai/contract';
import { type DayBarRow, sessionMinutes } from '@zhicai/domain';
import {
  backgroundTurn,
  fanOutSliceMs,
  nextTurn,
  sliceCheckpoint,
} from '../../../market/event-loop-slices.ts';
import type { Instrument } from '../../../market/instrument-directory.ts';
import type { Market } from '../../../market/market.ts';
import { elapsedSessionMinutes, trailingDividendCash } from '../../stock/handicap.ts';
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
  orderOf,
  type PriorFigures,
  priorFigures,
  type ReturnPeriod,
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

/**
 * Number(value.toFixed(decimals)) without building the string (a tick rounds two figures of every
 * stock that moved: 股息率 as the quote header rounds it, 量比 as the handicap does). The scaled value
 * rounds to the same integer unless it lies within a hair of a tie, where the float product may fall
 * on the other side of the exact decimal one; those, and figures too large for the hair to cover
 * the product's error, take toFixed itself.
 */
export function roundedAsFixed(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Math.abs(value) * factor;
  if (!(scaled < 1e9) || Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6)
    return Number(value.toFixed(decimals));
  const rounded = Math.round(scaled) / factor;
  return value < 0 ? -rounded : rounded;
}

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

/**
 * One choice's option columns. `fill` marks each stock's options (`mark(option value, stock row)`),
 * so a choice costs one pass over the stocks (or the index member lists), however many options it
 * has: asking each option of each stock cost some 0.5 s at full size, on the boot path.
 */
function choiceColumn(
  count: number,
  options: readonly { value: string; label: string }[],
  fill: (mark: (value: string, stock: number) => void) => void,
  keepEmpty = false,
): ChoiceColumn {
  const all = options.map(({ value, label }) => ({ value, label, members: new Uint8Array(count), count: 0 }));
  const byValue = new Map(all.map((option) => [option.value, option]));
  fill((value, stock) => {
    const option = byValue.get(value);
    if (option && option.members[stock] === 0) {
      option.members[stock] = 1;
      option.count += 1;
    }
  });
  const kept = keepEmpty ? all : all.filter((option) => option.count > 0);
  return { options: kept, byValue: new Map(kept.map((option) => [option.value, option])) };
}

function choiceColumns(
  market: Market,
  stocks: readonly Instrument[],
  indexOf: ReadonlyMap<string, number>,
): Map<string, ChoiceColumn> {
  const { directory } = market;
  const count = stocks.length;
  const swLevel = (level: 1 | 2 | 3) => {
    const codes = [...new Set(stocks.flatMap((stock) => stock.swPath[level - 1] ?? []))].sort();
    return choiceColumn(
      count,
      codes.map((code) => ({ value: code, label: directory.swIndustry(code)?.name ?? code })),
      (mark) =>
        stocks.forEach((stock, row) => {
          const code = stock.swPath[level - 1];
          if (code !== undefined) mark(code, row);
        }),
    );
  };
  const membership = (type: 'index_gn' | 'index_hs') => {
    const indices = directory.ofType(type);
    return choiceColumn(
      count,
      indices.map((index) => ({ value: index.code, label: index.name })),
      (mark) => {
        for (const index of indices)
          for (const member of directory.membersOf(index.code)) {
            const row = indexOf.get(member.code);
            if (row !== undefined) mark(index.code, row);
          }
      },
    );
  };
  return new Map([
    [
      'PLATES',
      // The protocol's fixed options stay valid on any market, held by no stock or many.
      choiceColumn(
        count,
        plateOptions,
        (mark) =>
          stocks.forEach((stock, row) => {
            for (const option of plateOptions) if (option.board === stock.board) mark(option.value, row);
          }),
        true,
      ),
    ],
    [
      'BASIC_ST',
      choiceColumn(
        count,
        stOptions,
        (mark) =>
          stocks.forEach((stock, row) => {
            for (const option of stOptions) if (option.st === stock.isSt) mark(option.value, row);
          }),
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
  const elapsed = new Map<string, Map<number, number>>();
  const session = (stock: Instrument) => {
    let minutes = sessions.get(stock.market);
    if (minutes === undefined) {
      minutes = sessionMinutes(stock.market).length - 1;
      sessions.set(stock.market, minutes);
    }
    return minutes;
  };
  const elapsedAt = (stock: Instrument, time: number) => {
    let byTime = elapsed.get(stock.market);
    if (!byTime) {
      byTime = new Map();
      elapsed.set(stock.market, byTime);
    }
    let minutes = byTime.get(time);
    if (minutes === undefined) {
      minutes = elapsedSessionMinutes(stock.market, time);
      byTime.set(time, minutes);
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
      (dividendYield as Float64Array)[index] = roundedAsFixed(cash / quote.price, 4) * 100;
    const perMinute = table.minuteVolume[index] as number;
    if (quote.volume > 0 && perMinute > 0) {
      const minutes = quote.status === 'closed' ? session(stock) : elapsedAt(stock, quote.time);
      if (minutes > 0)
        (ratio as Float64Array)[index] = roundedAsFixed(
          quote.volume / Math.min(minutes, session(stock)) / perMinute,
          2,
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

/** The order of each n-day change column's rows (orderOf), kept for the next tick's ranks. */
const returnOrders = new WeakMap<Float64Array, Uint32Array>();

/**
 * RPS ranks a stock's n-day change among all stocks': ranked over the whole change columns, each
 * in the order of its rows kept from `previous` (the last snapshot's columns) and put right.
 */
function rankReturns(columns: Map<string, Float64Array>, previous?: ReadonlyMap<string, Float64Array>): void {
  for (const n of rankedPeriods) rankReturn(columns, n, previous);
}

/** The periods RPS ranks (not the 5-day change). */
const rankedPeriods = returnPeriods.filter((n) => n !== 5);

/** One period's RPS column (a live refresh orders and ranks each period in slices of their own: rankStep). */
function rankReturn(
  columns: Map<string, Float64Array>,
  n: ReturnPeriod,
  previous?: ReadonlyMap<string, Float64Array>,
): void {
  columns.set(
    `RPS_${n}`,
    rpsOf(columns.get(returnColumn(n)) as Float64Array, orderReturn(columns, n, previous)),
  );
}

/** One period's n-day changes in order (orderOf), put right from the order `previous` kept. */
function orderReturn(
  columns: Map<string, Float64Array>,
  n: ReturnPeriod,
  previous?: ReadonlyMap<string, Float64Array>,
): Uint32Array {
  const values = columns.get(returnColumn(n)) as Float64Array;
  const before = previous?.get(returnColumn(n));
  const order = orderOf(values, before && returnOrders.get(before));
  returnOrders.set(values, order);
  return order;
}

/**
 * Step `step` of a live refresh's ranks: even steps order a period's changes, odd ones rank them
 * (rpsOf) from that order. Each is one slice's work at most: at the open an order and its ranks in
 * one slice came to 16-31 ms with a collection (flash-push profiles).
 */
function rankStep(
  columns: Map<string, Float64Array>,
  step: number,
  previous: ReadonlyMap<string, Float64Array>,
): void {
  const n = rankedPeriods[step >> 1] as ReturnPeriod;
  const values = columns.get(returnColumn(n)) as Float64Array;
  if (step % 2 === 0) orderReturn(columns, n, previous);
  else columns.set(`RPS_${n}`, rpsOf(values, returnOrders.get(values)));
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
  /**
   * A day table built or loaded from the store, its 评分 pass, a tick's refresh, new index members,
   * or the choice columns built on their first use.
   */
  kind: 'table' | 'loaded' | 'scores' | 'live' | 'members' | 'choices';
  /**
   * CPU time of the refresh (ms): of the process over a table build (which also waits on reads);
   * of its own steps for a loaded table (decoding, the live rows; the reads' I/O aside).
   */
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

export function createStockScreenEngine(
  market: Market,
  repository: StockScreenRepository,
  onRefresh: (cost: RefreshCost) => void = () => {},
  /** How long a slice of a tick's refresh runs before it yields (tests make it part-way at once). */
  liveSliceMs = fanOutSliceMs,
) {
  const stocks = market.directory
    .ofType('capital')
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const codes = stocks.map((stock) => stock.code);
  const indexOf = new Map(codes.map((code, index) => [code, index]));
  /**
   * The choice columns, built on their first use (a screen, the catalogue, a refresh): the server
   * listens before any of them (issue 15, a restart serves within 1 s), and a new index review drops
   * them to be built again.
   */
  let choiceTable: Map<string, ChoiceColumn> | null = null;
  /** The indices whose members the CONCEPT and INDEX choices hold (instruments stay; members move). */
  const membershipIndices = market.directory.ofType('index_gn', 'index_hs').map((index) => index.code);
  /** The index member lists the CONCEPT and INDEX choices were (or will be) built from. */
  let members = memberLists();
  const diagnosis = createDiagnosisService(market);
  let table: DailyTable | null = null;
  let snapshot: Snapshot | null = null;
  /** A day's table built or loaded (the first, or a new trading day): requests wait for it. */
  let building: Promise<void> | null = null;
  /** A tick's refresh under way in slices; a request that comes meanwhile finishes it (current). */
  let liveJob: LiveRefresh | null = null;
  /** The 评分 pass of the day's table under way (scoreTable). */
  let scoring: Promise<void> | null = null;
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
   * Drops the choice columns (the next use builds them again) when the directory's index members
   * moved (a review a roll passed reloads them, directory.reloadMembers); whether they did.
   */
  function followMembers(): boolean {
    if (!membersMoved()) return false;
    members = memberLists();
    choiceTable = null;
    catalogueCache = null;
    return true;
  }

  /**
   * The choice columns, built on first use (see choiceTable) over the index members of that moment.
   * Callers read the snapshot first (current), which drops them when the members moved since.
   */
  function choices(): Map<string, ChoiceColumn> {
    if (!choiceTable) {
      const startedAt = performance.now();
      const cpuAt = process.cpuUsage();
      members = memberLists();
      choiceTable = choiceColumns(market, stocks, indexOf);
      onRefresh({
        kind: 'choices',
        cpuMs: cpuMsSince(cpuAt),
        wallMs: performance.now() - startedAt,
        recomputed: stocks.length,
      });
    }
    return choiceTable;
  }

  /** The stored day table of `day` (and its 评分 columns when their pass was stored), or null. */
  async function loadTable(
    day: number,
    count: number,
    measured: <T>(work: () => T) => T,
  ): Promise<{ table: DailyTable; scored: boolean } | null> {
    const payload = await repository.days.read('stock-table', day);
    if (!payload) return null;
    const scorePayload = await repository.days.read('stock-scores', day);
    // Rows line up with this universe's stocks only (a listing or a delisting since moves them).
    const linesUp = (stored: StoredColumns) =>
      stored.codes.length === count && stored.codes.every((code, at) => code === codes[at]);
    return measured(() => {
      const stored = JSON.parse(payload) as StoredTable;
      if (!linesUp(stored)) return null;
      const columns = decodeColumns(stored.columns);
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
    });
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
    // A refresh carries the new columns into the snapshot, though no quote moved.
    if (!stopped) void begin()?.catch(() => {});
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

  /** Makes `columns` (the day's columns added) the snapshot requests read from now on. */
  function publish(day: number, quotes: (Quote | undefined)[], live: Map<string, Float64Array>): Snapshot {
    const columns = new Map(live);
    for (const [code, values] of (table as DailyTable).columns) columns.set(code, values);
    version += 1;
    const view: Snapshot = { key: String(version), day, quotes, columns };
    snapshot = view;
    return view;
  }

  /**
   * Builds (or loads from the store) the table of a new trading day, or the first, then every
   * stock's live row from the quotes at its end. Requests wait for it: it reads the stored history.
   */
  async function buildDay(day: number, quotes: readonly (Quote | undefined)[]): Promise<void> {
    const startedAt = performance.now();
    const cpuAt = process.cpuUsage();
    // The CPU of the load's own steps (decoding, the live rows): what the process spends over the
    // whole load also counts the work interleaved with its reads (the fund table, the quotes' warm-up).
    let ownCpuMs = 0;
    const measured = <T>(work: () => T): T => {
      const at = process.cpuUsage();
      try {
        return work();
      } finally {
        ownCpuMs += cpuMsSince(at);
      }
    };
    // A new day: the index members may have moved with it (a review the roll passed).
    followMembers();
    const stored = await loadTable(day, stocks.length, measured);
    const daily = stored?.table ?? (await buildTable(day, quotes));
    table = daily;
    if (!stored) await storeTable(daily);
    if (!stored?.scored)
      scoring = scoreTable(daily)
        .catch(() => {})
        .finally(() => {
          scoring = null;
        });
    // The quotes may have moved while the table was read: take them again before computing.
    const latest = quotesNow();
    publish(
      day,
      latest,
      measured(() => liveColumns(stocks, latest, daily)),
    );
    onRefresh({
      kind: stored ? 'loaded' : 'table',
      // A built table reads every stock's history in slices: all the process spent meanwhile.
      cpuMs: stored ? ownCpuMs : cpuMsSince(cpuAt),
      wallMs: performance.now() - startedAt,
      recomputed: stocks.length,
    });
  }

  /**
   * A tick's refresh: the stocks whose quote figures moved since `base` are recomputed into copies of
   * its live columns (a request keeps reading `base` meanwhile), then the RPS ranks, which compare
   * every stock, are ranked again and the snapshot is published. The background runs it in slices
   * (at full size a tick moves most of the market's quotes); a request that comes before it is done
   * finishes it at once, so the request waits for the rest of its work only, never for the turns
   * its slices gave to other work.
   */
  function liveRefresh(
    base: Snapshot,
    daily: DailyTable,
    quotes: (Quote | undefined)[],
    kind: 'live' | 'members',
  ) {
    const startedAt = performance.now();
    let cpuMs = 0;
    /** The stocks whose figures moved since `base`, found in slices (scanned: how far the look got). */
    const changed: number[] = [];
    let scanned = 0;
    let columns: Map<string, Float64Array> | null = null;
    let write: ReturnType<typeof liveRowWriter> | null = null;
    let next = 0;
    /** The rank steps done so far (rankStep: two per period, rankedPeriods order). */
    let ranked = 0;
    /** Rows written between two looks at the clock. */
    const rowsPerLook = 64;
    return {
      /**
       * Works until `deadline` (performance.now()) or to the end; the snapshot once published, or
       * null while rows are left.
       */
      advance(deadline: number): Snapshot | null {
        const cpuAt = process.cpuUsage();
        const rowsBefore = next;
        // The look for moved stocks is sliced too: at the open every quote is new, and reading
        // ~5,000 of them in one go was a block of 17 ms before a collection (flash-push profile).
        while (scanned < quotes.length) {
          if (!sameLiveFigures(base.quotes[scanned], quotes[scanned])) changed.push(scanned);
          scanned += 1;
          if (scanned % rowsPerLook === 0 && scanned < quotes.length && performance.now() >= deadline) {
            cpuMs += cpuMsSince(cpuAt);
            return null;
          }
        }
        if (!columns && changed.length > 0) {
          columns = new Map();
          for (const [code, values] of base.columns)
            if (liveCodeSet.has(code)) columns.set(code, values.slice());
          write = liveRowWriter(columns, daily);
        }
        while (write && next < changed.length) {
          const index = changed[next] as number;
          write(index, stocks[index] as Instrument, quotes[index]);
          next += 1;
          if (next % rowsPerLook === 0 && performance.now() >= deadline) {
            cpuMs += cpuMsSince(cpuAt);
            return null;
          }
        }
        // The ranks (a sort of the market per period, 2-10 ms each at full size on a loaded
        // machine, 17-79 ms for the four in one go) start a new slice each step once this one is spent.
        let workedInSlice = next > rowsBefore;
        while (columns && ranked < rankedPeriods.length * 2) {
          if (workedInSlice && performance.now() >= deadline) {
            cpuMs += cpuMsSince(cpuAt);
            return null;
          }
          rankStep(columns, ranked, base.columns);
          ranked += 1;
          workedInSlice = true;
        }
        const view = publish(base.day, quotes, columns ?? base.columns);
        cpuMs += cpuMsSince(cpuAt);
        onRefresh({ kind, cpuMs, wallMs: performance.now() - startedAt, recomputed: changed.length });
        return view;
      },
    };
  }
  type LiveRefresh = ReturnType<typeof liveRefresh>;

  /**
   * Starts bringing the snapshot up to the quotes now: a new trading day's table (or the first),
   * which it returns, or a live refresh run in slices in the background. A live refresh under way
   * is dropped: the new one starts from the last snapshot with later quotes.
   */
  function begin(): Promise<void> | null {
    if (building) return building;
    const quotes = quotesNow();
    const day = currentDay(quotes);
    if (!table || table.day !== day || !snapshot || snapshot.day !== day) {
      liveJob = null;
      const build = buildDay(day, quotes).finally(() => {
        building = null;
      });
      building = build;
      // Ticks during the build are in the quotes it read at its end; a change since starts one more.
      // A failed build is tried again by the next tick or request, not at once.
      build.then(
        () => {
          if (!stopped && stale(snapshot)) void begin()?.catch(() => {});
        },
        () => {},
      );
      return build;
    }
    const kind = followMembers() ? 'members' : 'live';
    const job = liveRefresh(snapshot, table, quotes, kind);
    liveJob = job;
    void drive(job).catch(() => {});
    return null;
  }

  /** Runs a live refresh in slices until it is done, dropped (a later one replaced it) or stopped. */
  async function drive(job: LiveRefresh): Promise<void> {
    try {
      // Every slice, the first included, behind a tick's socket fan-out and the beat (inForeground),
      // not slice for slice beside them: the interval's check starts a refresh from a timer, in the
      // middle of the open's beat (in a profile of the flash-push bench's open, its first slice and
      // the pass over every quote that finds the moved ones ran in one 100 ms block with a slice of
      // the beat and a collection). A request that needs the refresh sooner finishes it on its own
      // turn (current).
      while (liveJob === job && !stopped) {
        await backgroundTurn();
        if (liveJob !== job || stopped) return;
        if (job.advance(performance.now() + liveSliceMs)) return;
      }
    } finally {
      if (liveJob === job) liveJob = null;
    }
  }

  /** Finishes the live refresh under way now, on the caller's turn. */
  function finishLive(): void {
    const job = liveJob;
    if (!job) return;
    liveJob = null;
    job.advance(Number.POSITIVE_INFINITY);
  }

  /**
   * A condition as the catalogue shows it, kept per column: a snapshot shares the day's columns (and
   * a tick that moved no quote, every column) with the one before, so only the columns a refresh
   * wrote anew are described again.
   */
  function describedOf(view: Snapshot, definition: ConditionDefinition): StockCondition {
    const source =
      definition.kind === 'choice' ? choices().get(definition.code) : view.columns.get(definition.code);
    if (!source) return describe(view, definition);
    let condition = described.get(source);
    if (!condition) {
      condition = describe(view, definition);
      described.set(source, condition);
    }
    return condition;
  }

  /** Every condition as the catalogue shows it for a snapshot (each new column described once). */
  function catalogueOf(view: Snapshot): StockCondition[] {
    if (catalogueCache?.key !== view.key)
      catalogueCache = {
        key: view.key,
        conditions: conditionDefinitions.map((definition) => describedOf(view, definition)),
      };
    return catalogueCache.conditions;
  }

  /**
   * The latest snapshot. Requests mostly only read it: the background refresh follows every tick.
   * A request that finds a refresh under way finishes it; one that finds the quotes moved anyway (a
   * tick whose refresh is still queued, or a change that came without a tick: the close, a reload)
   * refreshes first: it never answers older figures than the engine holds. Only a day's table
   * (the first, or a new trading day's) is waited for.
   */
  async function current(): Promise<Snapshot> {
    for (;;) {
      if (building) {
        await building;
        continue;
      }
      finishLive();
      if (snapshot && !stale(snapshot)) return snapshot;
      const build = begin();
      if (build) await build;
    }
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
        if (!stopped) void begin()?.catch(() => {});
      });
    });
    timer = setInterval(() => {
      if (!building && !liveJob && stale(snapshot)) void begin()?.catch(() => {});
    }, intervalMs);
    timer.unref();
    void Promise.resolve(begin())
      .then(() => prepareChoices())
      .catch(() => {});
  }

  /**
   * Builds the choice columns in the background once the day's table is in, so the first screen
   * finds them built: each stock's industry path parses its stored profile on first read (some
   * 50 ms at full size), read here in slices. A screen that comes first builds them itself.
   */
  async function prepareChoices(): Promise<void> {
    const checkpoint = sliceCheckpoint();
    for (const stock of stocks) {
      await checkpoint();
      if (stopped || choiceTable) return;
      // The first read of the path parses the stored profile, which the directory then keeps.
      void stock.swPath;
    }
    await nextTurn();
    if (!stopped && !choiceTable) choices();
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
    liveJob = null;
    while (building || scoring) {
      if (building) await building.catch(() => {});
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
  /** Scratch figures of the column a catalogue entry describes (describe). */
  const scratchFigures = new Float64Array(stocks.length);

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
        const column = choices().get(criterion.definition.code);
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
    const column = choices().get(criterion.definition.code);
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
      const column = choices().get(definition.code) as ChoiceColumn;
      // The stocks holding any option, counted once (a concept choice has hundreds of options).
      const held = scratchUnion.fill(0);
      let holders = 0;
      for (const { members } of column.options)
        for (let stock = 0; stock < members.length; stock += 1)
          if (members[stock] === 1 && held[stock] === 0) {
            held[stock] = 1;
            holders += 1;
          }
      return {
        ...base,
        min: null,
        max: null,
        count: holders,
        histogram: [],
        options: column.options.map(({ value, label, count }) => ({ value, label, count })),
      };
    }
    const values = view.columns.get(definition.code) as Float64Array;
    // The figures into the scratch column, with their count, least, greatest and ones (flags) in one
    // pass: the catalogue describes some forty live columns after every tick, so none is sorted.
    let count = 0;
    let ones = 0;
    let least = Number.POSITIVE_INFINITY;
    let greatest = Number.NEGATIVE_INFINITY;
    for (const value of values) {
      if (!Number.isFinite(value)) continue;
      scratchFigures[count++] = value;
      if (value === 1) ones += 1;
      if (value < least) least = value;
      if (value > greatest) greatest = value;
    }
    const finite = scratchFigures.subarray(0, count);
    if (definition.kind === 'flag') {
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
      min: finite.length > 0 ? roundTo(least, definition.decimals) : null,
      max: finite.length > 0 ? roundTo(greatest, definition.decimals) : null,
      count: finite.length,
      histogram: histogramOf(finite, definition.decimals),
      options: [],
    };
  }

  return {
    stocks,
    codes,
    indexOf,
    /** A choice condition's option columns (read the snapshot first: current). */
    choice: (code: string): ChoiceColumn | undefined => choices().get(code),
    current,
    start,
    stop,
    /** Settles once the refreshes and the 评分 pass under way are done; tests wait on it instead of sleeping. */
    async idle(): Promise<void> {
      while (queued || building || liveJob || scoring) {
        if (building) await building.catch(() => {});
        else if (scoring && !liveJob) await scoring;
        else await nextTurn();
      }
    },
    /** How many refreshes have run (a request that only reads the snapshot runs none). */
    refreshes: () => version,
    matching,
    countMatching,
    figureOf,
    choiceLabels,
    /**
     * Every condition as the catalogue shows it now (cached per snapshot), described when asked: a
     * column is a few passes over the market (no sort), some forty live ones a few milliseconds after
     * a tick, where following every tick in the background cost that much each tick, in the way of
     * the select calls, whether the editor was open or not.
     */
    async catalogue(): Promise<{ view: Snapshot; conditions: StockCondition[] }> {
      const view = await current();
      return { view, conditions: catalogueOf(view) };
    },
    /** One condition as the catalogue shows it now (select/range): only its own column is described. */
    async condition(definition: ConditionDefinition): Promise<StockCondition> {
      return describedOf(await current(), definition);
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
 * Puts the k-th smallest (from 0) of `values[from..to]` at index k, the smaller ones before it and
 * the greater after, and returns it: a percentile without sorting the whole (quickselect, three-way
 * so a column of few distinct figures — day counts, flags — stays linear).
 */
export function selectNth(values: Float64Array, k: number, from = 0, to = values.length - 1): number {
  let low = from;
  let high = to;
  while (low < high) {
    const first = values[low] as number;
    const middle = values[(low + high) >>> 1] as number;
    const last = values[high] as number;
    // The median of three as the pivot.
    const pivot = Math.max(Math.min(first, middle), Math.min(Math.max(first, middle), last));
    let below = low;
    let at = low;
    let above = high;
    while (at <= above) {
      const value = values[at] as number;
      if (value < pivot) {
        values[at] = values[below] as number;
        values[below] = value;
        below += 1;
        at += 1;
      } else if (value > pivot) {
        values[at] = values[above] as number;
        values[above] = value;
        above -= 1;
      } else at += 1;
    }
    if (k < below) high = below - 1;
    else if (k > above) low = above + 1;
    else return pivot;
  }
  return values[k] as number;
}

/**
 * Twenty equal buckets from the 1st to the 99th percentile of the values (in any order; they are
 * reordered); the values below and above fall into the end buckets, so every stock is counted once
 * and one outlier does not squeeze the rest into a single bar.
 */
export function histogramOf(
  values: Float64Array,
  decimals: number,
): { from: number; to: number; count: number }[] {
  if (values.length === 0) return [];
  // The 1st percentile, then the 99th among the values at or above it.
  const lowAt = Math.floor(0.01 * (values.length - 1));
  const highAt = Math.floor(0.99 * (values.length - 1));
  const low = selectNth(values, lowAt);
  const high = selectNth(values, highAt, lowAt);
  if (high <= low)
    return [{ from: roundTo(low, decimals), to: roundTo(high, decimals), count: values.length }];
  const buckets = 20;
  const width = (high - low) / buckets;
  const counts = new Array<number>(buckets).fill(0);
  for (const value of values) {
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
