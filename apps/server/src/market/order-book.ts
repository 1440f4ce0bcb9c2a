import type { Quote } from '@zhicai/contract';
import { priceTick, type TradingMarket } from '@zhicai/domain';

/**
 * The five-level order book (五档盘口) of a quote, derived from the quote alone (issue 15 item 6).
 * Neither the demo market nor an import carries real orders, so the book is a deterministic picture
 * that agrees with everything the header shows: the best ask is the last price and the best bid one
 * tick below it, every level sits on the tick grid within the day's limits, a share at 涨停 has no
 * asks and one at 跌停 no bids, and the sizes are a fraction of a minute's volume in whole lots. The
 * same quote always gives the same book, so two instances behind one tick bus agree.
 */

export interface OrderLevel {
  price: number;
  /** Shares waiting at the price, a whole number of lots. */
  volume: number;
}

export interface OrderBook {
  bids: OrderLevel[];
  asks: OrderLevel[];
  /** 委比 over the five levels, −1..1; null for an empty book. */
  orderImbalance: number | null;
  /** 外盘 and 内盘 in shares: outer + inner = the day's volume. */
  outerVolume: number;
  innerVolume: number;
}

const levels = 5;

/** FNV-1a over a string: a cheap, stable seed for the book's sizes. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A deterministic stream of uniforms in [0, 1) (mulberry32). */
function uniforms(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Removes binary noise from a sum of ticks (10.05 + 0.01 = 10.060000000000002). */
function clean(price: number): number {
  return Number(price.toFixed(4));
}

/** Minutes of one session: 240 on the mainland, 330 in Hong Kong. */
export function sessionLength(market: TradingMarket): number {
  return market === 'hk' ? 330 : 240;
}

/**
 * The book around a quote. `lotSize` is the board lot (100 shares on the mainland); `market` sets
 * the session length that turns the day's volume into a per-minute size.
 */
export function orderBook(quote: Quote, lotSize: number, market: TradingMarket): OrderBook {
  const price = quote.price;
  const empty: OrderBook = {
    bids: [],
    asks: [],
    orderImbalance: null,
    outerVolume: 0,
    innerVolume: 0,
  };
  if (price === null || price <= 0 || quote.status === 'suspended') return empty;
  const random = uniforms(hash(`${quote.code}|${quote.time}|${price}|${quote.volume}`));
  // A level holds a fraction of an average minute's volume; a quiet share still shows a few lots.
  const perMinute = quote.volume > 0 ? quote.volume / sessionLength(market) : lotSize * 50;
  const size = (depth: number) => {
    const lots = Math.max(
      1,
      Math.round((perMinute * (0.05 + random() * 0.45) * (1 + depth * 0.15)) / lotSize),
    );
    return lots * lotSize;
  };

  // Steps follow the tick at each price, so a Hong Kong book crosses a spread-table band correctly
  // (a step down from 10.00 HKD is 0.01, a step up 0.02).
  const stepUp = (at: number) => clean(at + priceTick(quote.type, at));
  const stepDown = (at: number) => clean(at - priceTick(quote.type, at - 1e-9));
  const up = quote.limitUp ?? Number.POSITIVE_INFINITY;
  const down = quote.limitDown ?? 0;
  const asks: OrderLevel[] = [];
  const bids: OrderLevel[] = [];
  // At 涨停 every seller is filled and buyers queue at the limit; at 跌停 the reverse.
  const atLimitUp = quote.limitUp !== null && price >= quote.limitUp;
  const atLimitDown = quote.limitDown !== null && price <= quote.limitDown;
  if (!atLimitUp) {
    for (let level = price; asks.length < levels && level <= up; level = stepUp(level)) {
      // The queue at 跌停 is the day's story: several minutes' volume offered at the limit.
      const volume = atLimitDown && asks.length === 0 ? size(0) * 20 : size(asks.length);
      asks.push({ price: level, volume });
    }
  }
  if (!atLimitDown) {
    const best = atLimitUp ? price : stepDown(price);
    for (let level = best; bids.length < levels && level >= down && level > 0; level = stepDown(level)) {
      const volume = atLimitUp && bids.length === 0 ? size(0) * 20 : size(bids.length);
      bids.push({ price: level, volume });
    }
  }
  const bidTotal = bids.reduce((sum, level) => sum + level.volume, 0);
  const askTotal = asks.reduce((sum, level) => sum + level.volume, 0);
  const total = bidTotal + askTotal;

  // 外盘 leans with the day's move: a rising share trades more at the ask.
  const lean = Math.max(-0.25, Math.min(0.25, (quote.chgPct ?? 0) * 5));
  const outerShare = Math.max(0.2, Math.min(0.8, 0.5 + lean + (random() - 0.5) * 0.06));
  const outerVolume = Math.round((quote.volume * outerShare) / lotSize) * lotSize;
  return {
    bids,
    asks,
    orderImbalance: total === 0 ? null : Number(((bidTotal - askTotal) / total).toFixed(4)),
    outerVolume: Math.min(outerVolume, quote.volume),
    innerVolume: quote.volume - Math.min(outerVolume, quote.volume),
  };
}
