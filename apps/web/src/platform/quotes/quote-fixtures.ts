import type { Quote, TickRow } from '@zhicai/contract';
import type { SnapshotMessage, TickMessage } from '../socket/index.ts';

/** A plain Shanghai stock quote for tests; override what a case is about. */
export function quoteOf(code: string, overrides: Partial<Quote> = {}): Quote {
  return {
    code,
    name: '贵州茅台',
    type: 'capital',
    time: 1_000,
    tradingDay: 20240628,
    status: 'trading',
    price: 100,
    prevClose: 100,
    open: 100,
    high: 100,
    low: 100,
    volume: 1_000,
    amount: 100_000,
    chg: 0,
    chgPct: 0,
    amplitude: 0,
    turnoverRate: 0.01,
    limitUp: 110,
    limitDown: 90,
    pe: 20,
    pb: 5,
    marketCap: 1_000_000,
    floatMarketCap: 800_000,
    ...overrides,
  };
}

export function tickOf(seq: number, rows: TickRow[], overrides: Partial<TickMessage> = {}): TickMessage {
  return { type: 'tick', seq, time: 2_000 + seq, tradingDay: 20240628, rows, ...overrides };
}

export function snapshotOf(seq: number, quotes: Quote[]): SnapshotMessage {
  return { type: 'snapshot', seq, quotes };
}
