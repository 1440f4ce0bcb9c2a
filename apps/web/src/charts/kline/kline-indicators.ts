/**
 * The indicator values the K-line's legend shows, computed here rather than read back from
 * klinecharts: the legend is our own DOM (kline-legend.ts) and must show the last bar's figures from
 * the first frame on, before klinecharts has loaded. Each formula and default parameter is
 * klinecharts 10.0.2's own (node_modules/klinecharts/dist/index.esm.js: movingAverage, volume,
 * bollingerBands, movingAverageConvergenceDivergence, stoch, relativeStrengthIndex), so the legend
 * reads the same numbers as the lines drawn; a value is NaN until its period has enough bars.
 */
import type { Candle } from './day-bar.ts';

/** The indicators the chart offers: MA and BOLL on the candle pane, the others in a pane of their own. */
export type KlineIndicator = 'MA' | 'BOLL' | 'VOL' | 'MACD' | 'KDJ' | 'RSI';

/** klinecharts' default calcParams of each indicator. */
export const indicatorParams: Readonly<Record<KlineIndicator, readonly number[]>> = {
  MA: [5, 10, 30, 60],
  BOLL: [20, 2],
  VOL: [5, 10, 20],
  MACD: [12, 26, 9],
  KDJ: [9, 3, 3],
  RSI: [6, 12, 24],
};

/** Simple moving averages of a series (klinecharts' running sum). */
function movingAverage(values: readonly number[], period: number): Float64Array {
  const result = new Float64Array(values.length).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i] as number;
    if (i >= period - 1) {
      result[i] = sum / period;
      sum -= values[i - (period - 1)] as number;
    }
  }
  return result;
}

/** MA of the closes, one line per period. */
export function maLines(candles: readonly Candle[], periods = indicatorParams.MA): Float64Array[] {
  const closes = candles.map((candle) => candle.close);
  return periods.map((period) => movingAverage(closes, period));
}

/** VOL's moving averages of the volume, one line per period. */
export function volumeMaLines(candles: readonly Candle[], periods = indicatorParams.VOL): Float64Array[] {
  const volumes = candles.map((candle) => candle.volume);
  return periods.map((period) => movingAverage(volumes, period));
}

export interface BollLines {
  mid: Float64Array;
  up: Float64Array;
  dn: Float64Array;
}

/** BOLL: the N-bar MA of the close ± k population standard deviations of the same N closes. */
export function bollLines(
  candles: readonly Candle[],
  [period = 20, width = 2] = indicatorParams.BOLL,
): BollLines {
  const count = candles.length;
  const closes = candles.map((candle) => candle.close);
  const mid = movingAverage(closes, period);
  const up = new Float64Array(count).fill(Number.NaN);
  const dn = new Float64Array(count).fill(Number.NaN);
  for (let i = period - 1; i < count; i += 1) {
    const mean = mid[i] as number;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j += 1) squares += ((closes[j] as number) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    up[i] = mean + width * deviation;
    dn[i] = mean - width * deviation;
  }
  return { mid, up, dn };
}

export interface MacdLines {
  dif: Float64Array;
  dea: Float64Array;
  macd: Float64Array;
}

/**
 * MACD as klinecharts computes it: each EMA seeded with the simple average of its first N closes,
 * DIF = EMA(short) − EMA(long), DEA seeded likewise with the average of the first M DIFs, and the
 * bar (DIF − DEA) × 2 as Chinese terminals draw it.
 */
export function macdLines(
  candles: readonly Candle[],
  [short = 12, long = 26, signal = 9] = indicatorParams.MACD,
): MacdLines {
  const count = candles.length;
  const dif = new Float64Array(count).fill(Number.NaN);
  const dea = new Float64Array(count).fill(Number.NaN);
  const macd = new Float64Array(count).fill(Number.NaN);
  const longest = Math.max(short, long);
  let closeSum = 0;
  let emaShort = 0;
  let emaLong = 0;
  let difSum = 0;
  let signalLine = 0;
  for (let i = 0; i < count; i += 1) {
    const close = (candles[i] as Candle).close;
    closeSum += close;
    if (i >= short - 1)
      emaShort = i > short - 1 ? (2 * close + (short - 1) * emaShort) / (short + 1) : closeSum / short;
    if (i >= long - 1)
      emaLong = i > long - 1 ? (2 * close + (long - 1) * emaLong) / (long + 1) : closeSum / long;
    if (i < longest - 1) continue;
    const difference = emaShort - emaLong;
    dif[i] = difference;
    difSum += difference;
    if (i < longest + signal - 2) continue;
    signalLine =
      i > longest + signal - 2
        ? (difference * 2 + signalLine * (signal - 1)) / (signal + 1)
        : difSum / signal;
    dea[i] = signalLine;
    macd[i] = (difference - signalLine) * 2;
  }
  return { dif, dea, macd };
}

export interface KdjLines {
  k: Float64Array;
  d: Float64Array;
  j: Float64Array;
}

/** KDJ: RSV over N bars, K and D smoothed from 50, J = 3K − 2D. */
export function kdjLines(
  candles: readonly Candle[],
  [period = 9, kSmooth = 3, dSmooth = 3] = indicatorParams.KDJ,
): KdjLines {
  const count = candles.length;
  const k = new Float64Array(count).fill(Number.NaN);
  const d = new Float64Array(count).fill(Number.NaN);
  const j = new Float64Array(count).fill(Number.NaN);
  for (let i = period - 1; i < count; i += 1) {
    let highest = Number.NEGATIVE_INFINITY;
    let lowest = Number.POSITIVE_INFINITY;
    for (let n = i - period + 1; n <= i; n += 1) {
      const candle = candles[n] as Candle;
      highest = Math.max(highest, candle.high);
      lowest = Math.min(lowest, candle.low);
    }
    const span = highest - lowest;
    const rsv = (((candles[i] as Candle).close - lowest) / (span === 0 ? 1 : span)) * 100;
    const previousK = i > period - 1 ? (k[i - 1] as number) : 50;
    const previousD = i > period - 1 ? (d[i - 1] as number) : 50;
    k[i] = ((kSmooth - 1) * previousK + rsv) / kSmooth;
    d[i] = ((dSmooth - 1) * previousD + (k[i] as number)) / dSmooth;
    j[i] = 3 * (k[i] as number) - 2 * (d[i] as number);
  }
  return { k, d, j };
}

/** RSI with Wilder's smoothing (RMA), seeded with the simple average of the first N changes. */
export function rsiLines(candles: readonly Candle[], periods = indicatorParams.RSI): Float64Array[] {
  const count = candles.length;
  return periods.map((period) => {
    const result = new Float64Array(count).fill(Number.NaN);
    let gainSum = 0;
    let lossSum = 0;
    let averageGain: number | null = null;
    let averageLoss = 0;
    for (let i = 0; i < count; i += 1) {
      const change = i === 0 ? 0 : (candles[i] as Candle).close - (candles[i - 1] as Candle).close;
      const gain = Math.max(change, 0);
      const loss = Math.max(-change, 0);
      gainSum += gain;
      lossSum += loss;
      if (i < period) continue;
      if (averageGain === null) {
        averageGain = gainSum / period;
        averageLoss = lossSum / period;
      } else {
        averageGain = (averageGain * (period - 1) + gain) / period;
        averageLoss = (averageLoss * (period - 1) + loss) / period;
      }
      result[i] =
        averageLoss === 0 ? 100 : averageGain === 0 ? 0 : 100 - 100 / (1 + averageGain / averageLoss);
    }
    return result;
  });
}
