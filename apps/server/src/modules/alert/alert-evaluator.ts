import {
  type AlertFrequency,
  type AlertKind,
  alertCooldownMs,
  alertKinds,
  type Quote,
} from '@zhicai/contract';

/**
 * Judges price alerts on every engine tick (issue 16 item 3), in memory and without I/O.
 *
 * Alerts are indexed by instrument code, and within an instrument by kind in a book sorted by
 * threshold. Every kind is written as "metric ≥ threshold" (a "below" kind negates both), so the
 * alerts a quote fires are a prefix of its book, found by binary search. A tick therefore costs a
 * map lookup per changed instrument, a binary search per kind it has alerts of, and the alerts that
 * fire — not a pass over every alert. A fired alert leaves its book: `once` for good, `daily` until
 * the next Beijing day, `always` for the cool-down; it rests in a list ordered by waking time.
 *
 * Never judged: a quote that is not trading (pre-open, lunch, suspended, closed), a missing or zero
 * price or previous close, or a stale quote (older than `staleQuoteMs` at the tick).
 */

/** A quote older than this at the tick is stale (a feed that stopped): nothing is judged on it. */
export const staleQuoteMs = 60_000;
/** The window of the 涨速 kinds. */
export const speedWindowMs = 5 * 60_000;
/** How often the 涨速 window keeps a price (SpeedWindow). */
export const speedSampleMs = 15_000;

export interface ArmedAlert {
  id: number;
  userId: number;
  code: string;
  kind: AlertKind;
  value: number;
  frequency: AlertFrequency;
  /** How often it has fired and when it was last written: a firing claims the row by both. */
  fireCount: number;
  updatedAt: string;
  /** Epoch ms of the last firing, null if never. */
  lastFiredAt: number | null;
}

/** One alert that fired, with what it was judged on. */
export interface Firing {
  alert: ArmedAlert;
  quote: Quote;
  /** The figure that crossed: the price, the change or speed (fraction), 换手率, 成交额. */
  observed: number;
  /** Epoch ms of the tick. */
  at: number;
}

/** What a tick gives the evaluator: its time and the codes that moved. */
export interface TickLike {
  time: number;
  rows: readonly (readonly [string, ...unknown[]])[];
}

interface Entry {
  alert: ArmedAlert;
  /** The book's key (thresholdOf). */
  threshold: number;
}

/** Kinds by their index in `alertKinds`: an instrument's books and lines are arrays in this order. */
const kindCount = alertKinds.length;
const kindIndex = new Map<AlertKind, number>(alertKinds.map((kind, index) => [kind, index]));
const belowKinds: ReadonlySet<AlertKind> = new Set([
  'priceBelow',
  'changeBelow',
  'speedDown',
  'navChangeBelow',
]);
const navKinds: ReadonlySet<AlertKind> = new Set(['navChangeAbove', 'navChangeBelow']);
const speedKinds: ReadonlySet<AlertKind> = new Set(['speedUp', 'speedDown']);
/** −1 for a "below" kind, whose metric is the negated figure. */
const signOf = alertKinds.map((kind) => (belowKinds.has(kind) ? -1 : 1));
const isNavIndex = alertKinds.map((kind) => navKinds.has(kind));

interface Instrument {
  /** Its row in the evaluator's table of lowest lines. */
  slot: number;
  /** Alerts of each kind (by kind index), ascending by threshold; undefined for a kind it has none of. */
  books: (Entry[] | undefined)[];
  /** Price samples for the 涨速 kinds: times and prices, one sample kept from before the window. */
  speed: SpeedWindow | null;
  /** NAV kinds: the NAV day last judged (a fund's quote changes once a day, outside ticks). */
  navDay: number | null;
}

export function isNavKind(kind: AlertKind): boolean {
  return navKinds.has(kind);
}

/**
 * The book's key. "Above" kinds compare the figure with the value; a "below" kind compares the
 * negated figure: −price ≥ −value for a price line, −change ≥ value for a fall given as a magnitude.
 */
function thresholdOf(alert: ArmedAlert): number {
  if (alert.kind === 'limitUp' || alert.kind === 'limitDown') return 0;
  return alert.kind === 'priceBelow' ? -alert.value : alert.value;
}

/** The 00:00 after `time` in Beijing (UTC+8, no daylight saving): when a `daily` alert wakes. */
export function nextBeijingMidnight(time: number): number {
  const day = 24 * 60 * 60_000;
  const offset = 8 * 60 * 60_000;
  return Math.floor((time + offset) / day) * day + day - offset;
}

/** When a fired alert may fire again; null for `once`, which never does. */
export function wakeTimeOf(frequency: AlertFrequency, firedAt: number): number | null {
  if (frequency === 'once') return null;
  if (frequency === 'daily') return nextBeijingMidnight(firedAt);
  return firedAt + alertCooldownMs;
}

/** The first index whose threshold is above `metric`: entries before it hold. */
function crossedCount(entries: readonly Entry[], metric: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((entries[middle] as Entry).threshold <= metric) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class AlertEvaluator {
  private readonly instruments = new Map<string, Instrument>();
  /**
   * The lowest line of every book: row `slot` of an instrument, a column per kind, Infinity where
   * the book is empty. Most books hold nothing crossed, and one contiguous table lets a tick rule
   * them out without touching their entries: reading the line from scattered book objects cost
   * more than everything else in a tick of 100,000 alerts (bench/alert-evaluation.mjs).
   */
  private lowest = new Float64Array(1024 * kindCount).fill(Number.POSITIVE_INFINITY);
  /** Instruments that have had NAV alerts: judged on every tick, since a NAV changes outside ticks. */
  private readonly navCodes = new Set<string>();
  private readonly armed = new Map<number, Entry>();
  /** Fired alerts that will fire again, ascending by waking time. */
  private readonly resting: { wakeAt: number; alert: ArmedAlert }[] = [];
  private readonly restingIds = new Set<number>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Alerts in books (armed) and resting. */
  size(): { armed: number; resting: number } {
    return { armed: this.armed.size, resting: this.restingIds.size };
  }

  /**
   * Adds an enabled alert, or replaces the alert of that id (call `remove` for one that was paused
   * or deleted). One fired recently starts resting.
   */
  upsert(alert: ArmedAlert): void {
    this.remove(alert.id);
    const wakeAt = alert.lastFiredAt === null ? null : wakeTimeOf(alert.frequency, alert.lastFiredAt);
    if (alert.lastFiredAt !== null && wakeAt === null) return;
    if (wakeAt !== null && wakeAt > this.now() && !navKinds.has(alert.kind)) this.rest(alert, wakeAt);
    else this.arm(alert);
  }

  remove(id: number): void {
    const entry = this.armed.get(id);
    if (entry) {
      this.armed.delete(id);
      const instrument = this.instruments.get(entry.alert.code);
      const kind = kindIndex.get(entry.alert.kind) ?? 0;
      const book = instrument?.books[kind];
      if (instrument && book) {
        const index = book.indexOf(entry);
        if (index >= 0) book.splice(index, 1);
        this.setLowest(instrument, kind, book);
      }
    }
    if (this.restingIds.delete(id)) {
      const index = this.resting.findIndex((rest) => rest.alert.id === id);
      if (index >= 0) this.resting.splice(index, 1);
    }
  }

  /** Judges one tick: the instruments in its rows, and the funds with NAV alerts. */
  evaluate(tick: TickLike, quoteOf: (code: string) => Quote | undefined): Firing[] {
    this.wake(tick.time);
    const firings: Firing[] = [];
    for (const row of tick.rows) {
      const code = row[0];
      const instrument = this.instruments.get(code);
      if (!instrument) continue;
      const quote = quoteOf(code);
      if (!quote || !this.judgeable(quote, tick.time)) continue;
      this.judgeInstrument(instrument, quote, tick.time, firings, false);
    }
    for (const code of this.navCodes) {
      const instrument = this.instruments.get(code);
      if (!instrument || instrument.navDay === null) continue;
      const quote = quoteOf(code);
      if (!quote || quote.price === null || !quote.prevClose) continue;
      // The first sight of a fund only notes its NAV day: an alert judges the NAVs published after it.
      if (instrument.navDay === 0) {
        instrument.navDay = quote.tradingDay;
        continue;
      }
      if (quote.tradingDay <= instrument.navDay) continue;
      instrument.navDay = quote.tradingDay;
      this.judgeInstrument(instrument, quote, tick.time, firings, true);
    }
    return firings;
  }

  private judgeable(quote: Quote, time: number): boolean {
    return (
      quote.status === 'trading' &&
      quote.price !== null &&
      quote.price > 0 &&
      quote.prevClose !== null &&
      quote.prevClose > 0 &&
      time - quote.time <= staleQuoteMs
    );
  }

  private judgeInstrument(
    instrument: Instrument,
    quote: Quote,
    time: number,
    firings: Firing[],
    navOnly: boolean,
  ): void {
    const speed = navOnly ? null : this.sampleSpeed(instrument, quote, time);
    const lowest = this.lowest;
    const row = instrument.slot * kindCount;
    for (let kind = 0; kind < kindCount; kind += 1) {
      const line = lowest[row + kind] as number;
      if (line === Number.POSITIVE_INFINITY || isNavIndex[kind] !== navOnly) continue;
      const observed = this.observe(alertKinds[kind] as AlertKind, quote, speed);
      if (observed === null) continue;
      const metric = (signOf[kind] as number) * observed;
      if (line > metric) continue;
      const entries = instrument.books[kind] as Entry[];
      const fired = entries.splice(0, crossedCount(entries, metric));
      this.setLowest(instrument, kind, entries);
      for (const entry of fired) {
        this.armed.delete(entry.alert.id);
        firings.push({ alert: entry.alert, quote, observed, at: time });
        // A NAV alert is judged once per published NAV anyway, so it stays armed unless `once`.
        const wakeAt = navOnly ? null : wakeTimeOf(entry.alert.frequency, time);
        if (navOnly && entry.alert.frequency !== 'once') this.arm(entry.alert);
        else if (wakeAt !== null) this.rest(entry.alert, wakeAt);
      }
    }
  }

  /** The figure a kind compares; null when the quote does not have it. */
  private observe(kind: AlertKind, quote: Quote, speed: number | null): number | null {
    const price = quote.price as number;
    switch (kind) {
      case 'priceAbove':
      case 'priceBelow':
        return price;
      case 'changeAbove':
      case 'changeBelow':
      case 'navChangeAbove':
      case 'navChangeBelow':
        return quote.chgPct;
      case 'speedUp':
      case 'speedDown':
        return speed;
      case 'turnoverAbove':
        return quote.turnoverRate;
      case 'amountAbove':
        return quote.amount;
      case 'limitUp':
        // 0 meets the book's threshold 0; −1 does not.
        return quote.limitUp !== null && price >= quote.limitUp - 1e-9 ? 0 : -1;
      case 'limitDown':
        return quote.limitDown !== null && price <= quote.limitDown + 1e-9 ? 0 : -1;
    }
  }

  /**
   * Records the price for the 涨速 kinds and answers the change over the last 5 minutes: against
   * the last sample at or before the window's start on the same trading day, null until there is one.
   */
  private sampleSpeed(instrument: Instrument, quote: Quote, time: number): number | null {
    return instrument.speed ? instrument.speed.sample(quote.tradingDay, time, quote.price as number) : null;
  }

  private arm(alert: ArmedAlert): void {
    let instrument = this.instruments.get(alert.code);
    if (!instrument) {
      instrument = {
        slot: this.instruments.size,
        books: [],
        speed: null,
        navDay: null,
      };
      this.instruments.set(alert.code, instrument);
      if ((instrument.slot + 1) * kindCount > this.lowest.length) {
        const grown = new Float64Array(this.lowest.length * 2).fill(Number.POSITIVE_INFINITY);
        grown.set(this.lowest);
        this.lowest = grown;
      }
    }
    if (speedKinds.has(alert.kind) && !instrument.speed) instrument.speed = new SpeedWindow();
    if (navKinds.has(alert.kind) && instrument.navDay === null) {
      instrument.navDay = 0;
      this.navCodes.add(alert.code);
    }
    const kind = kindIndex.get(alert.kind) ?? 0;
    let book = instrument.books[kind];
    if (!book) {
      book = [];
      instrument.books[kind] = book;
    }
    const entry: Entry = { alert, threshold: thresholdOf(alert) };
    book.splice(crossedCount(book, entry.threshold), 0, entry);
    this.setLowest(instrument, kind, book);
    this.armed.set(alert.id, entry);
  }

  private setLowest(instrument: Instrument, kind: number, book: readonly Entry[]): void {
    this.lowest[instrument.slot * kindCount + kind] = book[0]?.threshold ?? Number.POSITIVE_INFINITY;
  }

  private rest(alert: ArmedAlert, wakeAt: number): void {
    let low = 0;
    let high = this.resting.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.resting[middle] as { wakeAt: number }).wakeAt <= wakeAt) low = middle + 1;
      else high = middle;
    }
    this.resting.splice(low, 0, { wakeAt, alert });
    this.restingIds.add(alert.id);
  }

  /** Re-arms the resting alerts whose time has come. */
  private wake(time: number): void {
    let due = 0;
    while (due < this.resting.length && (this.resting[due] as { wakeAt: number }).wakeAt <= time) due += 1;
    if (due === 0) return;
    for (const { alert } of this.resting.splice(0, due)) {
      this.restingIds.delete(alert.id);
      this.arm(alert);
    }
  }
}

/**
 * The prices of one instrument over the last 5 minutes for the 涨速 kinds, in a ring keeping one
 * sample from before the window as its base. A sample is kept every `speedSampleMs` rather than every
 * tick: the base is then up to two such steps older than 5 minutes, and the ring stays small (a write
 * per instrument per tick into a large ring was the costliest line of a tick; bench/alert-evaluation.mjs).
 */
class SpeedWindow {
  private static readonly capacity = 32;
  private readonly times = new Float64Array(SpeedWindow.capacity);
  private readonly prices = new Float64Array(SpeedWindow.capacity);
  private head = 0;
  private count = 0;
  private day = 0;
  // Copies of the newest sample's time and of the base, so a tick that keeps no sample reads only
  // this object and not the ring.
  private lastAt = Number.NEGATIVE_INFINITY;
  private baseTime = 0;
  private basePrice = 0;

  /** Records a price when due and answers the change since the window's base, null until there is one. */
  sample(day: number, time: number, price: number): number | null {
    if (day !== this.day) {
      this.day = day;
      this.count = 0;
      this.lastAt = Number.NEGATIVE_INFINITY;
    }
    if (time - this.lastAt >= speedSampleMs) this.keep(time, price);
    if (this.baseTime > time - speedWindowMs || this.basePrice <= 0) return null;
    return price / this.basePrice - 1;
  }

  private keep(time: number, price: number): void {
    const capacity = SpeedWindow.capacity;
    if (this.count === capacity) {
      this.head = (this.head + 1) % capacity;
      this.count -= 1;
    }
    const at = (this.head + this.count) % capacity;
    this.times[at] = time;
    this.prices[at] = price;
    this.count += 1;
    this.lastAt = time;
    // Drop the base while the sample after it is also at or before the window's start.
    const windowStart = time - speedWindowMs;
    while (this.count > 1 && (this.times[(this.head + 1) % capacity] as number) <= windowStart) {
      this.head = (this.head + 1) % capacity;
      this.count -= 1;
    }
    this.baseTime = this.times[this.head] as number;
    this.basePrice = this.prices[this.head] as number;
  }
}
