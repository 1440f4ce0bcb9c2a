import type { SwingKind } from '@zhicai/contract';

/**
 * What makes a move unusual (异动), in one place: /swingStocks lists what these rules find in the
 * day's minute bars, the same bars the intraday chart (subscribeShare) draws, so every event's
 * price is the chart's price at that minute.
 */
export const swingRules = {
  /** 快速拉升/快速下跌: the price moves this far (fraction) from the window's low/high… */
  move: 0.03,
  /** …within this many minutes; a stock's next event of the same kind waits as long. */
  windowMinutes: 5,
  /** 大笔成交: a minute's amount of at least this many yuan… */
  bigDealAmount: 30_000_000,
  /** …and this many times the stock's average minute before it (from its sixth minute on). */
  bigDealMultiple: 6,
} as const;

/** One minute bar of a share: hhmm, the price at its end and the amount traded in it (yuan). */
export interface SwingBar {
  minute: number;
  price: number;
  amount: number;
}

export interface SwingLimits {
  prevClose: number;
  /** Null when the share has no limit (a new listing's first days). */
  limitUp: number | null;
  limitDown: number | null;
}

export interface SwingHit {
  kind: SwingKind;
  minute: number;
  price: number;
  chgPct: number;
  value: number;
}

const atOrAbove = (price: number, limit: number | null) => limit !== null && price >= limit - 1e-9;
const atOrBelow = (price: number, limit: number | null) => limit !== null && price <= limit + 1e-9;

/** The unusual moves of one share in its minute bars (oldest first), in the order they happened. */
export function detectSwings(bars: readonly SwingBar[], limits: SwingLimits): SwingHit[] {
  const hits: SwingHit[] = [];
  const { move, windowMinutes, bigDealAmount, bigDealMultiple } = swingRules;
  let riseFrom = 0;
  let fallFrom = 0;
  let amountBefore = 0;
  const hit = (kind: SwingKind, bar: SwingBar, value: number) =>
    hits.push({
      kind,
      minute: bar.minute,
      price: bar.price,
      chgPct: bar.price / limits.prevClose - 1,
      value,
    });
  for (let index = 0; index < bars.length; index += 1) {
    const bar = bars[index] as SwingBar;
    const previous = bars[index - 1];
    // The window is the bars of the last windowMinutes minutes before this one. The first minute
    // has none: a gap at the open is the call auction's price (高开/低开), not a move within minutes.
    const start = Math.max(0, index - windowMinutes);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let back = start; back < index; back += 1) {
      const price = (bars[back] as SwingBar).price;
      low = Math.min(low, price);
      high = Math.max(high, price);
    }
    if (index > 0 && index >= riseFrom && bar.price / low - 1 >= move) {
      hit('rise', bar, bar.price / low - 1);
      riseFrom = index + windowMinutes;
    }
    if (index > 0 && index >= fallFrom && bar.price / high - 1 <= -move) {
      hit('fall', bar, bar.price / high - 1);
      fallFrom = index + windowMinutes;
    }
    const wasUp = previous ? atOrAbove(previous.price, limits.limitUp) : false;
    const wasDown = previous ? atOrBelow(previous.price, limits.limitDown) : false;
    if (atOrAbove(bar.price, limits.limitUp) && !wasUp) hit('sealUp', bar, limits.limitUp as number);
    if (wasUp && !atOrAbove(bar.price, limits.limitUp)) hit('openUp', bar, limits.limitUp as number);
    if (atOrBelow(bar.price, limits.limitDown) && !wasDown) hit('sealDown', bar, limits.limitDown as number);
    if (wasDown && !atOrBelow(bar.price, limits.limitDown)) hit('openDown', bar, limits.limitDown as number);
    if (
      index >= windowMinutes &&
      bar.amount >= bigDealAmount &&
      bar.amount >= (bigDealMultiple * amountBefore) / index
    )
      hit('bigDeal', bar, bar.amount);
    amountBefore += bar.amount;
  }
  return hits;
}
