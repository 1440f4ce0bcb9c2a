import type { DataSource, MinuteRowWire, Quote, TickRow } from '@zhicai/contract';
import {
  addCalendarDays,
  type DayBarRow,
  type DayNumber,
  limitPrices,
  type MarketClock,
  marketClock,
  priceLimitRatio,
  sessionMinutes,
  type TradingMarket,
  tradingDaysBetween,
} from '@zhicai/domain';
import {
  type EventLoopSlices,
  eventLoopSlices,
  fanOutSliceMs,
  inForeground,
  nextTurn,
} from './event-loop-slices.ts';
import { IndexSums, levelOf } from './index-composition.ts';
import type { Instrument, InstrumentDirectory } from './instrument-directory.ts';
import type { LiveSession, MarketProvider, SeriesState } from './providers/provider.ts';
import type {
  LatestFundamentals,
  LatestFundamentalsReader,
} from './repositories/company-reports.repository.ts';
import type { LatestCorporateActionsReader } from './repositories/corporate-actions.repository.ts';
import type { MarketRepositories } from './repositories/market-repositories.ts';

/**
 * The quote engine (issue 4, Data 4 and Server 6): every instrument's latest quote lives in memory and
 * is recomputed on a 3 s tick while its market is open. Listeners (the websocket hub, Redis) receive
 * one batched tick per beat with a sequence number.
 */

export const tickIntervalMs = 3000;

export interface EngineTick {
  seq: number;
  time: number;
  tradingDay: DayNumber;
  /** Rows of the instruments whose quote changed in this beat. */
  rows: TickRow[];
}

interface StoredState extends SeriesState {
  /** The last stored row: [day, prevClose, open, high, low, close, volume, amount] or a NAV row. */
  lastRow: (number | null)[];
  /** The NAV before the last one (NAV series only), for the daily change. */
  previousNav: number | null;
}

/** The figures of a quote that its market moves; the rest are the instrument's or derived from them. */
type QuoteFigures = Pick<
  Quote,
  'time' | 'tradingDay' | 'status' | 'price' | 'prevClose' | 'open' | 'high' | 'low' | 'volume' | 'amount'
>;

type Fundamentals = LatestFundamentals;

/**
 * Each instrument's latest adjustment factor, float shares and fundamentals, as the engine starts
 * from them. Read all at once they cost a restart 100–190 ms before its first answer (issue 15 item
 * 8: a restart answers within 1 s), which needs those of one quote: where the database reads
 * synchronously (SQLite) a start reads each figure when a quote first needs it, and all of them once
 * many are needed or once the server listens (warm). Either way a figure is the stored one. Without
 * synchronous reads (PostgreSQL), and on every later load, all are read before the engine serves.
 */
class StartFigures {
  readonly #factors = new Map<string, number | null>();
  readonly #floats = new Map<string, number | null>();
  readonly #fundamentals = new Map<string, Fundamentals | null>();
  /** Present until every figure is read. */
  #readers: StartFigureReaders | null = null;
  #singleReads = 0;
  /** CPU milliseconds the full read took, when it ran after the engine was created. */
  deferredCpuMs: number | null = null;

  static async readAll(repositories: StartRepositories): Promise<StartFigures> {
    const figures = new StartFigures();
    fill(figures.#factors, await repositories.corporateActions.readLatestFactors());
    fill(figures.#floats, await repositories.corporateActions.readLatestShareChanges());
    const fundamentals = await repositories.companyReports.latestFundamentals();
    for (const [code, row] of fundamentals)
      figures.#fundamentals.set(code, { netProfitTtm: row.net_profit_ttm, equity: row.equity });
    return figures;
  }

  /** Reads as needed where the database reads synchronously; otherwise all of them now. */
  static async readWhenNeeded(repositories: StartRepositories): Promise<StartFigures> {
    const corporateActions = repositories.corporateActions.latestReader();
    const fundamentals = repositories.companyReports.latestFundamentalsReader();
    if (!corporateActions || !fundamentals) return StartFigures.readAll(repositories);
    const figures = new StartFigures();
    figures.#readers = { corporateActions, fundamentals };
    return figures;
  }

  factor(code: string): number | undefined {
    return this.#figure(this.#factors, code, (readers) => readers.corporateActions.factor(code));
  }

  floatShares(code: string): number | undefined {
    return this.#figure(this.#floats, code, (readers) => readers.corporateActions.floatShares(code));
  }

  fundamentals(code: string): Fundamentals | undefined {
    return this.#figure(this.#fundamentals, code, (readers) => readers.fundamentals.read(code));
  }

  /**
   * Reads every figure not read yet, one table at a time (each read is one synchronous step of tens
   * of milliseconds); `between` runs between them (warm's slices yield there).
   */
  async readRest(between: () => Promise<void> = async () => {}): Promise<void> {
    let cpuMicros = 0;
    for (const step of this.#readSteps) {
      if (!this.#readers) return;
      const started = process.cpuUsage();
      step(this.#readers);
      const spent = process.cpuUsage(started);
      cpuMicros += spent.user + spent.system;
      await between();
    }
    this.#readers = null;
    this.deferredCpuMs = Math.round(cpuMicros / 1000);
  }

  /** One read of each table, a step each. */
  readonly #readSteps: readonly ((readers: StartFigureReaders) => void)[] = [
    (readers) => fill(this.#factors, readers.corporateActions.allFactors()),
    (readers) => fill(this.#floats, readers.corporateActions.allFloatShares()),
    (readers) => fill(this.#fundamentals, readers.fundamentals.readAll()),
  ];

  #figure<T>(
    map: Map<string, T | null>,
    code: string,
    read: (readers: StartFigureReaders) => T | undefined,
  ): T | undefined {
    const known = map.get(code);
    if (known !== undefined || !this.#readers) return known ?? undefined;
    // Past a few hundred quotes (a list, a rank, the whole market) one read of each table is cheaper
    // than a read per instrument.
    if (++this.#singleReads > singleFigureReads) {
      this.#readRestNow(this.#readers);
      return map.get(code) ?? undefined;
    }
    const value = read(this.#readers) ?? null;
    map.set(code, value);
    return value ?? undefined;
  }

  #readRestNow(readers: StartFigureReaders): void {
    const started = process.cpuUsage();
    for (const step of this.#readSteps) step(readers);
    this.#readers = null;
    const spent = process.cpuUsage(started);
    this.deferredCpuMs = Math.round((spent.user + spent.system) / 1000);
  }
}

/**
 * The cash a NAV row says was paid out so far (accumulated NAV − NAV), or null. A function of its
 * own, not a closure made per series in loadState (20,000 of them at every restart).
 */
function paidOf(row: (number | null)[] | null): number | null {
  return typeof row?.[1] === 'number' && typeof row[2] === 'number' ? row[2] - row[1] : null;
}

/** How many figures a start reads one by one before it reads all of them. */
const singleFigureReads = 300;

type StartRepositories = Pick<MarketRepositories, 'corporateActions' | 'companyReports'>;

interface StartFigureReaders {
  corporateActions: LatestCorporateActionsReader;
  fundamentals: LatestFundamentalsReader;
}

function fill<T>(map: Map<string, T | null>, read: ReadonlyMap<string, T>): void {
  // forEach, not for-of: no entry array per figure (~20,000 a table, read once at the warm-up).
  read.forEach((value, code) => {
    map.set(code, value);
  });
}

/**
 * An instrument's stored state: its last rows, and its latest factor and float from the start's
 * figures, read when first used (a roll-forward sets them as it moves the day on).
 */
class StoredSeriesState implements StoredState {
  lastDay: DayNumber;
  lastClose: number;
  lastRow: (number | null)[];
  previousNav: number | null;
  readonly #code: string;
  readonly #figures: StartFigures;
  readonly #listedFloat: number;
  #factor: number | undefined = undefined;
  #floatShares: number | undefined = undefined;

  constructor(
    code: string,
    figures: StartFigures,
    listedFloat: number,
    row: { lastDay: DayNumber; lastClose: number; lastRow: (number | null)[]; previousNav: number | null },
  ) {
    this.lastDay = row.lastDay;
    this.lastClose = row.lastClose;
    this.lastRow = row.lastRow;
    this.previousNav = row.previousNav;
    this.#code = code;
    this.#figures = figures;
    this.#listedFloat = listedFloat;
  }

  get factor(): number {
    this.#factor ??= this.#figures.factor(this.#code) ?? 1;
    return this.#factor;
  }

  set factor(factor: number) {
    this.#factor = factor;
  }

  // The float after the latest bonus issue, as the roll-forward generates the next day from: the
  // master row keeps the float the instrument was listed with.
  get floatShares(): number {
    this.#floatShares ??= this.#figures.floatShares(this.#code) ?? this.#listedFloat;
    return this.#floatShares;
  }

  set floatShares(floatShares: number) {
    this.#floatShares = floatShares;
  }
}

/**
 * The volume-weighted totals of a live session's finished minutes, carried from beat to beat so a
 * beat adds the minutes finished since the last one instead of summing the session from its open.
 */
interface MinuteTotals {
  session: LiveSession;
  /** Minutes summed, from the session's first. */
  minutes: number;
  high: number;
  low: number;
  /** Σ volume share and Σ volume share × price over those minutes. */
  volume: number;
  amount: number;
}

/**
 * One quoted instrument as a beat sees it (issue 15 item 8: a beat at the full market's size costs
 * little): its stored state, its composition resolved to its members' slots, its live session of the
 * day, and its current quote. Slots are rebuilt whenever the stored states or the compositions are
 * reloaded, so nothing in one outlives the state it was resolved from.
 */
interface Slot {
  readonly instrument: Instrument;
  readonly state: StoredState;
  /** A composed index's members (a member without a stored state has no slot and is left out). */
  members: { slot: Slot | undefined; quantity: number }[] | null;
  quote: Quote | undefined;
  /**
   * The market clock (phase and trading day) the quote was last computed at while it did not move
   * with time (a NAV, a closed market, a stored or preopen day): the next beat at the same clock
   * leaves it alone.
   */
  settledAt: string | null;
  /** The live session of sessionDay (null: none), asked of the provider once a day. */
  session: LiveSession | null;
  sessionDay: DayNumber;
  totals: MinuteTotals | null;
  /** The price limits of a trading day and previous close, worked out once for both. */
  limits: { day: DayNumber; prevClose: number | null; up: number | null; down: number | null } | null;
}

type Member = NonNullable<Slot['members']>[number];

export interface QuoteEngine {
  readonly source: DataSource;
  quote(code: string): Quote | undefined;
  /** Quotes by code, a delisted share's too (status `delisted`, at its last close). */
  quotes(codes: readonly string[]): Quote[];
  /** The quotes of every listed instrument: what lists, ranks and breadth count. */
  allQuotes(): readonly Quote[];
  /** Current tick sequence (a snapshot taken now is current to it). */
  seq(): number;
  onTick(listener: (tick: EngineTick) => void): () => void;
  /**
   * What building a market's coming sessions during its call auction cost (prepareSessions): work
   * taken off the open's tick, reported so it can be printed beside the figures that tick is timed by.
   */
  onSessionsPrepared(listener: (cost: SessionsPrepared) => void): () => void;
  /**
   * The open of a market, told on the open's beat before that beat recomputes the market's quotes
   * (issue 17: a pushed flash reaches 10,000 sockets within 300 ms of the open). The beat waits for
   * what a listener answers (its flashes pushed), up to openingWaitMs, so the push does not share
   * the event loop with the beat's slices.
   */
  onOpening(listener: (opening: MarketOpening) => Promise<unknown> | undefined): () => void;
  /** Recomputes quotes at the clock's time and emits a tick if a market is open. Called by the timer. */
  beat(): Promise<void>;
  /**
   * What beat does short of emitting: rolls the stored history forward if due, recomputes every
   * quote and returns the tick numbered seq + 1 if a market is trading. Neither seq nor the
   * listeners see it until applyTick: a tick bus numbers and distributes it first (tick-bus.ts).
   */
  nextTick(): Promise<EngineTick | null>;
  /**
   * Takes a tick produced elsewhere (by this engine's nextTick or another instance's): the rows'
   * quotes are rebuilt at the tick's time with its figures, seq becomes the tick's and the listeners
   * get it. A tick not after the current seq is ignored (false), so seq never goes back.
   */
  applyTick(tick: EngineTick): boolean;
  /** Raises seq to at least `floor` (a follower joining a running sequence). */
  resumeSeq(floor: number): void;
  /**
   * Housekeeping of an instance that follows another's ticks: reloads the stored history once the
   * producing instance has rolled it forward, and recomputes quotes while no market trades (phase
   * changes outside sessions carry no tick). Never writes to the database.
   */
  refresh(): Promise<void>;
  /** Rereads the stored series' latest rows (new ones written by the background fill) and requotes. */
  reload(): Promise<void>;
  /**
   * Minute rows of the current (or last) session and up to days − 1 sessions before it. The stored
   * days are regenerated minute by minute from their stored bars (storedBars: the series' last rows,
   * at least `days` of them), so each day's minutes open, close and trade as its bar does.
   */
  minuteRows(
    code: string,
    days: number,
    storedBars: readonly DayBarRow[],
    followedBars?: readonly DayBarRow[],
  ): MinuteRowWire[];
  /** The clock of an instrument's market right now. */
  clockOf(market: TradingMarket): MarketClock;
  /**
   * Builds the quotes no request has asked for yet, in slices, at the instant the engine opened
   * (a restart answers first and builds the rest once it listens); a beat waits for it. Resolves
   * once every quote is built.
   */
  warm(): Promise<void>;
  /**
   * CPU milliseconds of the start's reads left until after it served (the latest factors, floats
   * and fundamentals: warm, or the first list that needed them all), or null while they have not
   * run or ran before the engine served (PostgreSQL, a later load).
   */
  deferredStartCpuMs(): number | null;
  start(): void;
  stop(): void;
}

export interface SessionsPrepared {
  market: TradingMarket;
  tradingDay: DayNumber;
  sessions: number;
  /** Wall milliseconds from the first session to the last, slices and what ran between them included. */
  ms: number;
  /** CPU milliseconds of the building alone, with the open's figures worked out from the sessions (previewOpening). */
  cpuMs: number;
}

/** An index at its market's open: the figures its quote has once the open's beat has run. */
export interface IndexOpening {
  open: number;
  /** Its level on the open's beat (the first minute's). */
  price: number;
  prevClose: number;
  chgPct: number | null;
}

/** A share quoted at a price limit on the open's beat, with that beat's figures. */
export interface OpeningLimit {
  code: string;
  side: 'up' | 'down';
  price: number;
  prevClose: number;
  amount: number;
}

/**
 * A market's open as its figures stand at the open's beat: worked out from the call auction's
 * match (the day's live sessions, built during the auction) while the auction runs, and the few
 * figures that move within the minute (a share's volume) at the beat's instant. Every figure is the
 * one the quotes show once the beat has run.
 */
export interface MarketOpening {
  market: TradingMarket;
  tradingDay: DayNumber;
  /** The open's beat's instant (its tick's time). */
  time: number;
  /** Every index of the market that is quoted live today, by code. */
  indices: ReadonlyMap<string, IndexOpening>;
  atLimit: readonly OpeningLimit[];
}

/** The longest the open's beat waits for its opening listeners (a stalled push holds no tick longer). */
export const openingWaitMs = 1000;

export interface QuoteEngineOptions {
  /** What the engine starts from: the series' last rows, the latest factors and fundamentals. */
  repositories: Pick<MarketRepositories, 'series' | 'corporateActions' | 'companyReports'>;
  provider: MarketProvider;
  directory: InstrumentDirectory;
  clock: () => Date;
  onError?: (error: unknown) => void;
  /** How long a beat's recompute runs before it yields (fanOutSliceMs; tests pass 0 to yield at every check). */
  sliceMs?: number;
}

/**
 * A beat's recompute reads the slice clock every this many members of a composed index: the
 * broadest indices sum thousands of members, one of them ~17 ms at the full market's open (a
 * profile of flash-push), more than a slice.
 */
export const membersPerSliceCheck = 64;

const closeMinuteOf: Record<TradingMarket, number> = { cn: 1500, hk: 1600 };

/** Epoch ms of a Beijing wall-clock day and hhmm (UTC+8 all year). */
export function beijingInstant(day: DayNumber, hhmm: number): number {
  const year = Math.floor(day / 10000);
  const month = Math.floor((day % 10000) / 100);
  const date = day % 100;
  return Date.UTC(year, month - 1, date, Math.floor(hhmm / 100) - 8, hhmm % 100);
}

export async function createQuoteEngine(options: QuoteEngineOptions): Promise<QuoteEngine> {
  const { repositories, provider, directory, clock, sliceMs = fanOutSliceMs } = options;
  const states = new Map<string, StoredState>();
  /** The latest factors, floats and fundamentals (StartFigures); null until the first load. */
  let startFigures: StartFigures | null = null;
  const quotes = new Map<string, Quote>();
  let slots: Slot[] = [];
  const slotsByCode = new Map<string, Slot>();
  /** allQuotes' answer until a quote changes. */
  let listed: readonly Quote[] | null = null;
  /**
   * The instant of the pass under way or last run (issue 15 item 8: a restart answers before every
   * quote is built). A quote not built yet is built on demand at this instant, so it is the quote the
   * pass gives it, whether the pass reached it first or a request did.
   */
  let passAt = clock();
  let passClocks = marketClocksAt(passAt);
  let passKeys = settledKeysOf(passClocks);
  /** Whether every slot has its quote (false after slots were rebuilt, until a pass or allQuotes builds them). */
  let complete = false;

  const listeners = new Set<(tick: EngineTick) => void>();
  let seq = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let rolling: Promise<void> | null = null;
  let lastReloadAt = Number.NEGATIVE_INFINITY;
  // Indices whose every member has a quantity are computed from their members while their market
  // trades (index-composition.ts); members sorted by code, the order the stored bars were summed in.
  const compositions = new Map<string, { code: string; quantity: number }[]>();
  let quoteOrder: Instrument[] = [];
  /** Reads the compositions from the directory: at start, and after a roll that passed an index review. */
  const loadCompositions = () => {
    compositions.clear();
    for (const instrument of directory.all()) {
      if (!instrument.type.startsWith('index_')) continue;
      const members = directory.membersOf(instrument.code);
      if (members.length === 0 || members.some((member) => member.quantity === undefined)) continue;
      // The directory's memberships themselves, every one with its quantity, in code order: a copy
      // of each was 30,000 objects a restart made at the full size before its first answer.
      compositions.set(
        instrument.code,
        (members as readonly { code: string; quantity: number }[])
          .slice()
          .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
      );
    }
    // Members before the indices composed from them, so an index sees its members' quotes of the same beat.
    quoteOrder = [
      ...directory.all().filter((instrument) => !compositions.has(instrument.code)),
      ...directory.all().filter((instrument) => compositions.has(instrument.code)),
    ];
    buildSlots();
  };

  /** The slots of quoteOrder's instruments that have a stored state, each with its current quote. */
  function buildSlots(): void {
    slots = [];
    slotsByCode.clear();
    complete = false;
    listed = null;
    for (const instrument of quoteOrder) {
      const state = states.get(instrument.code);
      if (!state) continue;
      const slot: Slot = {
        instrument,
        state,
        members: null,
        quote: quotes.get(instrument.code),
        settledAt: null,
        session: null,
        sessionDay: 0,
        totals: null,
        limits: null,
      };
      slots.push(slot);
      slotsByCode.set(instrument.code, slot);
    }
    for (const slot of slots) {
      const composition = compositions.get(slot.instrument.code);
      if (composition)
        slot.members = composition.map(({ code, quantity }) => ({ slot: slotsByCode.get(code), quantity }));
    }
  }

  /**
   * A code's quote, built on demand when no pass has reached it yet. Codes mostly come as stored
   * (upper case): the code as given is looked up first, and upper-cased only when it is not found,
   * so a hot realTime request allocates no string for it.
   */
  function quoteByCode(code: string): Quote | undefined {
    const known = quotes.get(code);
    if (known) return known;
    const slot = slotsByCode.get(code);
    if (slot) return ensure(slot);
    const key = code.toUpperCase();
    if (key === code) return undefined;
    const upper = quotes.get(key);
    if (upper) return upper;
    const upperSlot = slotsByCode.get(key);
    return upperSlot ? ensure(upperSlot) : undefined;
  }

  function put(slot: Slot, quote: Quote): void {
    slot.quote = quote;
    quotes.set(slot.instrument.code, quote);
    listed = null;
  }
  loadCompositions();
  /** The stored history moved on: its last rows, and the members a review it passed put in place. */
  const loadRolled = async () => {
    await directory.reloadMembers();
    loadCompositions();
    await loadState();
  };

  async function loadState(): Promise<void> {
    // Only the end of each series is needed: its last row, and for a NAV the one before it.
    const latest = await repositories.series.readLatestRows();
    // A start reads the figures as quotes need them; a later load (a roll) reads them all.
    startFigures = startFigures
      ? await StartFigures.readAll(repositories)
      : await StartFigures.readWhenNeeded(repositories);
    const figures = startFigures;
    states.clear();
    for (const stored of latest) {
      const instrument = directory.get(stored.code);
      const lastRow = stored.lastRow as (number | null)[] | null;
      if (!instrument || !lastRow) continue;
      const isNav = stored.kind === 'nav';
      const lastClose = isNav ? (lastRow[1] ?? 1) : (lastRow[5] ?? lastRow[1] ?? 1);
      const previousRow = stored.previousRow as (number | null)[] | null;
      // A distribution on the last day lowers the previous NAV by the cash paid (an ex-dividend
      // previous close), so the quote's change is the fund's 日增长率, as the fund page shows it.
      const paidBefore = paidOf(previousRow);
      const paidNow = paidOf(lastRow);
      const paidToday = isNav && paidBefore !== null && paidNow !== null ? paidNow - paidBefore : 0;
      let previousNav: number | null =
        isNav && typeof previousRow?.[1] === 'number'
          ? Math.round((previousRow[1] - Math.max(0, paidToday)) * 10_000) / 10_000
          : null;
      if (isNav && previousNav === null && previousRow === null) previousNav = lastRow[1] ?? null;
      states.set(
        stored.code,
        new StoredSeriesState(stored.code, figures, instrument.floatShares ?? 0, {
          lastDay: lastRow[0] ?? 0,
          lastClose,
          lastRow,
          previousNav,
        }),
      );
    }
    buildSlots();
  }

  /** Whether an instrument's market is in today's session and the day is not stored yet. */
  function isLive(state: StoredState, clockNow: MarketClock): boolean {
    if (!provider.liveSession || clockNow.tradingDay <= state.lastDay) return false;
    return clockNow.phase === 'trading' || clockNow.phase === 'lunch' || clockNow.phase === 'afterclose';
  }

  function liveOf(instrument: Instrument, clockNow: MarketClock): LiveSession | null {
    const state = states.get(instrument.code);
    if (!state || !provider.liveSession || instrument.series !== 'day') return null;
    if (!isLive(state, clockNow)) return null;
    return provider.liveSession(instrument.code, clockNow.tradingDay, state);
  }

  /** liveOf for a slot that is quoted from its own session (not composed, not delisted), kept for the day. */
  function sessionOf(slot: Slot, clockNow: MarketClock): LiveSession | null {
    const { instrument, state } = slot;
    if (slot.members || instrument.delistedDay !== null || instrument.series !== 'day') return null;
    if (!provider.liveSession || !isLive(state, clockNow)) return null;
    if (slot.sessionDay !== clockNow.tradingDay) {
      slot.session = provider.liveSession(instrument.code, clockNow.tradingDay, state);
      slot.sessionDay = clockNow.tradingDay;
      slot.totals = null;
    }
    return slot.session;
  }

  /**
   * A composed index's live figures from its members' quotes of this beat: the same formula as its
   * stored bars (index-composition.ts), so the index agrees with its members on every tick and its
   * quote after the close is the bar the roll-forward stores.
   */
  function composedFigures(
    members: readonly Member[],
    state: StoredState,
    clockNow: MarketClock,
    now: Date,
  ): QuoteFigures {
    // Summed in place from the members' quotes (composeIndex's sums, in the same order).
    const sums = new IndexSums();
    for (let index = 0; index < members.length; index += 1)
      addMember(sums, members[index] as Member, clockNow);
    return composedQuoteFigures(sums, state, clockNow, now);
  }

  /**
   * composedFigures in slices (a beat's recompute): the same sums in the same order, the slice
   * clock read every membersPerSliceCheck members. The members' quotes are this beat's already
   * (members come first in the slots), and nothing else recomputes them while it yields: beats,
   * reloads and refreshes run one at a time (serially).
   */
  async function composedFiguresInSlices(
    members: readonly Member[],
    state: StoredState,
    clockNow: MarketClock,
    now: Date,
    slices: EventLoopSlices,
  ): Promise<QuoteFigures> {
    const sums = new IndexSums();
    for (let index = 0; index < members.length; index += 1) {
      if (index % membersPerSliceCheck === 0 && slices.spent()) await slices.next();
      addMember(sums, members[index] as Member, clockNow);
    }
    return composedQuoteFigures(sums, state, clockNow, now);
  }

  /** Adds a member's quote of the day to an index's sums (a suspended member at its previous close). */
  function addMember(sums: IndexSums, { slot, quantity }: Member, clockNow: MarketClock): void {
    // A member no pass has reached yet is built first (an index asked before the warm-up got to it).
    const quote = slot ? ensure(slot) : undefined;
    if (!quote || quote.prevClose === null || quote.tradingDay !== clockNow.tradingDay) return;
    const suspended = quote.status === 'suspended';
    sums.add(
      quantity,
      quote.prevClose,
      suspended ? null : quote.open,
      suspended ? null : quote.high,
      suspended ? null : quote.low,
      suspended ? null : quote.price,
      quote.volume,
      quote.amount,
    );
  }

  function composedQuoteFigures(
    sums: IndexSums,
    state: StoredState,
    clockNow: MarketClock,
    now: Date,
  ): QuoteFigures {
    const bar = sums.figures(state.lastClose);
    return {
      time: now.getTime(),
      tradingDay: clockNow.tradingDay,
      status: clockNow.phase === 'trading' ? 'trading' : clockNow.phase === 'lunch' ? 'lunch' : 'closed',
      price: bar.close,
      prevClose: bar.prevClose,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      volume: bar.volume,
      amount: bar.amount,
    };
  }

  /**
   * A composed index's minutes of the live day: each minute the formula over the members' minute
   * prices, volume and amount their sums. The average line is the mean of the minute levels so far
   * (an index has no price per share to average amounts by).
   */
  function composedMinutes(
    composition: readonly { code: string; quantity: number }[],
    state: StoredState,
    clockNow: MarketClock,
    market: TradingMarket,
  ): MinuteRowWire[] {
    const count = liveMinuteCount(clockNow, market);
    const minutes = sessionMinutes(market);
    const sums = new Float64Array(count);
    const volumes = new Float64Array(count);
    const amounts = new Float64Array(count);
    let base = 0;
    for (const { code, quantity } of composition) {
      const instrument = directory.get(code);
      const live = instrument ? liveOf(instrument, clockNow) : null;
      if (!live) continue;
      const { session } = live;
      base += quantity * session.prevClose;
      for (let i = 0; i < count; i += 1) {
        if (session.suspended) {
          sums[i] = (sums[i] ?? 0) + quantity * session.prevClose;
          continue;
        }
        const price = session.prices[i] ?? session.close;
        const volume = Math.round(((live.volumeWeights[i] ?? 0) * session.volume) / 100) * 100;
        sums[i] = (sums[i] ?? 0) + quantity * price;
        volumes[i] = (volumes[i] ?? 0) + volume;
        amounts[i] = (amounts[i] ?? 0) + Math.round(volume * price);
      }
    }
    const rows: MinuteRowWire[] = [];
    let levels = 0;
    for (let i = 0; i < count; i += 1) {
      const level = levelOf(state.lastClose, base, sums[i] ?? 0);
      levels += level;
      rows.push([
        String(clockNow.tradingDay),
        level,
        volumes[i] ?? 0,
        amounts[i] ?? 0,
        minutes[i] ?? 0,
        round(levels / (i + 1), 2),
      ]);
    }
    return rows;
  }

  /** Whether a slot's quote moves with the clock right now (a live or composed live day). */
  function moving(slot: Slot, clockNow: MarketClock): boolean {
    if (slot.instrument.series !== 'day') return false;
    if (slot.members) return isLive(slot.state, clockNow);
    return sessionOf(slot, clockNow) !== null;
  }

  function figuresAt(slot: Slot, now: Date, clocks: MarketClocks): QuoteFigures {
    const { instrument, state } = slot;
    const clockNow = clocks[instrument.market];
    let figures: QuoteFigures;

    if (instrument.series === 'nav') {
      figures = {
        time: beijingInstant(state.lastDay, 1500),
        tradingDay: state.lastDay,
        status: 'closed',
        price: state.lastClose,
        prevClose: state.previousNav,
        open: null,
        high: null,
        low: null,
        volume: 0,
        amount: 0,
      };
    } else {
      const delisted = instrument.delistedDay !== null;
      const live = sessionOf(slot, clockNow);
      if (slot.members && isLive(state, clockNow)) {
        figures = composedFigures(slot.members, state, clockNow, now);
      } else if (live) {
        figures = liveFigures(live, totalsOf(slot, live), clockNow, now, instrument.market);
      } else if (!delisted && clockNow.phase === 'preopen' && clockNow.tradingDay > state.lastDay) {
        figures = {
          time: now.getTime(),
          tradingDay: clockNow.tradingDay,
          status: 'preopen',
          price: state.lastClose,
          prevClose: state.lastClose,
          open: null,
          high: null,
          low: null,
          volume: 0,
          amount: 0,
        };
      } else {
        const [
          day = 0,
          prevClose = null,
          open = null,
          high = null,
          low = null,
          close = null,
          volume = 0,
          amount = 0,
        ] = state.lastRow;
        figures = {
          time: beijingInstant(day ?? state.lastDay, closeMinuteOf[instrument.market]),
          tradingDay: day ?? state.lastDay,
          status: delisted ? 'delisted' : close === null ? 'suspended' : 'closed',
          price: close ?? prevClose,
          prevClose,
          open,
          high,
          low,
          volume: volume ?? 0,
          amount: amount ?? 0,
        };
      }
    }
    return figures;
  }

  function totalsOf(slot: Slot, session: LiveSession): MinuteTotals {
    if (!slot.totals || slot.totals.session !== session)
      slot.totals = { session, minutes: 0, high: 0, low: 0, volume: 0, amount: 0 };
    return slot.totals;
  }

  /** The price limits of a slot's day and previous close (the listing-day rule counts trading days). */
  function limitsOf(
    slot: Slot,
    figures: Pick<QuoteFigures, 'tradingDay' | 'prevClose'>,
  ): { up: number | null; down: number | null } | null {
    const { instrument } = slot;
    const { tradingDay, prevClose } = figures;
    const known = slot.limits;
    if (known && known.day === tradingDay && known.prevClose === prevClose) return known;
    const isIndex = instrument.type.startsWith('index_');
    const ratio =
      instrument.series === 'day' && !isIndex
        ? priceLimitRatio(instrument.board, instrument.isSt, {
            onDay: tradingDay,
            listingDay: instrument.listingDay,
          })
        : null;
    const limits =
      ratio !== null && prevClose
        ? limitPrices(prevClose, ratio, instrument.type === 'fund_onside' ? 0.001 : 0.01)
        : null;
    slot.limits = { day: tradingDay, prevClose, up: limits?.up ?? null, down: limits?.down ?? null };
    return slot.limits;
  }

  /**
   * The quote of an instrument with these figures and the ones derived from them. Written out field
   * by field rather than spread from parts: every quote then has the same shape, and spreading three
   * objects into one made V8 define the 23 properties one by one, which was most of a beat's
   * 30-50 ms for the ~600 instruments (issue 4: the event loop is never blocked more than 20 ms).
   */
  function quoteOf(slot: Slot, figures: QuoteFigures): Quote {
    const { instrument, state } = slot;
    const { price, prevClose, high, low } = figures;
    const chg = changeOf(price, prevClose);
    const chgPct = changeRatioOf(chg, prevClose);
    const amplitude = high !== null && low !== null && prevClose ? round((high - low) / prevClose, 6) : null;
    const floatShares = state.floatShares || instrument.floatShares;
    const isIndex = instrument.type.startsWith('index_');
    const limits = limitsOf(slot, figures);
    const fundamental = startFigures?.fundamentals(instrument.code);
    const cap = price !== null && instrument.totalShares && !isIndex ? price * instrument.totalShares : null;
    return {
      code: instrument.code,
      name: instrument.name,
      type: instrument.type,
      time: figures.time,
      tradingDay: figures.tradingDay,
      status: figures.status,
      price,
      prevClose,
      open: figures.open,
      high,
      low,
      volume: figures.volume,
      amount: figures.amount,
      chg,
      chgPct,
      amplitude,
      turnoverRate: !isIndex && floatShares ? round(figures.volume / floatShares, 6) : null,
      limitUp: limits?.up ?? null,
      limitDown: limits?.down ?? null,
      pe:
        cap !== null && fundamental && fundamental.netProfitTtm > 0
          ? round(cap / fundamental.netProfitTtm, 2)
          : null,
      pb: cap !== null && fundamental && fundamental.equity > 0 ? round(cap / fundamental.equity, 2) : null,
      marketCap: cap === null ? null : Math.round(cap),
      floatMarketCap: price !== null && floatShares && !isIndex ? Math.round(price * floatShares) : null,
    };
  }

  function startPass(now: Date): void {
    passAt = now;
    passClocks = marketClocksAt(now);
    passKeys = settledKeysOf(passClocks);
  }

  /**
   * Brings a slot's quote to `now` and says whether it changed. A quote that does not move with the
   * clock (a NAV, a stored or preopen day, a market closed) is computed once per market phase and
   * day; one that moves is recomputed, and a new Quote is made only when a figure differs from the
   * current one, so an unchanged quote keeps its object (and the realTime answers and quote texts
   * made from it).
   */
  function update(
    slot: Slot,
    now: Date,
    clocks: MarketClocks,
    settledKeys: Record<TradingMarket, string>,
    composed?: QuoteFigures,
  ): boolean {
    const { instrument } = slot;
    if (composed || moving(slot, clocks[instrument.market])) slot.settledAt = null;
    else {
      const settledAt = instrument.series === 'nav' ? 'nav' : settledKeys[instrument.market];
      if (slot.settledAt === settledAt && slot.quote) return false;
      slot.settledAt = settledAt;
    }
    // A live composed index's figures summed in slices by the caller (recomputeAll).
    const figures = composed ?? figuresAt(slot, now, clocks);
    const previous = slot.quote;
    if (previous && sameFigures(previous, figures)) return false;
    put(slot, quoteOf(slot, figures));
    return true;
  }

  /**
   * A slot's quote, built now at the pass's instant if no pass has reached it yet: a request for 50
   * codes builds those 50 (and a composed index's members), not the whole market.
   */
  function ensure(slot: Slot): Quote | undefined {
    if (!slot.quote) update(slot, passAt, passClocks, passKeys);
    return slot.quote;
  }

  /** Builds every quote not built yet, at the pass's instant (what lists, ranks and breadth count). */
  function ensureAll(): void {
    if (complete) return;
    for (const slot of slots) ensure(slot);
    complete = true;
  }

  /**
   * Recomputes the quotes that can have changed at `now` (update) and returns the tick rows of those
   * that did (a quote without a price has none). The work yields to the event loop
   * every few milliseconds (issue 4: the loop is never blocked more than 20 ms); the rows are made
   * in the same slices, not in a pass of their own after them (at the open every quote changes, and
   * that pass over ~9,400 quotes was one block of 10-15 ms). A beat passes the slices its turn began
   * with, so the recompute's first slice counts the work before it in that turn.
   */
  async function recomputeAll(now: Date, slices: EventLoopSlices): Promise<TickRow[]> {
    const rows: TickRow[] = [];
    startPass(now);
    const clocks = passClocks;
    const settledKeys = passKeys;
    const current = slots;
    for (let index = 0; index < current.length; index += 1) {
      const slot = current[index] as Slot;
      // A composed index sums its members' quotes (up to thousands): the clock is read before each
      // one, not every 64 slots. They come last in the slots, and 64 of them in a row were one block
      // of 100 ms at the open (a profile of the flash-push bench); a live one's members are summed
      // in slices too (composedFiguresInSlices).
      if ((index % 64 === 0 || slot.members) && slices.spent()) await slices.next();
      const composed =
        slot.members && isLive(slot.state, clocks[slot.instrument.market])
          ? await composedFiguresInSlices(
              slot.members,
              slot.state,
              clocks[slot.instrument.market],
              now,
              slices,
            )
          : undefined;
      if (!update(slot, now, clocks, settledKeys, composed)) continue;
      const quote = slot.quote;
      if (!quote || quote.price === null) continue;
      rows.push([
        quote.code,
        quote.price,
        quote.open ?? quote.price,
        quote.high ?? quote.price,
        quote.low ?? quote.price,
        quote.volume,
        quote.amount,
      ]);
    }
    if (current === slots) complete = true;
    return rows;
  }

  async function rollForwardIfDue(now: Date): Promise<void> {
    if (!rollDue(now) || rolling) return;
    rolling = (async () => {
      await provider.prepare(now);
      await loadRolled();
    })().finally(() => {
      rolling = null;
    });
    await rolling;
  }

  function needsRoll(now: Date): boolean {
    // The stored history must end at the last finished session; the engine only adds the live day.
    for (const market of ['cn', 'hk'] as const) {
      const clockNow = marketClock(market, now);
      const finished =
        clockNow.phase === 'afterclose' || clockNow.phase === 'closed' ? clockNow.tradingDay : null;
      const probe = directory.all().find(
        // A delisted share's history ends at its delisting day, so it cannot tell a roll is due.
        (instrument) =>
          instrument.market === market && instrument.series === 'day' && instrument.delistedDay === null,
      );
      const state = probe ? states.get(probe.code) : undefined;
      if (!state) continue;
      const previousFinished = tradingDaysBetween(
        market,
        addCalendarDays(clockNow.tradingDay, -15),
        addCalendarDays(clockNow.tradingDay, -1),
      ).at(-1);
      const target = finished ?? previousFinished ?? 0;
      // Only a session finished a while ago is rolled in (after close the live figures stand until the next morning).
      if (clockNow.phase !== 'afterclose' && target > state.lastDay) return true;
    }
    return false;
  }

  function rollDue(now: Date): boolean {
    // A provider without a live feed (imported files) has nothing to roll forward to: asking it on
    // every beat would only reload the stored history again and again.
    if (!provider.liveSession) return false;
    return [...states.values()].some((state) => state.lastDay > 0) && needsRoll(now);
  }

  function tradingMarkets(now: Date): TradingMarket[] {
    return (['cn', 'hk'] as const).filter((market) => marketClock(market, now).phase === 'trading');
  }

  const preparedListeners = new Set<(cost: SessionsPrepared) => void>();
  /** The trading day each market's sessions were last built ahead of its open for. */
  const preparedDays: Record<TradingMarket, DayNumber> = { cn: 0, hk: 0 };

  /**
   * During a market's call auction, builds each of its shares' live session of the coming day, in
   * slices, once per day. The open's beat would otherwise build every one of them (~8,000 at the full
   * market's size) before its tick goes out, and that tick carries the open's flashes (issue 17: a
   * pushed flash reaches 10,000 sockets within 300 ms of its event). The sessions are the ones the
   * open's beat would build: the provider's for the same day from the same stored state.
   */
  async function prepareSessions(clocks: MarketClocks): Promise<void> {
    if (!provider.liveSession) return;
    for (const market of ['cn', 'hk'] as const) {
      const clockNow = clocks[market];
      if (clockNow.phase !== 'preopen' || preparedDays[market] === clockNow.tradingDay) continue;
      const day = clockNow.tradingDay;
      const started = performance.now();
      let cpuMs = 0;
      let sessions = 0;
      const slices = eventLoopSlices();
      const current = slots;
      let cpuFrom = process.cpuUsage();
      for (let index = 0; index < current.length; index += 1) {
        if (index % 64 === 0 && slices.spent()) {
          const cpu = process.cpuUsage(cpuFrom);
          cpuMs += (cpu.user + cpu.system) / 1000;
          await slices.next();
          cpuFrom = process.cpuUsage();
        }
        const slot = current[index] as Slot;
        if (slot.instrument.market !== market || slot.sessionDay === day) continue;
        // sessionOf's own conditions, short of the session being live yet.
        const { instrument, state } = slot;
        if (slot.members || instrument.delistedDay !== null || instrument.series !== 'day') continue;
        if (day <= state.lastDay) continue;
        slot.session = provider.liveSession(instrument.code, day, state);
        slot.sessionDay = day;
        slot.totals = null;
        sessions += 1;
      }
      const cpu = process.cpuUsage(cpuFrom);
      cpuMs += (cpu.user + cpu.system) / 1000;
      // Slots rebuilt meanwhile (a reload) lost what was set on the old ones: the next beat goes again.
      if (current !== slots) return;
      const previewCpuFrom = process.cpuUsage();
      const preview = await previewOpening(market, day, current);
      const previewCpu = process.cpuUsage(previewCpuFrom);
      cpuMs += (previewCpu.user + previewCpu.system) / 1000;
      if (current !== slots) return;
      openingPreviews[market] = preview;
      preparedDays[market] = day;
      const cost = { market, tradingDay: day, sessions, ms: performance.now() - started, cpuMs };
      for (const listener of preparedListeners) listener(cost);
    }
  }

  const openingListeners = new Set<(opening: MarketOpening) => Promise<unknown> | undefined>();
  /**
   * Each market's open as the call auction fixed it, worked out during the auction for the open's
   * beat to tell (announceOpening): the live indices' levels, and the shares whose first minute is
   * at a limit (candidates: their figures are taken at the beat's instant).
   */
  const openingPreviews: Record<TradingMarket, OpeningPreview | null> = { cn: null, hk: null };

  /**
   * The open's figures from the day's live sessions (built during the auction): each share's open,
   * first-minute price and previous close, and each composed index summed from those exactly as
   * composedFigures sums its members' quotes on the open's beat. Sliced: it runs beside the auction.
   */
  async function previewOpening(market: TradingMarket, day: DayNumber, current: readonly Slot[]) {
    const slices = eventLoopSlices();
    /** The open's figures of every instrument quoted live at the open, as a member counts them. */
    const opens = new Map<Slot, { prevClose: number; open: number | null; price: number | null }>();
    const indices = new Map<string, IndexOpening>();
    const candidates: Slot[] = [];
    // quoteOrder: members come before the indices composed from them.
    for (let index = 0; index < current.length; index += 1) {
      if (index % 64 === 0 && slices.spent()) await slices.next();
      const slot = current[index] as Slot;
      const { instrument, state } = slot;
      if (instrument.market !== market || instrument.series !== 'day' || day <= state.lastDay) continue;
      let figures: { prevClose: number; open: number | null; price: number | null };
      if (slot.members) {
        const sums = new IndexSums();
        for (const { slot: member, quantity } of slot.members) {
          const memberFigures = member ? opens.get(member) : undefined;
          if (memberFigures)
            sums.add(
              quantity,
              memberFigures.prevClose,
              memberFigures.open,
              null,
              null,
              memberFigures.price,
              0,
              0,
            );
        }
        const bar = sums.figures(state.lastClose);
        figures = { prevClose: bar.prevClose, open: bar.open, price: bar.close };
      } else {
        const live = slot.sessionDay === day ? slot.session : null;
        if (!live) continue;
        const { session } = live;
        const price = firstMinutePrice(live);
        figures = { prevClose: session.prevClose, open: session.suspended ? null : session.open, price };
        if (
          price !== null &&
          limitSideOf(price, limitsOf(slot, { tradingDay: day, prevClose: session.prevClose }))
        )
          candidates.push(slot);
      }
      opens.set(slot, figures);
      if (instrument.type.startsWith('index_') && figures.open !== null && figures.price !== null)
        indices.set(instrument.code, {
          open: figures.open,
          price: figures.price,
          prevClose: figures.prevClose,
          chgPct: changeRatioOf(changeOf(figures.price, figures.prevClose), figures.prevClose),
        });
    }
    return { day, slots: current, indices, candidates };
  }

  /**
   * On a market's open beat (its first minute, with the auction's preview at hand), tells the
   * opening listeners the open before the beat recomputes any quote, and waits for what they answer
   * (the open's flashes pushed), at most openingWaitMs: the push then has the event loop to itself
   * instead of sharing it slice for slice with the beat.
   */
  async function announceOpening(market: TradingMarket, now: Date, slices: EventLoopSlices): Promise<void> {
    const preview = openingPreviews[market];
    const clockNow = marketClock(market, now);
    if (!preview || preview.day !== clockNow.tradingDay) return;
    // Told once, on the open's minute only: later in the session the preview's figures are stale.
    openingPreviews[market] = null;
    if (
      preview.slots !== slots ||
      clockNow.minute !== sessionMinutes(market)[0] ||
      openingListeners.size === 0
    )
      return;
    const clocks = marketClocksAt(now);
    const atLimit: OpeningLimit[] = [];
    for (let index = 0; index < preview.candidates.length; index += 1) {
      if (index % 64 === 0 && slices.spent()) await slices.next();
      const slot = preview.candidates[index] as Slot;
      // The figures the beat gives this slot at the same instant (update calls the same).
      const figures = figuresAt(slot, now, clocks);
      const { price, prevClose } = figures;
      if (figures.status !== 'trading' || price === null || prevClose === null) continue;
      const side = limitSideOf(price, limitsOf(slot, figures));
      if (side) atLimit.push({ code: slot.instrument.code, side, price, prevClose, amount: figures.amount });
    }
    const opening: MarketOpening = {
      market,
      tradingDay: clockNow.tradingDay,
      time: now.getTime(),
      indices: preview.indices,
      atLimit,
    };
    if (slices.spent()) await slices.next();
    const answers: Promise<unknown>[] = [];
    for (const listener of openingListeners) {
      const answer = listener(opening);
      if (answer) answers.push(answer.catch(() => undefined));
    }
    if (answers.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(answers),
      new Promise((resolve) => {
        timer = setTimeout(resolve, openingWaitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  function emit(tick: EngineTick): void {
    seq = tick.seq;
    for (const listener of listeners) listener(tick);
  }

  /**
   * Runs quote work one piece at a time: a sliced beat yields to the event loop, and a reload or
   * another beat must not rebuild the slots under it.
   */
  let queue: Promise<unknown> = Promise.resolve();
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  const nextTick = () => serially(computeTick);

  async function computeTick(): Promise<EngineTick | null> {
    const now = clock();
    // One slice clock for the whole beat: on the open's beat the opening's judging, its flashes'
    // write and the recompute's first slice ran in one turn (13-23 ms at full size, the open's
    // longest block in flash-push); now the recompute yields first once the turn's slice is spent.
    const slices = eventLoopSlices({ sliceMs });
    await rollForwardIfDue(now);
    const open = tradingMarkets(now);
    for (const market of open) await announceOpening(market, now, slices);
    const rows = await recomputeAll(now, slices);
    if (open.length === 0) {
      await prepareSessions(passClocks);
      return null;
    }
    return { seq: seq + 1, time: now.getTime(), tradingDay: marketClock('cn', now).tradingDay, rows };
  }

  await loadState();
  await rollForwardIfDue(clock());
  // Nothing is quoted yet: each quote is built when first asked, and warm builds the rest in slices.
  startPass(clock());
  let beating = false;
  let warming: Promise<void> | null = null;

  const engine: QuoteEngine = {
    source: provider.source,
    quote: (code) => quoteByCode(code),
    quotes(codes) {
      // One array and one loop: this runs for every realTime request.
      const found: Quote[] = [];
      for (let index = 0; index < codes.length; index += 1) {
        const quote = quoteByCode(codes[index] as string);
        if (quote !== undefined) found.push(quote);
      }
      return found;
    },
    allQuotes: () => {
      if (listed) return listed;
      ensureAll();
      const all: Quote[] = [];
      for (const slot of slots) if (slot.quote && slot.quote.status !== 'delisted') all.push(slot.quote);
      listed = all;
      return listed;
    },
    warm() {
      // Only the quotes not built yet, at the pass's instant: a quote already built (asked for, or
      // set by a tick another instance produced) stays as it is.
      warming ??= serially(async () => {
        const slices = eventLoopSlices();
        // The start's figures first, one table a slice: the quotes below need all of them.
        await startFigures?.readRest(() => slices.next());
        const current = slots;
        for (let index = 0; index < current.length; index += 1) {
          if (index % 64 === 0 && slices.spent()) await slices.next();
          ensure(current[index] as Slot);
        }
        if (current === slots) complete = true;
      });
      return warming;
    },
    deferredStartCpuMs: () => startFigures?.deferredCpuMs ?? null,
    seq: () => seq,
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSessionsPrepared(listener) {
      preparedListeners.add(listener);
      return () => preparedListeners.delete(listener);
    },
    onOpening(listener) {
      openingListeners.add(listener);
      return () => openingListeners.delete(listener);
    },
    async beat() {
      // A beat still running (slices on a busy machine) is not queued behind: the next one is due in 3 s.
      if (beating) return;
      beating = true;
      try {
        // The tick's clock runs from the beat's start: background loops (a screen's refresh, set
        // off by the quotes the beat's first slices changed) wait for the beat, and the emit inside
        // it starts the fan-out before they can take a turn.
        await inForeground(async () => {
          const tick = await nextTick();
          if (!tick) return;
          // The tick's listeners (the flash writer's judging, the alerts, the screens) take 10-15 ms
          // at full size: run in the turn of the recompute's last slice, the two made one block of
          // 30 ms after the open (issue 4: never more than 20 ms). They get a turn of their own.
          await nextTurn();
          emit(tick);
        });
      } finally {
        beating = false;
      }
    },
    nextTick,
    applyTick(tick) {
      if (tick.seq <= seq) return false;
      const at = new Date(tick.time);
      const clocks = marketClocksAt(at);
      for (const [code, price, open, high, low, volume, amount] of tick.rows) {
        const instrument = directory.get(code);
        const slot = instrument ? slotsByCode.get(instrument.code) : undefined;
        if (!slot) continue;
        // The phase, previous close and the rest come from this instance's own view of the same
        // stored history at the tick's instant; the moving figures are the producer's. A figure the
        // producer had as null went out as the price (beat's rows), so its null is kept.
        const base = figuresAt(slot, at, clocks);
        const figures: QuoteFigures = {
          time: tick.time,
          tradingDay: base.tradingDay,
          status: base.status,
          price,
          prevClose: base.prevClose,
          open: base.open === null ? null : open,
          high: base.high === null ? null : high,
          low: base.low === null ? null : low,
          volume,
          amount,
        };
        put(slot, quoteOf(slot, figures));
      }
      emit(tick);
      return true;
    },
    resumeSeq(floor) {
      if (floor > seq) seq = floor;
    },
    refresh: () =>
      serially(async () => {
        const now = clock();
        // The producing instance writes the rolled-forward day; this one rereads it, at most once a
        // minute while the history it holds is behind.
        if (rollDue(now) && now.getTime() - lastReloadAt >= 60_000) {
          lastReloadAt = now.getTime();
          await loadRolled();
        }
        if (tradingMarkets(now).length === 0) {
          await recomputeAll(now, eventLoopSlices({ sliceMs }));
          // The open's tick this instance applies finds its sessions built, as the producer's does.
          await prepareSessions(passClocks);
        }
      }),
    reload: () =>
      serially(async () => {
        await loadState();
        await recomputeAll(clock(), eventLoopSlices({ sliceMs }));
      }),
    minuteRows(code, days, storedBars, followedBars = []) {
      const instrument = directory.get(code);
      const state = instrument ? states.get(instrument.code) : undefined;
      if (!instrument || !state || instrument.series !== 'day') return [];
      const now = clock();
      const clockNow = marketClock(instrument.market, now);
      const result: MinuteRowWire[][] = [];
      const composition = compositions.get(instrument.code);
      const live = composition ? null : liveOf(instrument, clockNow);
      if (composition && isLive(state, clockNow))
        result.push(composedMinutes(composition, state, clockNow, instrument.market));
      else if (live)
        result.push(
          minutesOf(
            live,
            clockNow.tradingDay,
            instrument.market,
            liveMinuteCount(clockNow, instrument.market),
            null,
          ),
        );
      return [...pastMinutes(instrument, storedBars, days - result.length, followedBars), ...result].flat();
    },
    clockOf: (market) => marketClock(market, clock()),
    start() {
      if (timer) return;
      timer = setInterval(() => {
        engine.beat().catch((error: unknown) => options.onError?.(error));
      }, tickIntervalMs);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };

  function pastMinutes(
    instrument: Instrument,
    storedBars: readonly DayBarRow[],
    count: number,
    followedBars: readonly DayBarRow[],
  ): MinuteRowWire[][] {
    if (count <= 0 || !provider.pastSession) return [];
    const followed = new Map(followedBars.map((row) => [row[0], row]));
    // A generated day is a function of its day and the close before it, so each stored bar's own
    // previous close gives back that day's minutes; a suspended day (no close) has none. An ETF's
    // day follows its index's stored bar of the same day.
    return storedBars.slice(-count).map((row) => {
      const [day, prevClose, , , , close] = row;
      if (prevClose === null || close === null) return [];
      const session = provider.pastSession?.(instrument.code, day, prevClose, row, followed.get(day));
      return session
        ? minutesOf(session, day, instrument.market, sessionMinutes(instrument.market).length, row)
        : [];
    });
  }

  return engine;
}

/** A market's open worked out during its call auction (previewOpening), for its open's beat. */
interface OpeningPreview {
  day: DayNumber;
  /** The slots it was worked out on: a reload since then makes it stale. */
  slots: readonly Slot[];
  indices: ReadonlyMap<string, IndexOpening>;
  /** Shares whose first minute is at a limit. */
  candidates: readonly Slot[];
}

/** Both markets' clocks at an instant: every instrument of a market shares its market's. */
type MarketClocks = Record<TradingMarket, MarketClock>;

function marketClocksAt(now: Date): MarketClocks {
  return { cn: marketClock('cn', now), hk: marketClock('hk', now) };
}

/** What a quote that does not move with the clock is settled at, by market: its phase and day. */
function settledKeysOf(clocks: MarketClocks): Record<TradingMarket, string> {
  return {
    cn: `${clocks.cn.phase}|${clocks.cn.tradingDay}`,
    hk: `${clocks.hk.phase}|${clocks.hk.tradingDay}`,
  };
}

/** Whether a quote already has these figures (its time aside). */
function sameFigures(quote: Quote, figures: QuoteFigures): boolean {
  return (
    quote.price === figures.price &&
    quote.volume === figures.volume &&
    quote.amount === figures.amount &&
    quote.high === figures.high &&
    quote.low === figures.low &&
    quote.open === figures.open &&
    quote.prevClose === figures.prevClose &&
    quote.status === figures.status &&
    quote.tradingDay === figures.tradingDay
  );
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Minutes elapsed of the session at a market clock (the whole session after the close). */
function liveMinuteCount(clockNow: MarketClock, market: TradingMarket): number {
  const minutes = sessionMinutes(market);
  if (clockNow.phase === 'afterclose' || clockNow.minute === null)
    return clockNow.phase === 'afterclose' ? minutes.length : 0;
  const index = minutes.indexOf(clockNow.minute);
  return index < 0 ? minutes.length : index + 1;
}

/**
 * A price on a whole number of ticks, in cents (tenths of a cent below a cent's tick): dividing the
 * whole number gives the same double as printing the price to those decimals and reading it back.
 */
function toTickPrice(value: number, step: number): number {
  const decimals = step < 0.01 ? 1000 : 100;
  return Math.round(Math.round(value / step) * step * decimals) / decimals;
}

/**
 * A live session's price in its first minute: the first minute's price, which the price stays at
 * through that minute (liveFigures moves from the previous minute's, and there is none before it).
 * Null for a suspended session.
 */
function firstMinutePrice(live: LiveSession): number | null {
  const first = live.session.prices[0];
  return live.session.suspended || first === undefined ? null : toTickPrice(first, live.tick);
}

/** Which limit a price is at, if any (a quote's limitUp and limitDown, as the 涨停 and 跌停 lists count). */
function limitSideOf(
  price: number,
  limits: { up: number | null; down: number | null } | null,
): 'up' | 'down' | null {
  if (limits?.up !== null && limits?.up !== undefined && price >= limits.up) return 'up';
  if (limits?.down !== null && limits?.down !== undefined && price <= limits.down) return 'down';
  return null;
}

/** A quote's change from its previous close (two numbers, not an object: this runs for every quote of a beat). */
function changeOf(price: number | null, prevClose: number | null): number | null {
  return price !== null && prevClose !== null ? round(price - prevClose, 4) : null;
}

/** A quote's change ratio from its change (changeOf) and previous close. */
function changeRatioOf(chg: number | null, prevClose: number | null): number | null {
  return chg !== null && prevClose ? round(chg / prevClose, 6) : null;
}

function liveFigures(
  live: LiveSession,
  totals: MinuteTotals,
  clockNow: MarketClock,
  now: Date,
  market: TradingMarket,
): QuoteFigures {
  const { session } = live;
  const status = clockNow.phase === 'trading' ? 'trading' : clockNow.phase === 'lunch' ? 'lunch' : 'closed';
  if (session.suspended) {
    return {
      time: now.getTime(),
      tradingDay: clockNow.tradingDay,
      status: 'suspended',
      price: session.prevClose,
      prevClose: session.prevClose,
      open: null,
      high: null,
      low: null,
      volume: 0,
      amount: 0,
    };
  }
  if (clockNow.phase === 'afterclose') {
    // The session is over: its figures are the day's bar, exactly what the roll-forward stores.
    return {
      time: now.getTime(),
      tradingDay: clockNow.tradingDay,
      status,
      price: session.close,
      prevClose: session.prevClose,
      open: session.open,
      high: session.high,
      low: session.low,
      volume: session.volume,
      amount: session.amount,
    };
  }
  const count = liveMinuteCount(clockNow, market);
  const prices = session.prices;
  const lastIndex = Math.max(0, count - 1);
  // Within the current minute the price moves from the previous minute's close towards this one's,
  // so 3 s ticks show motion rather than a jump once a minute.
  const fraction = clockNow.phase === 'trading' ? (now.getTime() % 60_000) / 60_000 : 1;
  const from = prices[Math.max(0, lastIndex - 1)] ?? session.open;
  const to = prices[lastIndex] ?? session.close;
  const price = toTickPrice(from + (to - from) * fraction, live.tick);
  let high = session.open;
  let low = session.open;
  let volume = 0;
  let vwapAmount = 0;
  if (count > 0) {
    // The finished minutes before the current one are summed once and carried in totals; the
    // current minute is added on top with its elapsed fraction. The additions run in the same order
    // as one pass from the open would, so the sums are the same to the last bit.
    if (totals.minutes > lastIndex || prices.length < count) {
      totals.minutes = 0;
    }
    if (totals.minutes === 0) {
      totals.high = session.open;
      totals.low = session.open;
      totals.volume = 0;
      totals.amount = 0;
    }
    for (let i = totals.minutes; i < lastIndex; i += 1) {
      const p = prices[i] ?? price;
      if (p > totals.high) totals.high = p;
      if (p < totals.low) totals.low = p;
      const share = live.volumeWeights[i] ?? 0;
      totals.volume += share;
      totals.amount += share * p;
    }
    // A session shorter than the clock's minutes falls back on the current price: not carried.
    totals.minutes = prices.length < count ? 0 : lastIndex;
    high = totals.high;
    low = totals.low;
    volume = totals.volume;
    vwapAmount = totals.amount;
    const p = prices[lastIndex] ?? price;
    if (p > high) high = p;
    if (p < low) low = p;
    const share = (live.volumeWeights[lastIndex] ?? 0) * fraction;
    volume += share;
    vwapAmount += share * p;
  }
  high = Math.max(high, price);
  low = Math.min(low, price);
  const totalVolume = Math.round((session.volume * volume) / 100) * 100;
  const averagePrice = volume > 0 ? vwapAmount / volume : price;
  return {
    time: now.getTime(),
    tradingDay: clockNow.tradingDay,
    status,
    price,
    prevClose: session.prevClose,
    open: session.open,
    high,
    low,
    volume: totalVolume,
    amount: Math.round(totalVolume * averagePrice),
  };
}

/** subscribeShare rows of a session's first `count` minutes, volumes scaled to the stored bar's. */
function minutesOf(
  live: LiveSession,
  day: DayNumber,
  market: TradingMarket,
  count: number,
  storedRow: (number | null)[] | null,
): MinuteRowWire[] {
  const { session } = live;
  if (session.suspended) return [];
  const minutes = sessionMinutes(market);
  const dayVolume = storedRow?.[6] ?? session.volume;
  const rows: MinuteRowWire[] = [];
  let cumulativeVolume = 0;
  let cumulativeAmount = 0;
  for (let i = 0; i < count; i += 1) {
    const price = session.prices[i] ?? session.close;
    const volume = Math.round(((live.volumeWeights[i] ?? 0) * dayVolume) / 100) * 100;
    const amount = Math.round(volume * price);
    cumulativeVolume += volume;
    cumulativeAmount += amount;
    const average = cumulativeVolume > 0 ? round(cumulativeAmount / cumulativeVolume, 3) : price;
    rows.push([String(day), price, volume, amount, minutes[i] ?? 0, average]);
  }
  return rows;
}
