import type { Quote, TickRow } from '@zhicai/contract';
import { sessionMinutes } from '@zhicai/domain';
import type { EndpointData } from '../platform/query/endpoint-query.ts';
import type { SnapshotMessage, TickMessage } from '../platform/socket/index.ts';

/** A quote of 贵州茅台 as the server sends it, up 1.37% on the day; override what a case is about. */
export function quoteOf(code: string, overrides: Partial<Quote> = {}): Quote {
  return {
    code,
    name: '贵州茅台',
    type: 'capital',
    time: 1_700_000_000_000,
    tradingDay: 20240628,
    status: 'trading',
    price: 1520.5,
    prevClose: 1500,
    open: 1490,
    high: 1530,
    low: 1480,
    volume: 2_345_600,
    amount: 3_560_000_000,
    chg: 20.5,
    chgPct: 0.013667,
    amplitude: 0.0333,
    turnoverRate: 0.0019,
    limitUp: 1650,
    limitDown: 1350,
    pe: 28.53,
    pb: 9.1,
    marketCap: 1_910_000_000_000,
    floatMarketCap: 1_910_000_000_000,
    ...overrides,
  };
}

/**
 * A quote at 100 that has not moved (open = high = low = close = 100), for arithmetic on ticks;
 * override what a case is about.
 */
export function flatQuoteOf(code: string, overrides: Partial<Quote> = {}): Quote {
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

const cnMinutes = sessionMinutes('cn');

export function minuteRows(date: string, prices: number[]): EndpointData<'market.subscribeShare'> {
  return prices.map((price, i) => [date, price, 1000, price * 1000, cnMinutes[i] ?? 930, price]);
}
