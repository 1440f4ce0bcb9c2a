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
 * the next Beijing day, `always` for the cool-down; it rests in a heap ordered by waking time.
 *
 * Never judged: a quote that is not trading (pre-open, lunch, suspended, closed), a missing or zero
 * price or previous close, or a stale quote (older than `staleQuoteMs` at the tick).
 */

/** A quote older than this at the tick is stale (a feed that stopped): nothing is judged on it. */
export const staleQuoteMs = 60_000;
/** The window of the 涨速 kinds. */
export const speedWindowMs = 5 * 60_000;
/**
 * How often the 涨速 window keeps a price: its base is then up to two such steps older than 5
 * minutes, and the ring of an instrument stays small (`speedRingSize` samples).
 */
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

interface Resting {
  wakeAt: number;
  alert: ArmedAlert;
  /** False once the alert was removed or armed again while it rested. */
  live: boolean;
}

/**
 * A slot's row in `hot`, what a tick reads of every instrument that moved, in one place (one or two
 * cache lines rather than a line in each of two tables: on a loaded machine a tick's cost is mostly
 * memory). From 0, the quiet band: whether it is current, the previous close it was made with, the
 * price band (lo, hi) inside which no price-derived alert can fire, the 成交额 and 换手率 lines, and
 * the time from which the band must be made again (a 涨速 base becoming 5 minutes old). From
 * `SPEED`, the 涨速 state: has 涨速 alerts, newest sample time, base time, base price, trading day,
 * and the ring's head and count. The ring itself is `speedRingSize` times and prices per slot in
 * `speedRing`, one sample kept from before the window as its base.
 */
const hotFields = 14;
const SPEED = 7;
const speedRingSize = 32;
const kindAt = (kind: AlertKind) => kindIndex.get(kind) ?? 0;
const PRICE_ABOVE = kindAt('priceAbove');
const PRICE_BELOW = kindAt('priceBelow');
const CHANGE_ABOVE = kindAt('changeAbove');
const CHANGE_BELOW = kindAt('changeBelow');
const SPEED_UP = kindAt('speedUp');
const SPEED_DOWN = kindAt('speedDown');
const TURNOVER_ABOVE = kindAt('turnoverAbove');
const AMOUNT_ABOVE = kindAt('amountAbove');
const LIMIT_UP = kindAt('limitUp');
const LIMIT_DOWN = kindAt('limitDown');

export class AlertEvaluator {
  /**
   * Instruments by code, as slot numbers: a tick looks a code up and reads the slot's rows of the
   * tables below, touching an instrument's objects only when one of its alerts fires or a 涨速
   * sample is kept. Reading scattered per-instrument objects on every tick was most of its cost.
   */
  private readonly slots = new Map<string, number>();
  private readonly instruments: Instrument[] = [];
  private capacity = 1024;
  /**
   * The lowest line of every book: row `slot` of an instrument, a column per kind, Infinity where
   * the book is empty. Most books hold nothing crossed, and one contiguous table lets a tick rule
   * them out without touching their entries: reading the line from scattered book objects cost
   * more than everything else in a tick of 100,000 alerts (bench/alert-evaluation.mjs).
   */
  private lowest = new Float64Array(1024 * kindCount).fill(Number.POSITIVE_INFINITY);
  /**
   * Each instrument's quiet band and 涨速 state (hotFields). While its price stays strictly inside
   * the band (lo, hi) and its 成交额 and 换手率 below their lines, none of its alerts can fire, and
   * a tick checks four numbers instead of every kind. Rebuilt when a line, the previous close or the
   * 涨速 base changes.
   */
  private hot = new Float64Array(1024 * hotFields);
  private speedRing = new Float64Array(1024 * speedRingSize * 2);
  /** Instruments that have had NAV alerts: judged on every tick, since a NAV changes outside ticks. */
  private readonly navCodes = new Set<string>();
  private readonly armed = new Map<number, Entry>();
  /** Fired alerts that will fire again: a min-heap by waking time; removed ones stay until popped. */
  private readonly resting: Resting[] = [];
  private readonly restingById = new Map<number, Resting>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Alerts in books (armed) and resting. */
  size(): { armed: number; resting: number } {
    return { armed: this.armed.size, resting: this.restingById.size };
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
      const slot = this.slots.get(entry.alert.code);
      const instrument = slot === undefined ? undefined : this.instruments[slot];
      const kind = kindIndex.get(entry.alert.kind) ?? 0;
      const book = instrument?.books[kind];
      if (instrument && book) {
        const index = book.indexOf(entry);
        if (index >= 0) book.splice(index, 1);
        this.setLowest(instrument, kind, book);
      }
    }
    const rest = this.restingById.get(id);
    if (rest) {
      rest.live = false;
      this.restingById.delete(id);
    }
  }

  /** Judges one tick: the instruments in its rows, and the funds with NAV alerts. */
  evaluate(tick: TickLike, quoteOf: (code: string) => Quote | undefined): Firing[] {
    this.wake(tick.time);
    const firings: Firing[] = [];
    const rows = tick.rows;
    for (let index = 0; index < rows.length; index += 1) {
      const code = (rows[index] as TickLike['rows'][number])[0];
      const slot = this.slots.get(code);
      if (slot === undefined) continue;
      const quote = quoteOf(code);
      if (!quote || !this.judgeable(quote, tick.time)) continue;
      this.judgeInstrument(slot, quote, tick.time, firings, false);
    }
    for (const code of this.navCodes) {
      const slot = this.slots.get(code);
      const instrument = slot === undefined ? undefined : this.instruments[slot];
      if (slot === undefined || !instrument || instrument.navDay === null) continue;
      const quote = quoteOf(code);
      if (!quote || quote.price === null || !quote.prevClose) continue;
      // The first sight of a fund only notes its NAV day: an alert judges the NAVs published after it.
      if (instrument.navDay === 0) {
        instrument.navDay = quote.tradingDay;
        continue;
      }
      if (quote.tradingDay <= instrument.navDay) continue;
      instrument.navDay = quote.tradingDay;
      this.judgeInstrument(slot, quote, tick.time, firings, true);
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
    slot: number,
    quote: Quote,
    time: number,
    firings: Firing[],
    navOnly: boolean,
  ): void {
    const speed = navOnly ? null : this.sampleSpeed(slot, quote, time);
    if (!navOnly && this.quiet(slot, quote, time)) return;
    const lowest = this.lowest;
    const row = slot * kindCount;
    for (let kind = 0; kind < kindCount; kind += 1) {
      const line = lowest[row + kind] as number;
      if (line === Number.POSITIVE_INFINITY || isNavIndex[kind] !== navOnly) continue;
      const observed = this.observe(alertKinds[kind] as AlertKind, quote, speed);
      if (observed === null) continue;
      const metric = (signOf[kind] as number) * observed;
      if (line > metric) continue;
      const instrument = this.instruments[slot] as Instrument;
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

  /** Whether nothing of this instrument can fire at this quote (its band is current and holds it). */
  private quiet(slot: number, quote: Quote, time: number): boolean {
    const bands = this.hot;
    const at = slot * hotFields;
    if (bands[at] !== 1 || bands[at + 1] !== quote.prevClose || time >= (bands[at + 6] as number))
      this.buildBand(slot, quote, time);
    const price = quote.price as number;
    return (
      price > (bands[at + 2] as number) &&
      price < (bands[at + 3] as number) &&
      quote.amount < (bands[at + 4] as number) &&
      (quote.turnoverRate === null || quote.turnoverRate < (bands[at + 5] as number))
    );
  }

  /**
   * The band from the slot's lowest lines: each "above" kind caps hi at the price where it would
   * fire, each "below" kind raises lo. Change lines are priced from the previous close with a margin
   * for the quote's rounding of 涨跌幅, so the band only ever errs towards judging in full. While a
   * 涨速 base is younger than 5 minutes no 涨速 line can fire: the band leaves them out and expires
   * when the base comes of age.
   */
  private buildBand(slot: number, quote: Quote, time: number): void {
    const lowest = this.lowest;
    const row = slot * kindCount;
    const at = slot * hotFields;
    const prevClose = quote.prevClose as number;
    const changeMargin = prevClose * 2e-6 + 2e-4;
    let lo = Number.NEGATIVE_INFINITY;
    let hi = Number.POSITIVE_INFINITY;
    let validUntil = Number.POSITIVE_INFINITY;
    if ((lowest[row + PRICE_ABOVE] as number) !== Number.POSITIVE_INFINITY)
      hi = Math.min(hi, lowest[row + PRICE_ABOVE] as number);
    if ((lowest[row + PRICE_BELOW] as number) !== Number.POSITIVE_INFINITY)
      lo = Math.max(lo, -(lowest[row + PRICE_BELOW] as number));
    if ((lowest[row + CHANGE_ABOVE] as number) !== Number.POSITIVE_INFINITY) {
      hi = Math.min(hi, prevClose * (1 + (lowest[row + CHANGE_ABOVE] as number)) - changeMargin);
    }
    if ((lowest[row + CHANGE_BELOW] as number) !== Number.POSITIVE_INFINITY) {
      lo = Math.max(lo, prevClose * (1 - (lowest[row + CHANGE_BELOW] as number)) + changeMargin);
    }
    if ((lowest[row + LIMIT_UP] as number) !== Number.POSITIVE_INFINITY && quote.limitUp !== null) {
      hi = Math.min(hi, quote.limitUp - 1e-6);
    }
    if ((lowest[row + LIMIT_DOWN] as number) !== Number.POSITIVE_INFINITY && quote.limitDown !== null) {
      lo = Math.max(lo, quote.limitDown + 1e-6);
    }
    if (
      (lowest[row + SPEED_UP] as number) !== Number.POSITIVE_INFINITY ||
      (lowest[row + SPEED_DOWN] as number) !== Number.POSITIVE_INFINITY
    ) {
      const hot = this.hot;
      const speedAt = slot * hotFields + SPEED;
      const baseTime = hot[speedAt + 2] as number;
      const basePrice = hot[speedAt + 3] as number;
      if (basePrice <= 0) validUntil = time;
      else if (baseTime > time - speedWindowMs) validUntil = baseTime + speedWindowMs;
      else {
        if ((lowest[row + SPEED_UP] as number) !== Number.POSITIVE_INFINITY) {
          hi = Math.min(hi, basePrice * (1 + (lowest[row + SPEED_UP] as number)) * (1 - 1e-9));
        }
        if ((lowest[row + SPEED_DOWN] as number) !== Number.POSITIVE_INFINITY) {
          lo = Math.max(lo, basePrice * (1 - (lowest[row + SPEED_DOWN] as number)) * (1 + 1e-9));
        }
      }
    }
    const bands = this.hot;
    bands[at] = 1;
    bands[at + 1] = prevClose;
    bands[at + 2] = lo;
    bands[at + 3] = hi;
    bands[at + 4] = lowest[row + AMOUNT_ABOVE] as number;
    bands[at + 5] = lowest[row + TURNOVER_ABOVE] as number;
    bands[at + 6] = validUntil;
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
  private sampleSpeed(slot: number, quote: Quote, time: number): number | null {
    const hot = this.hot;
    const at = slot * hotFields + SPEED;
    if (hot[at] !== 1) return null;
    const price = quote.price as number;
    if (hot[at + 4] !== quote.tradingDay) {
      // A new trading day starts an empty window.
      hot[at + 1] = Number.NEGATIVE_INFINITY;
      hot[at + 2] = 0;
      hot[at + 3] = 0;
      hot[at + 4] = quote.tradingDay;
      hot[at + 5] = 0;
      hot[at + 6] = 0;
    }
    if (time - (hot[at + 1] as number) >= speedSampleMs) this.keepSample(slot, time, price);
    const baseTime = hot[at + 2] as number;
    const basePrice = hot[at + 3] as number;
    if (baseTime > time - speedWindowMs || basePrice <= 0) return null;
    return price / basePrice - 1;
  }

  /** Adds a sample to the slot's ring and moves the base to the last sample at or before the window. */
  private keepSample(slot: number, time: number, price: number): void {
    const hot = this.hot;
    const at = slot * hotFields + SPEED;
    const ring = this.speedRing;
    const base = slot * speedRingSize * 2;
    let head = hot[at + 5] as number;
    let count = hot[at + 6] as number;
    if (count === speedRingSize) {
      head = (head + 1) % speedRingSize;
      count -= 1;
    }
    const index = (head + count) % speedRingSize;
    ring[base + index] = time;
    ring[base + speedRingSize + index] = price;
    count += 1;
    const windowStart = time - speedWindowMs;
    while (count > 1 && (ring[base + ((head + 1) % speedRingSize)] as number) <= windowStart) {
      head = (head + 1) % speedRingSize;
      count -= 1;
    }
    hot[at + 1] = time;
    hot[at + 5] = head;
    hot[at + 6] = count;
    const baseTime = ring[base + head] as number;
    const basePrice = ring[base + speedRingSize + head] as number;
    if (baseTime !== hot[at + 2] || basePrice !== hot[at + 3]) {
      hot[at + 2] = baseTime;
      hot[at + 3] = basePrice;
      this.hot[slot * hotFields] = 0;
    }
  }

  private arm(alert: ArmedAlert): void {
    let slot = this.slots.get(alert.code);
    if (slot === undefined) {
      slot = this.instruments.length;
      if (slot === this.capacity) this.grow();
      this.slots.set(alert.code, slot);
      this.instruments.push({ slot, books: [], navDay: null });
    }
    const instrument = this.instruments[slot] as Instrument;
    if (speedKinds.has(alert.kind)) this.hot[slot * hotFields + SPEED] = 1;
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

  /** Doubles the slot tables. */
  private grow(): void {
    this.capacity *= 2;
    const lowest = new Float64Array(this.capacity * kindCount).fill(Number.POSITIVE_INFINITY);
    lowest.set(this.lowest);
    this.lowest = lowest;
    const hot = new Float64Array(this.capacity * hotFields);
    hot.set(this.hot);
    this.hot = hot;
    const speedRing = new Float64Array(this.capacity * speedRingSize * 2);
    speedRing.set(this.speedRing);
    this.speedRing = speedRing;
  }

  private setLowest(instrument: Instrument, kind: number, book: readonly Entry[]): void {
    this.lowest[instrument.slot * kindCount + kind] = book[0]?.threshold ?? Number.POSITIVE_INFINITY;
    this.hot[instrument.slot * hotFields] = 0;
  }

  private rest(alert: ArmedAlert, wakeAt: number): void {
    const rest: Resting = { wakeAt, alert, live: true };
    this.restingById.set(alert.id, rest);
    const heap = this.resting;
    let index = heap.push(rest) - 1;
    while (index > 0) {
      const parent = (index - 1) >>> 1;
      if ((heap[parent] as Resting).wakeAt <= wakeAt) break;
      heap[index] = heap[parent] as Resting;
      index = parent;
    }
    heap[index] = rest;
  }

  /** Re-arms the resting alerts whose time has come. */
  private wake(time: number): void {
    const heap = this.resting;
    while (heap.length > 0 && (heap[0] as Resting).wakeAt <= time) {
      const top = heap[0] as Resting;
      const last = heap.pop() as Resting;
      if (heap.length > 0) {
        let index = 0;
        for (;;) {
          const left = index * 2 + 1;
          if (left >= heap.length) break;
          const right = left + 1;
          const child =
            right < heap.length && (heap[right] as Resting).wakeAt < (heap[left] as Resting).wakeAt
              ? right
              : left;
          if ((heap[child] as Resting).wakeAt >= last.wakeAt) break;
          heap[index] = heap[child] as Resting;
          index = child;
        }
        heap[index] = last;
      }
      if (!top.live) continue;
      this.restingById.delete(top.alert.id);
      this.arm(top.alert);
    }
  }
}
