import { formatPrice } from '@zhicai/domain';

/**
 * One daily bar as the wire protocol sends it: date as the number YYYYMMDD, then prices in yuan,
 * volume and amount. Prices are null on a suspended day. It mirrors the protocol row exactly, so
 * bars can be passed straight from a response without copying.
 */
export type DayBarRow = readonly [
  date: number,
  prevClose: number | null,
  open: number | null,
  high: number | null,
  low: number | null,
  close: number | null,
  volume: number | null,
  amount: number | null,
];

/**
 * The candle klinecharts draws (the shape of its KLineData, kept here so this file needs no import).
 * A type alias rather than an interface, so it is assignable to KLineData's open index signature.
 */
export type Candle = {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** In the chart's volume unit (toCandles): lots (手) for A-shares, shares (股) elsewhere. */
  volume: number;
  turnover: number;
  /** The exchange's reference price of the bar (the previous close, ex-right on an ex-date), if known. */
  prevClose: number | null;
};

/**
 * How volumes are counted on the chart, as the quote header counts them: A-shares in lots of 100
 * shares (手), Hong Kong and the rest in shares (股).
 */
export type VolumeUnit = 'lot' | 'share';

/** The unit's Chinese name, shown after every volume. */
export const volumeUnitName: Readonly<Record<VolumeUnit, string>> = { lot: '手', share: '股' };

const sharesPerLot = 100;

const beijingOffsetMs = 8 * 60 * 60 * 1000;

/** Midnight Asia/Shanghai of a YYYYMMDD date, as epoch milliseconds. */
export function tradingDayTimestamp(date: number): number {
  const year = Math.floor(date / 10000);
  const month = Math.floor(date / 100) % 100;
  const day = date % 100;
  return Date.UTC(year, month - 1, day) - beijingOffsetMs;
}

/**
 * Converts protocol rows (volumes in shares) to candles with volumes in the given unit, leaving out
 * suspended days (any price missing). The VOL pane, its axis and the legend all read the candle's
 * volume, so converting here once makes every volume on the chart count in the same unit.
 */
export function toCandles(bars: readonly DayBarRow[], volumeUnit: VolumeUnit = 'share'): Candle[] {
  const divisor = volumeUnit === 'lot' ? sharesPerLot : 1;
  const candles: Candle[] = [];
  for (const [date, prevClose, open, high, low, close, volume, amount] of bars) {
    if (open === null || high === null || low === null || close === null) continue;
    candles.push({
      timestamp: tradingDayTimestamp(date),
      open,
      high,
      low,
      close,
      volume: (volume ?? 0) / divisor,
      turnover: amount ?? 0,
      prevClose,
    });
  }
  return candles;
}

/** The text alternative of the chart: the last close and the range's high and low. */
export function klineSummary(candles: readonly Candle[]): string {
  const last = candles.at(-1);
  if (!last) return 'K线图，暂无数据';
  let high = last.high;
  let low = last.low;
  for (const candle of candles) {
    if (candle.high > high) high = candle.high;
    if (candle.low < low) low = candle.low;
  }
  return `K线图，最新收盘 ${formatPrice(last.close)}，区间最高 ${formatPrice(high)} 最低 ${formatPrice(low)}`;
}
