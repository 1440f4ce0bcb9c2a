import { type AlertFrequency, type AlertKind, alertCooldownMs, type Quote } from '@zhicai/contract';

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

/** Alerts of one kind on one instrument, ascending by threshold. */
interface Book {
  kind: AlertKind;
  entries: Entry[];
}

interface Instrument {
  books: Book[];
  /** Price samples for the 涨速 kinds: times and prices, one sample kept from before the window. */
  speedTimes: number[] | null;
  speedPrices: number[] | null;
  speedDay: number;
  /** NAV kinds: the NAV day last judged (a fund's quote changes once a day, outside ticks). */
  navDay: number | null;
}

const navKinds: ReadonlySet<AlertKind> = new Set(['navChangeAbove', 'navChangeBelow']);
const speedKinds: ReadonlySet<AlertKind> = new Set(['speedUp', 'speedDown']);
const belowKinds: ReadonlySet<AlertKind> = new Set([
  'priceBelow',
  'changeBelow',
  'speedDown',
  'navChangeBelow',
]);

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
      const book = this.instruments.get(entry.alert.code)?.books.find((b) => b.kind === entry.alert.kind);
      if (book) {
        const index = book.entries.indexOf(entry);
        if (index >= 0) book.entries.splice(index, 1);
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
    for (const book of instrument.books) {
      if (book.entries.length === 0 || navKinds.has(book.kind) !== navOnly) continue;
      const observed = this.observe(book.kind, quote, speed);
      if (observed === null) continue;
      const metric = belowKinds.has(book.kind) ? -observed : observed;
      const crossed = crossedCount(book.entries, metric);
      if (crossed === 0) continue;
      const fired = book.entries.splice(0, crossed);
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
    const times = instrument.speedTimes;
    const prices = instrument.speedPrices;
    if (!times || !prices) return null;
    if (instrument.speedDay !== quote.tradingDay) {
      times.length = 0;
      prices.length = 0;
      instrument.speedDay = quote.tradingDay;
    }
    times.push(time);
    prices.push(quote.price as number);
    const windowStart = time - speedWindowMs;
    while (times.length > 1 && (times[1] as number) <= windowStart) {
      times.shift();
      prices.shift();
    }
    const baseTime = times[0] as number;
    const basePrice = prices[0] as number;
    if (baseTime > windowStart || basePrice <= 0) return null;
    return (quote.price as number) / basePrice - 1;
  }

  private arm(alert: ArmedAlert): void {
    let instrument = this.instruments.get(alert.code);
    if (!instrument) {
      instrument = { books: [], speedTimes: null, speedPrices: null, speedDay: 0, navDay: null };
      this.instruments.set(alert.code, instrument);
    }
    if (speedKinds.has(alert.kind) && !instrument.speedTimes) {
      instrument.speedTimes = [];
      instrument.speedPrices = [];
    }
    if (navKinds.has(alert.kind) && instrument.navDay === null) {
      instrument.navDay = 0;
      this.navCodes.add(alert.code);
    }
    let book = instrument.books.find((candidate) => candidate.kind === alert.kind);
    if (!book) {
      book = { kind: alert.kind, entries: [] };
      instrument.books.push(book);
    }
    const entry: Entry = { alert, threshold: thresholdOf(alert) };
    book.entries.splice(crossedCount(book.entries, entry.threshold), 0, entry);
    this.armed.set(alert.id, entry);
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
