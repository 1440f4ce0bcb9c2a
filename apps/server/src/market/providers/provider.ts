import type { DataSource } from '@zhicai/contract';
import type { BadgeMarket, DayBarRow, DayNumber } from '@zhicai/domain';

/**
 * Where market data comes from (CONVENTIONS "Market data behind providers"). A provider fills the
 * database; the quote engine reads it into memory. A provider with a live feed also hands the engine
 * the session in progress; one without (imported files) serves the last stored close.
 */
export interface MarketProvider {
  readonly source: DataSource;
  /** Fills an empty market or brings the stored one up to the last completed session. */
  prepare(now: Date): Promise<PrepareResult>;
  /**
   * Reads what live sessions need from the stored market without changing it (prepare does this
   * too): an instance that follows another's ticks opens its market this way.
   */
  load?(): Promise<void>;
  /** Today's session of an instrument, minute by minute, from the state the stored history ends in. */
  liveSession?(code: string, day: DayNumber, previous: SeriesState): LiveSession | null;
  /**
   * A stored past day's minutes (subscribeShare with days > 1), regenerated from its previous close;
   * `bar` is the day's stored bar, for instruments whose day is not a function of the close before
   * it (an index composed from its members). `followedBar` is that day's stored bar of the code an
   * ETF follows (etfTracking's followsCode), whose minutes an ETF's day follows.
   */
  pastSession?(
    code: string,
    day: DayNumber,
    prevClose: number,
    bar?: DayBarRow,
    followedBar?: DayBarRow,
  ): LiveSession | null;
  /**
   * Writes, while the server serves, what prepare left to the background (the full demo market's
   * extension); `onQuotable` runs when newly written series can be quoted. Null when nothing was
   * left (or it is all written).
   */
  fill?(now: Date, onQuotable: () => Promise<void>, signal?: AbortSignal): Promise<FillResult | null>;
  /**
   * Writes what a start can leave until it has answered its first requests (issue 15 item 8: a
   * restart answers within 1 s): the demo catalogue of an older data folder stored again in its
   * current form. What it was and the CPU it took, for the start's log; null when nothing was left.
   */
  storeAfterStart?(): Promise<StartWorkDone | null>;
  /** What an ETF's NAV follows (its index, or a commodity) and its NAV on a day; null when unknown. */
  etfTracking?(code: string): EtfTracking | null;
  /**
   * An A-share's north-bound (Stock Connect) holdings as of `day`, read with its day bars (oldest
   * first, as the screen's day table reads them); null where the share is not held. A provider
   * without north-bound data leaves it out, and the 资金 conditions then have no figures.
   */
  northBoundHoldings?(
    stock: NorthBoundShare,
    rows: readonly DayBarRow[],
    day: DayNumber,
  ): NorthBoundHoldings | null;
}

/**
 * What a provider needs of a share to tell its north-bound holdings. Written out rather than picked
 * from the directory's Instrument, since instrument-directory.ts imports this file.
 */
export interface NorthBoundShare {
  code: string;
  board: BadgeMarket;
  isSt: boolean;
  totalShares: number | null;
  floatShares: number | null;
}

/** A share's north-bound holdings on a day. */
export interface NorthBoundHoldings {
  /** Holding, percent of float shares. */
  ratio: number;
  /** Holding in shares. */
  shares: number;
  /** Change of the ratio over 5 and 20 trading days, in percentage points; null with less history. */
  ratioChange5: number | null;
  ratioChange20: number | null;
}

export interface EtfTracking {
  /** The index the ETF tracks; null for a commodity ETF. */
  indexCode: string | null;
  /**
   * The code whose quote moves the ETF's NAV: its index, or a commodity ETF's own code (the demo's
   * commodity path is the ETF's price path, in units of the fund).
   */
  followsCode: string;
  /** The ETF's NAV per unit on `day`, whose followed close was `followedClose`. */
  nav(day: DayNumber, followedClose: number): number;
}

export interface SeriesState {
  lastDay: DayNumber;
  lastClose: number;
  factor: number;
  floatShares: number;
}

/** One trading day of an instrument as a provider generates it: the day's bar and its minute path. */
export interface DaySession {
  day: DayNumber;
  prevClose: number;
  suspended: boolean;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
  /** Minute prices (the session's minute labels, sessionMinutes(market)). Empty when suspended. */
  prices: Float64Array;
}

export interface LiveSession {
  session: DaySession;
  /** Share of the day's volume per minute, summing to 1. */
  volumeWeights: Float64Array;
  tick: number;
}

/** Work a start ran once it had answered (logStartWorkAfterListen in event-loop-slices.ts). */
export interface StartWorkDone {
  what: string;
  cpuMs: number;
}

export interface PrepareResult {
  action: 'generated' | 'rolled' | 'current' | 'imported';
  instruments: number;
  through: DayNumber;
  /** Wall milliseconds of each step of a first start, in order (logged with "market ready"). */
  phases?: Record<string, number>;
}

/** What a background fill wrote. */
export interface FillResult {
  daySeries: number;
  funds: number;
  listingBars: number;
  statements: number;
}
