/**
 * The background fill of the full-size demo market (issue 15 item 8). The first start generates
 * every price path the market's figures depend on — each stock's bars, the indices composed from
 * them, the ETFs following the indices — and stores the master, the latest rows and every index
 * and ETF series before serving, but leaves writing the extension's ~10,000 day series and
 * generating its ~10,000 funds to this fill, which runs while the server serves.
 *
 * Everything is written through the first start's own functions (demo-histories.ts) over the same
 * stored window, so a series the fill writes is the one the first start would have written, and a
 * fill interrupted by a restart resumes from what is missing.
 */
import type { DayBarRow, DayNumber, TradingMarket } from '@zhicai/domain';
import { nextTurn } from '../../event-loop-slices.ts';
import type { MarketRepositories } from '../../repositories/market-repositories.ts';
import type { FillResult } from '../provider.ts';
import {
  corporateActionRows,
  type FactorEntry,
  fundHistory,
  HistoryWindow,
  type SeriesEntry,
  type ShareEntry,
  trackerHistory,
  walkHistory,
  yearEntries,
} from './demo-histories.ts';
import { entryOf, seriesKind } from './demo-profiles.ts';
import type { DemoInstrument } from './instrument-catalogue.ts';
import type { PriceProfile } from './price-model.ts';

export interface FillPlan {
  repositories: MarketRepositories;
  seed: number;
  /** The catalogue's instruments with a series of their own (not the LOF exchange listings). */
  instruments: readonly DemoInstrument[];
  byCode: ReadonlyMap<string, DemoInstrument>;
  profileOf: (instrument: DemoInstrument) => PriceProfile;
  etfIndexOf: (etf: DemoInstrument) => string | null;
  /** Whether an index is composed from stored members (an ETF on it follows its bars). */
  isComposed: (indexCode: string) => boolean;
  /** The first day of the window the first start generated (market_meta history_start). */
  windowStart: DayNumber;
  /** What the rest of the market is stored through now. */
  through: Record<TradingMarket, DayNumber>;
  /** Brings the LOF listings up to their funds' stored NAVs (demo-provider syncListings). */
  syncListings: () => Promise<number>;
  /** Writes the missing financial statements of these companies. */
  writeStatements: (companies: readonly DemoInstrument[]) => Promise<number>;
  /** Stops the fill between batches (the server shutting down); what is written stays. */
  signal?: AbortSignal;
}

/** How many series a batch writes before the fill lets the server answer requests again. */
const batchSize = 25;
/** How many companies' statements a batch writes. */
const statementBatch = 100;
/** After how many new series the engine rereads the latest rows, so they are quoted. */
const seriesPerReload = 500;

/**
 * Writes what the first start left to the background. `onQuotable` runs after funds were written (the
 * market rereads its latest rows to quote them). Returns what was written; nothing when complete.
 */
export async function fillMarket(plan: FillPlan, onQuotable: () => Promise<void>): Promise<FillResult> {
  const daySeries = await fillDaySeries(plan, onQuotable);
  const funds = await fillFunds(plan, onQuotable);
  // Statements of the companies the first start left out, a batch at a time.
  let statements = 0;
  const companies = plan.instruments.filter((instrument) => instrument.type === 'capital');
  for (let start = 0; start < companies.length && !plan.signal?.aborted; start += statementBatch) {
    statements += await plan.writeStatements(companies.slice(start, start + statementBatch));
    await nextTurn();
  }
  return { daySeries, ...funds, statements };
}

async function missingSeries(plan: FillPlan, kind: 'day' | 'nav'): Promise<DemoInstrument[]> {
  const stored = await plan.repositories.series.storedSeriesCodes(kind);
  return plan.instruments.filter(
    (instrument) => seriesKind(instrument) === kind && !stored.has(instrument.code),
  );
}

async function writeBatch(
  repositories: MarketRepositories,
  entries: readonly SeriesEntry[],
  factors: readonly FactorEntry[],
  shares: readonly ShareEntry[],
): Promise<void> {
  await repositories.transaction(async (trx) => {
    // Latest rows are recorded separately (the first start did for day series).
    await repositories.series.writeSeries(trx, entries, { latestRows: false });
    await repositories.corporateActions.insertFactors(trx, factors);
    await repositories.corporateActions.insertShareChanges(trx, shares);
  });
  await nextTurn();
}

/**
 * The day series the first start left out: stocks (generated then for the indices, so their latest
 * rows, factors and floats are stored already and only the years are written here) and ETFs
 * (generated here from their indices' stored bars, latest rows included). Returns how many it wrote.
 */
export async function fillDaySeries(plan: FillPlan, onQuotable: () => Promise<void>): Promise<number> {
  const { repositories, seed, profileOf } = plan;
  const window = new HistoryWindow(plan.windowStart, plan.through);
  const missing = await missingSeries(plan, 'day');
  // Stocks first: their pages are the most visited, and they are most of the day series.
  const walkers = missing.filter((instrument) => instrument.type !== 'fund_onside');
  const trackers = missing.filter((instrument) => instrument.type === 'fund_onside');
  const indexRows = new Map<string, DayBarRow[]>();
  const ordered = [...walkers, ...trackers];
  const latest = new LatestRows(repositories, onQuotable);
  for (let start = 0; start < ordered.length && !plan.signal?.aborted; start += batchSize) {
    const entries: SeriesEntry[] = [];
    const factors: FactorEntry[] = [];
    const shares: ShareEntry[] = [];
    for (const instrument of ordered.slice(start, start + batchSize)) {
      const profile = profileOf(instrument);
      const days = window.daysOf(instrument, profile.market);
      const isEtf = instrument.type === 'fund_onside';
      // An ETF follows its index's stored bars (one on an index without members walks freely).
      const index = isEtf ? entryOf(plan.byCode, plan.etfIndexOf(instrument)) : undefined;
      if (index && plan.isComposed(index.code)) {
        let rows = indexRows.get(index.code);
        if (!rows) {
          rows = (await repositories.series.readSeries(index.code, 'day')) as DayBarRow[];
          indexRows.set(index.code, rows);
        }
        if (rows.length > 0) {
          const bars = trackerHistory(seed, profile, index, rows, days);
          const years = yearEntries(instrument.code, 'day', bars);
          entries.push(...years);
          latest.add(years);
          // Factor 1 and the float on its first day, as every day series has (it pays no dividends).
          const floatShares = instrument.floatShares ?? profile.floatShares;
          const actions = corporateActionRows(
            instrument.code,
            bars[0]?.[0],
            { factors: [], shareChanges: [] },
            floatShares,
          );
          factors.push(...actions.factors);
          shares.push(...actions.shares);
          continue;
        }
      }
      const { bars, floatShares } = walkHistory(seed, instrument, profile, days, window.start);
      const years = yearEntries(instrument.code, 'day', bars.rows);
      entries.push(...years);
      if (isEtf) latest.add(years);
      const actions = corporateActionRows(instrument.code, bars.rows[0]?.[0], bars, floatShares);
      factors.push(...actions.factors);
      shares.push(...actions.shares);
    }
    await writeBatch(repositories, entries, factors, shares);
    await latest.flushEvery(seriesPerReload);
  }
  await latest.flushEvery(1);
  return ordered.length;
}

/**
 * Latest rows of series the fill writes, recorded every few hundred series (one stored value holds
 * every series' latest rows, so recording per batch would rewrite it hundreds of times); the engine
 * then rereads them and quotes the new series.
 */
class LatestRows {
  private pending: SeriesEntry[] = [];

  constructor(
    private readonly repositories: MarketRepositories,
    private readonly onQuotable: () => Promise<void>,
  ) {}

  /** A series' stored years: its latest year is what its latest rows come from. */
  add(years: readonly SeriesEntry[]): void {
    const lastYear = years.at(-1);
    if (lastYear) this.pending.push(lastYear);
  }

  /** Records the pending latest rows once at least `count` are pending. */
  async flushEvery(count: number): Promise<void> {
    if (this.pending.length === 0 || this.pending.length < count) return;
    const recorded = this.pending;
    this.pending = [];
    await this.repositories.transaction((trx) => this.repositories.series.writeLatestRows(trx, recorded));
    await this.onQuotable();
  }
}

/**
 * The funds the first start left out, with their NAVs from inception, then their LOF listings. Their
 * latest rows are recorded every few hundred funds (one value holds every series' latest rows), and
 * `onQuotable` then lets the engine quote them.
 */
async function fillFunds(
  plan: FillPlan,
  onQuotable: () => Promise<void>,
): Promise<{ funds: number; listingBars: number }> {
  const { repositories, seed, profileOf } = plan;
  const funds = await missingSeries(plan, 'nav');
  const latest = new LatestRows(repositories, onQuotable);
  for (let start = 0; start < funds.length && !plan.signal?.aborted; start += batchSize) {
    const entries: SeriesEntry[] = [];
    for (const fund of funds.slice(start, start + batchSize)) {
      const years = yearEntries(
        fund.code,
        'nav',
        fundHistory(seed, fund, profileOf(fund), plan.through.cn).rows,
      );
      entries.push(...years);
      latest.add(years);
    }
    await writeBatch(repositories, entries, [], []);
    await latest.flushEvery(seriesPerReload);
  }
  await latest.flushEvery(1);
  const listingBars = funds.length > 0 && !plan.signal?.aborted ? await plan.syncListings() : 0;
  return { funds: funds.length, listingBars };
}
