import type { Quote, TickRow } from '@zhicai/contract';
import type { IncomingMessage, SnapshotMessage, TickMessage } from '../socket/index.ts';

/**
 * The live quotes of one set of codes, merged from three sources: the realTime call (the base),
 * socket snapshots (full quotes) and socket ticks (price and the day's totals). Pure: the hook
 * keeps this in a reducer and the tests call it directly.
 */
export interface LiveQuotesState {
  /** The codes this state follows; quotes and rows of other codes are ignored. */
  codes: ReadonlySet<string>;
  quotes: ReadonlyMap<string, Quote>;
  /** The `seq` of the last snapshot or tick applied, null before the first. */
  seq: number | null;
  /** A gap in `seq` was seen: tick rows are ignored until a snapshot arrives. */
  awaitingSnapshot: boolean;
  /** Epoch ms on this device's clock when the last tick or snapshot was applied, null before. */
  lastTickAt: number | null;
}

export type LiveQuotesAction =
  | { type: 'codes'; codes: readonly string[] }
  | { type: 'base'; quotes: readonly Quote[] }
  | { type: 'message'; message: IncomingMessage; receivedAt: number };

export function createLiveQuotesState(
  codes: readonly string[],
  base: readonly Quote[] = [],
): LiveQuotesState {
  const state: LiveQuotesState = {
    codes: new Set(codes),
    quotes: new Map(),
    seq: null,
    awaitingSnapshot: false,
    lastTickAt: null,
  };
  return mergeBase(state, base);
}

/** Follows another set of codes: keeps what is known of codes still followed, forgets the rest. */
export function withCodes(state: LiveQuotesState, codes: readonly string[]): LiveQuotesState {
  const next = new Set(codes);
  if (next.size === state.codes.size && codes.every((code) => state.codes.has(code))) return state;
  const quotes = new Map([...state.quotes].filter(([code]) => next.has(code)));
  return { ...state, codes: next, quotes };
}

/**
 * Merges quotes from the realTime call. A quote the socket delivered later than the call's answer
 * (a larger `time`) is fresher and stays; a refetch after pull-to-refresh replaces older ones.
 */
export function mergeBase(state: LiveQuotesState, base: readonly Quote[]): LiveQuotesState {
  let quotes: Map<string, Quote> | null = null;
  for (const quote of base) {
    if (!state.codes.has(quote.code)) continue;
    const current = state.quotes.get(quote.code);
    if (current && current.time > quote.time) continue;
    quotes ??= new Map(state.quotes);
    quotes.set(quote.code, quote);
  }
  return quotes ? { ...state, quotes } : state;
}

/**
 * A snapshot replaces the quotes it carries and restarts the sequence at its `seq` (the next tick
 * is seq + 1), ending any wait after a gap. After a reconnect to another server the numbers may
 * start lower; the snapshot that answers the resubscription resets them.
 */
export function mergeSnapshot(
  state: LiveQuotesState,
  message: SnapshotMessage,
  receivedAt: number,
): LiveQuotesState {
  const quotes = new Map(state.quotes);
  for (const quote of message.quotes) if (state.codes.has(quote.code)) quotes.set(quote.code, quote);
  return { ...state, quotes, seq: message.seq, awaitingSnapshot: false, lastTickAt: receivedAt };
}

/** `value × ratio`, or `value` unchanged when either is missing. */
function scaled(value: number | null, ratio: number | null): number | null {
  return value === null || ratio === null ? value : value * ratio;
}

/**
 * One tick row applied to a quote. Change, percent and amplitude follow from the quote's previous
 * close (all fractions, contract instrument.ts); without a previous close they are null. Market
 * values, PE and PB are proportional to the price at a fixed share count and earnings, so they move
 * by new price ÷ old price. Turnover is kept: the row has no float-share figure.
 */
export function applyTickRow(quote: Quote, row: TickRow, time: number): Quote {
  const [, price, open, high, low, volume, amount] = row;
  const { prevClose } = quote;
  const base = prevClose === null || prevClose === 0 ? null : prevClose;
  const chg = prevClose === null ? null : price - prevClose;
  const ratio = quote.price === null || quote.price === 0 ? null : price / quote.price;
  return {
    ...quote,
    time,
    price,
    open,
    high,
    low,
    volume,
    amount,
    chg,
    chgPct: base === null || chg === null ? null : chg / base,
    amplitude: base === null ? null : (high - low) / base,
    marketCap: scaled(quote.marketCap, ratio),
    floatMarketCap: scaled(quote.floatMarketCap, ratio),
    pe: scaled(quote.pe, ratio),
    pb: scaled(quote.pb, ratio),
  };
}

/**
 * Whether a tick continues the sequence: 'apply' for seq + 1 (or the first tick seen, when the
 * codes were already subscribed by another view and no snapshot came), 'stale' for a number already
 * covered by a snapshot, 'gap' for a number beyond seq + 1 — a tick was lost.
 */
export function tickOrder(state: LiveQuotesState, seq: number): 'apply' | 'stale' | 'gap' {
  if (state.seq === null || seq === state.seq + 1) return 'apply';
  return seq <= state.seq ? 'stale' : 'gap';
}

/**
 * Applies a tick's rows to the quotes it knows; rows of codes not followed, or followed but with no
 * quote yet (nothing to take the previous close from), are ignored. A gap in `seq`, or a tick of a
 * later trading day than a quote it moves (the previous close has rolled over), sets
 * `awaitingSnapshot`: the caller asks the server for a snapshot, and rows are ignored until it
 * arrives.
 */
export function mergeTick(state: LiveQuotesState, message: TickMessage, receivedAt: number): LiveQuotesState {
  if (state.awaitingSnapshot) return state;
  const order = tickOrder(state, message.seq);
  if (order === 'stale') return state;
  if (order === 'gap') return { ...state, awaitingSnapshot: true };
  let quotes: Map<string, Quote> | null = null;
  for (const row of message.rows) {
    const current = state.quotes.get(row[0]);
    if (!current || !state.codes.has(row[0])) continue;
    if (message.tradingDay > current.tradingDay) return { ...state, awaitingSnapshot: true };
    // A row of an earlier day than the quote (a base fetched after the roll-over) is old news.
    if (message.tradingDay < current.tradingDay) continue;
    quotes ??= new Map(state.quotes);
    quotes.set(row[0], applyTickRow(current, row, message.time));
  }
  return { ...state, quotes: quotes ?? state.quotes, seq: message.seq, lastTickAt: receivedAt };
}

/** Snapshots and ticks change the state; connection messages (hello, pong, error) do not. */
export function mergeMessage(
  state: LiveQuotesState,
  message: IncomingMessage,
  receivedAt: number,
): LiveQuotesState {
  if (message.type === 'snapshot') return mergeSnapshot(state, message, receivedAt);
  if (message.type === 'tick') return mergeTick(state, message, receivedAt);
  return state;
}

export function liveQuotesReducer(state: LiveQuotesState, action: LiveQuotesAction): LiveQuotesState {
  switch (action.type) {
    case 'codes':
      return withCodes(state, action.codes);
    case 'base':
      return mergeBase(state, action.quotes);
    case 'message':
      return mergeMessage(state, action.message, action.receivedAt);
  }
}
