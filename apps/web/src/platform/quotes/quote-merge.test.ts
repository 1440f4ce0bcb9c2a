import type { TickRow } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { flatQuoteOf, snapshotOf, tickOf } from '../../testing/quote-fixtures.ts';
import {
  applyTickRow,
  createLiveQuotesState,
  type LiveQuotesState,
  liveQuotesReducer,
  mergeBase,
  mergeMessage,
  mergeSnapshot,
  mergeTick,
  tickOrder,
  withCodes,
} from './quote-merge.ts';

const moutai = '600519.SH';
const pingan = '000001.SZ';
const row = (code: string, price: number, high = price, low = price): TickRow => [
  code,
  price,
  100,
  high,
  low,
  2_000,
  210_000,
];

/** Following Moutai, with a quote from the realTime call and a snapshot at seq 10. */
function ready(overrides = {}): LiveQuotesState {
  return mergeSnapshot(
    createLiveQuotesState([moutai]),
    snapshotOf(10, [flatQuoteOf(moutai, overrides)]),
    500,
  );
}

describe('applyTickRow', () => {
  it('moves price, open, high, low, volume, amount and time, and recomputes change from prevClose', () => {
    const next = applyTickRow(flatQuoteOf(moutai), [moutai, 105, 101, 106, 99, 5_000, 520_000], 9_000);
    expect(next).toMatchObject({
      time: 9_000,
      price: 105,
      open: 101,
      high: 106,
      low: 99,
      volume: 5_000,
      amount: 520_000,
      chg: 5,
      chgPct: 0.05,
      amplitude: 0.07,
      turnoverRate: 0.01,
    });
  });

  it('scales market values, PE and PB by new price ÷ old price', () => {
    const next = applyTickRow(flatQuoteOf(moutai), row(moutai, 110), 9_000);
    expect(next.marketCap).toBeCloseTo(1_100_000);
    expect(next.floatMarketCap).toBeCloseTo(880_000);
    expect(next.pe).toBeCloseTo(22);
    expect(next.pb).toBeCloseTo(5.5);
  });

  it.each([
    ['a null prevClose', { prevClose: null }, { chg: null, chgPct: null, amplitude: null }],
    ['a zero prevClose', { prevClose: 0 }, { chg: 95, chgPct: null, amplitude: null }],
    ['a null old price (no trade yet)', { price: null }, { marketCap: 1_000_000, pe: 20 }],
    ['null market values (an index)', { marketCap: null, pe: null }, { marketCap: null, pe: null }],
  ])('is safe with %s', (_name, overrides, expected) => {
    expect(applyTickRow(flatQuoteOf(moutai, overrides), row(moutai, 95), 9_000)).toMatchObject(expected);
  });

  it('gives a falling price a negative change', () => {
    expect(applyTickRow(flatQuoteOf(moutai), row(moutai, 97.5), 9_000)).toMatchObject({
      chg: -2.5,
      chgPct: -0.025,
    });
  });
});

describe('tickOrder', () => {
  it.each([
    ['no sequence yet: the first tick is the baseline', null, 42, 'apply'],
    ['seq + 1', 10, 11, 'apply'],
    ['the same seq (already in the snapshot)', 10, 10, 'stale'],
    ['an older seq', 10, 7, 'stale'],
    ['seq + 2: one tick lost', 10, 12, 'gap'],
  ] as const)('%s', (_name, last, seq, expected) => {
    expect(tickOrder({ ...createLiveQuotesState([moutai]), seq: last }, seq)).toBe(expected);
  });
});

describe('mergeTick', () => {
  it('applies the next tick and records its seq and arrival', () => {
    const next = mergeTick(ready(), tickOf(11, [row(moutai, 102)]), 700);
    expect(next.quotes.get(moutai)).toMatchObject({ price: 102, chg: 2, time: 2_011 });
    expect(next).toMatchObject({ seq: 11, awaitingSnapshot: false, lastTickAt: 700 });
  });

  it('on a gap applies nothing and waits for a snapshot', () => {
    const before = ready();
    const next = mergeTick(before, tickOf(12, [row(moutai, 102)]), 700);
    expect(next.awaitingSnapshot).toBe(true);
    expect(next.quotes).toBe(before.quotes);
    expect(next.seq).toBe(10);
    expect(next.lastTickAt).toBe(500);
  });

  it('ignores every tick while waiting for the snapshot, even one that looks contiguous', () => {
    const waiting = mergeTick(ready(), tickOf(12, [row(moutai, 102)]), 700);
    expect(mergeTick(waiting, tickOf(13, [row(moutai, 103)]), 800)).toBe(waiting);
    expect(mergeTick(waiting, tickOf(11, [row(moutai, 101)]), 800)).toBe(waiting);
  });

  it('ignores a stale tick (its seq is already covered)', () => {
    const state = ready();
    expect(mergeTick(state, tickOf(10, [row(moutai, 90)]), 700)).toBe(state);
  });

  it('ignores rows of codes it does not follow, and of followed codes without a quote yet', () => {
    const state = withCodes(ready(), [moutai, pingan]);
    const next = mergeTick(state, tickOf(11, [row('00700.HK', 300), row(pingan, 11)]), 700);
    expect([...next.quotes.keys()]).toEqual([moutai]);
    expect(next.quotes).toBe(state.quotes);
    // The tick still continues the sequence and shows the connection is alive.
    expect(next).toMatchObject({ seq: 11, lastTickAt: 700 });
  });

  it('accepts the first tick as the baseline when no snapshot came (codes shared with another view)', () => {
    const state = createLiveQuotesState([moutai], [flatQuoteOf(moutai)]);
    const next = mergeTick(state, tickOf(42, [row(moutai, 101)]), 700);
    expect(next.seq).toBe(42);
    expect(next.quotes.get(moutai)?.price).toBe(101);
  });

  it('waits for a snapshot when a tick belongs to a later trading day (the previous close rolled over)', () => {
    const next = mergeTick(ready(), tickOf(11, [row(moutai, 101)], { tradingDay: 20240701 }), 700);
    expect(next.awaitingSnapshot).toBe(true);
    expect(next.quotes.get(moutai)?.price).toBe(100);
  });

  it('is safe when the quote has no previous close (a new listing)', () => {
    const next = mergeTick(
      ready({ prevClose: null, chg: null, chgPct: null }),
      tickOf(11, [row(moutai, 102)]),
      700,
    );
    expect(next.quotes.get(moutai)).toMatchObject({ price: 102, chg: null, chgPct: null, amplitude: null });
  });
});

describe('mergeSnapshot', () => {
  it('replaces the quotes it carries, resets seq and ends the wait after a gap', () => {
    const waiting = mergeTick(ready(), tickOf(12, [row(moutai, 102)]), 700);
    const next = mergeSnapshot(
      waiting,
      snapshotOf(20, [flatQuoteOf(moutai, { price: 103, time: 5_000 })]),
      900,
    );
    expect(next).toMatchObject({ seq: 20, awaitingSnapshot: false, lastTickAt: 900 });
    expect(next.quotes.get(moutai)).toMatchObject({ price: 103 });
    expect(mergeTick(next, tickOf(21, [row(moutai, 104)]), 950).quotes.get(moutai)?.price).toBe(104);
  });

  it('resets to a lower seq (a reconnect to another server numbers from its own count)', () => {
    const next = mergeSnapshot(ready(), snapshotOf(3, [flatQuoteOf(moutai)]), 900);
    expect(next.seq).toBe(3);
    expect(tickOrder(next, 4)).toBe('apply');
  });

  it('ignores quotes of codes it does not follow', () => {
    const next = mergeSnapshot(ready(), snapshotOf(11, [flatQuoteOf('00700.HK')]), 900);
    expect([...next.quotes.keys()]).toEqual([moutai]);
  });
});

describe('mergeBase (the realTime call)', () => {
  it('fills missing quotes and replaces older ones, but keeps fresher socket quotes', () => {
    const state = withCodes(ready({ time: 5_000, price: 120 }), [moutai, pingan]);
    const next = mergeBase(state, [flatQuoteOf(moutai, { time: 4_000, price: 99 }), flatQuoteOf(pingan)]);
    expect(next.quotes.get(moutai)?.price).toBe(120);
    expect(next.quotes.get(pingan)).toBeDefined();
    const refreshed = mergeBase(next, [flatQuoteOf(moutai, { time: 6_000, price: 121 })]);
    expect(refreshed.quotes.get(moutai)?.price).toBe(121);
  });

  it('returns the same state when nothing changes (no re-render)', () => {
    const state = ready();
    expect(mergeBase(state, [flatQuoteOf('00700.HK')])).toBe(state);
  });
});

describe('liveQuotesReducer', () => {
  it('follows new codes, forgetting dropped ones, and keeps the state for the same codes', () => {
    const state = withCodes(ready(), [moutai, pingan]);
    expect(liveQuotesReducer(state, { type: 'codes', codes: [pingan, moutai] })).toBe(state);
    const next = liveQuotesReducer(state, { type: 'codes', codes: [pingan] });
    expect(next.quotes.size).toBe(0);
    expect([...next.codes]).toEqual([pingan]);
  });

  it('leaves the state alone for connection messages', () => {
    const state = ready();
    expect(mergeMessage(state, { type: 'hello', v: 1, serverTime: 1 }, 900)).toBe(state);
    expect(
      liveQuotesReducer(state, {
        type: 'message',
        message: { type: 'pong', serverTime: 1 },
        receivedAt: 900,
      }),
    ).toBe(state);
  });
});
