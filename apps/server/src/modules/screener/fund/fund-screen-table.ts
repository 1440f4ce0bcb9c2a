/**
 * The fund screen's column table: every fund's condition values, computed once per NAV day from the
 * market (NAV series, share changes, manager terms, fund terms) and held in memory, one typed column
 * per condition, so a screen of ten conditions over every fund is a loop over arrays.
 */
import type { FundCondition } from '@zhicai/contract';
import { type FundNav, periodBase, periodReturn, periodStartDay, roundReturn } from '@zhicai/domain';
import { sliceCheckpoint } from '../../../market/event-loop-slices.ts';
import type { Instrument } from '../../../market/instrument-directory.ts';
import type { Market } from '../../../market/market.ts';
import { frontLoadRate, fundNetAssets } from '../../fund/fund.service.ts';
import { daysBetween, navPointsOf } from '../../fund/returns.ts';
import type { ScreenDayStore } from '../screen-day-store.ts';
import {
  type FundConditionDefinition,
  type FundFacts,
  fundConditions,
  type RangeCondition,
  starsOfRank,
} from './fund-conditions.ts';
import { annualVolatility, dailyReturns, maxDrawdown, sharpeRatio } from './fund-metrics.ts';
import type { FundScreenRepository } from './fund-screen.repository.ts';

export interface FundScreenTable {
  /** The NAV day the table was computed for. */
  day: number;
  funds: readonly Instrument[];
  facts: readonly FundFacts[];
  /** A range condition's values by row, NaN where a fund has none. */
  numbers: ReadonlyMap<string, Float64Array>;
  /** An options condition's value by row. */
  labels: ReadonlyMap<string, readonly string[]>;
  /** The catalogue entry of each condition: unit, range, distribution, options. */
  catalogue: ReadonlyMap<string, FundCondition>;
}

/** The funds the screen covers: off-exchange funds and LOFs, the funds /fundDetails shows. */
export function screenedFunds(market: Market): Instrument[] {
  return market.directory.ofType('fund_outside', 'fund_lof');
}

/**
 * The newest NAV day of the screened funds (the table is computed again when it moves); the market's
 * trading day when no fund is quoted (a market without funds still answers a day).
 */
export function navDayOf(market: Market, codes: readonly string[]): number {
  // Quote by quote rather than engine.quotes(codes): that built an array of the ~10,000 funds'
  // quotes on every check (15 s) and request, garbage that fed a major collection's marking steps
  // in the flash-push bench's call auction (its CPU profile has navDayOf in a 240 ms run of GC).
  const { engine } = market;
  let day = 0;
  for (let index = 0; index < codes.length; index += 1) {
    const quote = engine.quote(codes[index] as string);
    if (quote !== undefined && quote.tradingDay > day) day = quote.tradingDay;
  }
  return day || engine.clockOf('cn').tradingDay;
}

const yearDays = 365.25;

/** 股票型 of 股票型, 混合型 of 混合型-偏股, 指数型 of 指数型-股票. */
export function categoryGroupOf(category: string): string {
  return category.split('-')[0] || '其他';
}

/** The periods the screen filters by (the fund page's grid has 近1周, 近2年 and 近5年 as well). */
export const screenPeriods = ['m1', 'm3', 'm6', 'y1', 'y3', 'ytd', 'sinceInception'] as const;
export type ScreenPeriod = (typeof screenPeriods)[number];

/**
 * What the table needs of one fund besides its master entry: its NAVs (at least the first and those
 * of the last four years), its latest units and the first day of its longest-serving manager.
 */
export interface FundInputs {
  navs: readonly FundNav[];
  latestUnits: number | undefined;
  tenureStart: number | undefined;
}

/** One fund's facts, every figure by the fund page's rules (returns, size) or fund-metrics.ts. */
export function factsOf(
  fund: Instrument,
  { navs, latestUnits, tenureStart }: FundInputs,
): Omit<FundFacts, 'rating'> {
  const last = navs.at(-1);
  const lastDay = last?.day ?? fund.listingDay;
  // Risk figures over 近1年: from the year's base NAV (the one 近1年收益 starts from) to the newest.
  const yearBase = periodBase(navs, 'y1');
  const year = yearBase ? navs.slice(navs.indexOf(yearBase)) : [];
  const returns = dailyReturns(year);
  const terms = fund.profile.kind === 'fund' ? fund.profile : null;
  const periodReturns = {} as Record<ScreenPeriod, number | null>;
  for (const period of screenPeriods) {
    const base = periodBase(navs, period);
    periodReturns[period] = base && last ? roundReturn(periodReturn(base, last)) : null;
  }
  return {
    category: categoryGroupOf(terms?.category ?? ''),
    company: terms?.company ?? '',
    size: fundNetAssets(fund, latestUnits, last),
    ageYears: Math.max(0, daysBetween(fund.listingDay, lastDay) / yearDays),
    // A term that began before the first NAV counts from its start day all the same: it is the
    // manager's tenure, not the NAV history's.
    tenureYears: tenureStart === undefined ? null : Math.max(0, daysBetween(tenureStart, lastDay) / yearDays),
    returns: periodReturns,
    maxDrawdown: returns.length > 0 ? maxDrawdown(returns) : null,
    volatility: annualVolatility(returns),
    sharpe: sharpeRatio(returns),
    management: terms?.management ?? 0,
    custody: terms?.custody ?? 0,
    purchase: frontLoadRate(fund),
  };
}

/** Stars by the Sharpe ratio within each category (best first); funds without one stay unrated. */
export function ratingsOf(facts: readonly Pick<FundFacts, 'category' | 'sharpe'>[]): (number | null)[] {
  const ratings: (number | null)[] = facts.map(() => null);
  const byCategory = new Map<string, number[]>();
  facts.forEach((fact, index) => {
    if (fact.sharpe === null) return;
    const rows = byCategory.get(fact.category) ?? [];
    rows.push(index);
    byCategory.set(fact.category, rows);
  });
  for (const rows of byCategory.values()) {
    rows.sort((a, b) => (facts[b]?.sharpe ?? 0) - (facts[a]?.sharpe ?? 0));
    rows.forEach((row, rank) => {
      ratings[row] = starsOfRank(rank, rows.length);
    });
  }
  return ratings;
}

const buckets = 20;

function quantile(sorted: Float64Array, share: number): number {
  const position = (sorted.length - 1) * share;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (position - low);
}

/**
 * A range condition's catalogue entry: min and max of the values, and 20 equal buckets from the 1st
 * to the 99th percentile whose outer buckets also count the tails beyond them, so one outlier does
 * not squeeze the whole distribution into a bucket (the editor's slider spans the buckets).
 */
export function rangeEntry(condition: RangeCondition, column: Float64Array): FundCondition {
  const present = column.filter((value) => !Number.isNaN(value)).sort();
  const base = {
    flag: condition.flag,
    name: condition.name,
    group: condition.group,
    kind: 'range' as const,
    unit: condition.unit,
    decimals: condition.decimals,
    description: condition.description,
    count: present.length,
    options: [],
  };
  if (present.length === 0) return { ...base, min: null, max: null, distribution: [] };
  const min = present[0] as number;
  const max = present[present.length - 1] as number;
  const low = quantile(present, 0.01);
  const high = quantile(present, 0.99);
  const factor = 10 ** condition.decimals;
  const width = (high - low) / buckets;
  const distribution =
    width <= 0
      ? [{ left: min, right: max, count: present.length }]
      : Array.from({ length: buckets }, (_, index) => ({
          left: Math.round((low + width * index) * factor) / factor,
          right: Math.round((low + width * (index + 1)) * factor) / factor,
          count: 0,
        }));
  if (width > 0) {
    for (const value of present) {
      const index = Math.min(buckets - 1, Math.max(0, Math.floor((value - low) / width)));
      (distribution[index] as { count: number }).count += 1;
    }
  }
  return { ...base, min, max, distribution };
}

function optionsEntry(condition: FundConditionDefinition, labels: readonly string[]): FundCondition {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return {
    flag: condition.flag,
    name: condition.name,
    group: condition.group,
    kind: 'options',
    unit: '',
    decimals: 0,
    description: condition.description,
    min: null,
    max: null,
    count: labels.length,
    distribution: [],
    options: [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'zh'))
      .map(([value, count]) => ({ value, label: value, count })),
  };
}

/** The columns and the catalogue of a list of funds' facts. */
export function tableOf(
  day: number,
  funds: readonly Instrument[],
  facts: readonly FundFacts[],
): FundScreenTable {
  const numbers = new Map<string, Float64Array>();
  const labels = new Map<string, readonly string[]>();
  const catalogue = new Map<string, FundCondition>();
  for (const condition of fundConditions) {
    if (condition.kind === 'range') {
      const column = new Float64Array(facts.length);
      facts.forEach((fact, index) => {
        column[index] = condition.value(fact) ?? Number.NaN;
      });
      numbers.set(condition.flag, column);
      catalogue.set(condition.flag, rangeEntry(condition, column));
    } else {
      const column = facts.map((fact) => condition.value(fact));
      labels.set(condition.flag, column);
      catalogue.set(condition.flag, optionsEntry(condition, column));
    }
  }
  return { day, funds, facts, numbers, labels, catalogue };
}

/**
 * Funds whose NAV years are read together: few enough that a batch's parsed rows stay small and the
 * computing between two reads holds the event loop for about ten milliseconds at a time.
 */
const navBatch = 25;

const yearOf = (day: number) => Math.floor(day / 10000);

/**
 * The NAV years the figures of a fund quoted in `day`'s year Y read: Y and Y-1 whole (近1年's daily
 * returns, and every period up to 近1年 starts there) and Y-3, where 近3年's base lies; the reader
 * adds the fund's first year (成立来). Y-2 and Y-4 hold a base only when a period starts before the
 * first NAV of its year (early January), which `missesBase` finds. Parsing the NAV JSON is most of
 * the build, and this parses three or four years a fund instead of six.
 */
export function screenYears(day: number): number[] {
  const year = yearOf(day);
  return [year - 3, year - 1, year];
}

/**
 * Whether NAVs read for `screenYears(day)` may lack a base a figure needs, so the fund must be read
 * whole: its newest NAV is not in `day`'s year, or it has NAVs before the start year of 近1年 or
 * 近3年 yet none on or before the start day within that year (the base is then in the year before,
 * which was not read). A fund younger than a period has no base either way.
 */
export function missesBase(navs: readonly FundNav[], day: number): boolean {
  const first = navs[0];
  const last = navs.at(-1);
  if (!first || !last) return false;
  if (yearOf(last.day) !== yearOf(day)) return true;
  for (const period of ['y1', 'y3'] as const) {
    const start = periodStartDay(period, last.day);
    const startYear = yearOf(start);
    if (yearOf(first.day) >= startYear) continue;
    if (!navs.some((nav) => nav.day <= start && yearOf(nav.day) === startYear)) return true;
  }
  return false;
}

/**
 * Reads every screened fund's figures from the market and builds the table for `day`. Each fund's
 * NAVs come from `screenYears` (or, with `allYears`, every year from Y-4 on, the reference read the
 * tests compare with); a fund whose base those years miss is read again from Y-4 on.
 */
export async function buildFundScreenTable(
  market: Market,
  repository: FundScreenRepository,
  day: number,
  { allYears = false, signal }: { allYears?: boolean; signal?: AbortSignal } = {},
): Promise<FundScreenTable> {
  const funds = screenedFunds(market);
  // The longest-serving manager of each fund: the earliest start among its current terms.
  const termStarts = new Map<string, number>();
  for (const term of await market.repositories.fundManagers.listAllTerms()) {
    const known = termStarts.get(term.fund_code);
    if (known === undefined || term.start_day < known) termStarts.set(term.fund_code, term.start_day);
  }
  // 近3年 reaches back into the fourth year before the NAV day's at most (its base in early January).
  const everyYear = { from: yearOf(day) - 4 };
  const years = allYears ? everyYear : screenYears(day);
  const units = await repository.readLatestUnits();
  const partial: Omit<FundFacts, 'rating'>[] = [];
  const checkpoint = sliceCheckpoint();
  const factsOfRows = (fund: Instrument, navs: readonly FundNav[]) =>
    factsOf(fund, { navs, latestUnits: units.get(fund.code), tenureStart: termStarts.get(fund.code) });
  for (let at = 0; at < funds.length; at += navBatch) {
    await checkpoint();
    // The app closes: stop between batches, before the database does.
    signal?.throwIfAborted();
    const batch = funds.slice(at, at + navBatch);
    const rows = await repository.readNavRowsOf(
      batch.map((fund) => fund.code),
      years,
    );
    const whole: number[] = [];
    batch.forEach((fund, index) => {
      const navs = navPointsOf(rows.get(fund.code) ?? [], 'nav');
      if (!allYears && missesBase(navs, day)) whole.push(index);
      else partial[at + index] = factsOfRows(fund, navs);
    });
    if (whole.length === 0) continue;
    const again = await repository.readNavRowsOf(
      whole.map((index) => (batch[index] as Instrument).code),
      everyYear,
    );
    for (const index of whole) {
      const fund = batch[index] as Instrument;
      partial[at + index] = factsOfRows(fund, navPointsOf(again.get(fund.code) ?? [], 'nav'));
    }
  }
  const ratings = ratingsOf(partial);
  const facts = partial.map((fact, index) => ({ ...fact, rating: ratings[index] ?? null }));
  return tableOf(day, funds, facts);
}

/** Facts as stored: a figure JSON cannot hold (NaN, ±Infinity) as its name, so it reads back the same. */
const keepNonFinite = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;
const nonFinite: Readonly<Record<string, number>> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};
const readNonFinite = (_key: string, value: unknown) =>
  typeof value === 'string' && value in nonFinite ? nonFinite[value] : value;

interface StoredFundTable {
  codes: string[];
  facts: FundFacts[];
}

/**
 * The table of `day` from the store (migration 0021) when a build of that day was stored for the
 * same funds; otherwise built (buildFundScreenTable) and stored, so only a new NAV day reads the NAVs
 * again. `loaded` tells which.
 */
export async function storedFundScreenTable(
  market: Market,
  repository: FundScreenRepository,
  store: ScreenDayStore,
  day: number,
  options: { signal?: AbortSignal } = {},
): Promise<{ table: FundScreenTable; loaded: boolean }> {
  const funds = screenedFunds(market);
  const payload = await store.read('fund-table', day);
  if (payload) {
    const stored = JSON.parse(payload, readNonFinite) as StoredFundTable;
    if (stored.codes.length === funds.length && stored.codes.every((code, at) => code === funds[at]?.code))
      return { table: tableOf(day, funds, stored.facts), loaded: true };
  }
  const table = await buildFundScreenTable(market, repository, day, options);
  const stored: StoredFundTable = { codes: table.funds.map((fund) => fund.code), facts: [...table.facts] };
  await store.write('fund-table', day, JSON.stringify(stored, keepNonFinite));
  return { table, loaded: false };
}
