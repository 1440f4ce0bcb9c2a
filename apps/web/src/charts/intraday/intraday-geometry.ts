/**
 * Pure geometry of the intraday (分时) chart: scales, the symmetric price axis, the average-price
 * line and the volume bars, in CSS pixels. The component only strokes what this returns.
 */
import { formatPercent, formatPrice } from '@zhicai/domain';
import { type Tone, toneOf } from '../canvas/canvas.ts';

/** One minute as the wire protocol sends it: price in yuan, volume, amount in yuan, time as hhmm. */
export type IntradayRow = readonly [
  date: string,
  price: number | null,
  volume: number | null,
  amount: number | null,
  hhmm: number,
  extra: unknown,
];

export interface Point {
  x: number;
  y: number;
}

export interface PriceTick {
  y: number;
  price: string;
  percent: string;
  tone: Tone;
}

export interface TimeLabel {
  x: number;
  text: string;
  align: 'left' | 'center' | 'right';
}

export interface VolumeBar {
  x: number;
  y: number;
  width: number;
  height: number;
  tone: Tone;
}

export interface IntradayLayout {
  price: Point[];
  average: Point[];
  baselineY: number;
  ticks: PriceTick[];
  times: TimeLabel[];
  timeLabelY: number;
  volumes: VolumeBar[];
  priceArea: { top: number; bottom: number };
  volumeArea: { top: number; bottom: number };
}

const toMinutes = (hhmm: number) => Math.floor(hhmm / 100) * 60 + (hhmm % 100);
const fromMinutes = (minutes: number) => Math.floor(minutes / 60) * 100 + (minutes % 60);

export function formatHhmm(hhmm: number): string {
  return `${String(Math.floor(hhmm / 100)).padStart(2, '0')}:${String(hhmm % 100).padStart(2, '0')}`;
}

/**
 * The power of ten between the volume unit and the amount's: minute volume often comes in lots of
 * 100 shares (手) while the amount is in yuan, which would put the average line 100× too high. The
 * first minute that traded tells which: its amount / volume is its price times the unit.
 */
export function volumeUnit(rows: readonly IntradayRow[]): number {
  for (const [, price, volume, amount] of rows) {
    if (price && price > 0 && volume && volume > 0 && amount && amount > 0) {
      return 10 ** Math.round(Math.log10(amount / volume / price));
    }
  }
  return 1;
}

/**
 * The average price of each minute: cumulative amount / cumulative volume (in shares) up to it.
 * Before anything has traded the minute's own price stands in; a row without price gives null.
 */
export function averagePrices(rows: readonly IntradayRow[]): (number | null)[] {
  const unit = volumeUnit(rows);
  let volumeSum = 0;
  let amountSum = 0;
  return rows.map(([, price, volume, amount]) => {
    volumeSum += volume ?? 0;
    amountSum += amount ?? 0;
    if (volumeSum > 0 && amountSum > 0) return amountSum / (volumeSum * unit);
    return price;
  });
}

/**
 * The price axis, symmetric around the previous close so that the middle line is 0%: it reaches the
 * largest move of the price or average line either way; a flat day shows ±1%.
 */
export function priceRange(
  prevClose: number,
  values: readonly (number | null)[],
): { min: number; max: number } {
  let reach = 0;
  for (const value of values) {
    if (value !== null && Number.isFinite(value)) reach = Math.max(reach, Math.abs(value - prevClose));
  }
  if (reach === 0) reach = Math.abs(prevClose) * 0.01 || 0.01;
  return { min: prevClose - reach, max: prevClose + reach };
}

/** The x position of each of the session's minutes, spread over the full width. */
export function minuteScale(minutes: readonly number[], width: number): (hhmm: number) => number | null {
  const index = new Map(minutes.map((minute, i) => [minute, i]));
  const step = minutes.length > 1 ? width / (minutes.length - 1) : 0;
  return (hhmm) => {
    const i = index.get(hhmm);
    return i === undefined ? null : i * step;
  };
}

/**
 * Open, break and close labels: 09:30 at the left, 11:30/13:00 where the lunch break falls, 15:00 at
 * the right. Minute labels name the end of their minute, so a session list that resumes at 13:01
 * resumes at 13:00.
 */
export function timeLabels(minutes: readonly number[], width: number): TimeLabel[] {
  const first = minutes[0];
  const last = minutes.at(-1);
  if (first === undefined || last === undefined) return [];
  const labels: TimeLabel[] = [{ x: 0, text: formatHhmm(first), align: 'left' }];
  const step = minutes.length > 1 ? width / (minutes.length - 1) : 0;
  for (let i = 0; i + 1 < minutes.length; i += 1) {
    const before = minutes[i] as number;
    const after = minutes[i + 1] as number;
    if (toMinutes(after) - toMinutes(before) > 1) {
      const resume = after % 100 === 0 ? after : fromMinutes(toMinutes(after) - 1);
      labels.push({ x: i * step, text: `${formatHhmm(before)}/${formatHhmm(resume)}`, align: 'center' });
    }
  }
  if (minutes.length > 1) labels.push({ x: width, text: formatHhmm(last), align: 'right' });
  return labels;
}

export interface IntradayInput {
  rows: readonly IntradayRow[];
  prevClose: number;
  minutes: readonly number[];
  width: number;
  height: number;
}

const timeLabelHeight = 16;
const areaPadding = 4;

/** Everything the intraday chart draws; the price area takes about three quarters of the height. */
export function intradayLayout({ rows, prevClose, minutes, width, height }: IntradayInput): IntradayLayout {
  const priceArea = { top: areaPadding, bottom: Math.round((height - timeLabelHeight) * 0.72) - areaPadding };
  const timeLabelY = priceArea.bottom + areaPadding + timeLabelHeight / 2;
  const volumeArea = { top: priceArea.bottom + areaPadding + timeLabelHeight, bottom: height };
  const averages = averagePrices(rows);
  const { min, max } = priceRange(prevClose, rows.map((row) => row[1]).concat(averages));
  const yOf = (price: number) =>
    priceArea.bottom - ((price - min) / (max - min)) * (priceArea.bottom - priceArea.top);
  const xOf = minuteScale(minutes, width);

  const price: Point[] = [];
  const average: Point[] = [];
  const volumes: VolumeBar[] = [];
  const maxVolume = Math.max(0, ...rows.map((row) => row[2] ?? 0));
  const barWidth = Math.max(1, (width / Math.max(1, minutes.length)) * 0.6);
  const volumeHeight = volumeArea.bottom - volumeArea.top;
  let previous = prevClose;
  rows.forEach(([, value, volume, , hhmm], i) => {
    const x = xOf(hhmm);
    if (x === null || value === null) return;
    price.push({ x, y: yOf(value) });
    const mean = averages[i];
    if (mean !== null && mean !== undefined) average.push({ x, y: yOf(mean) });
    if (volume && volume > 0 && maxVolume > 0) {
      const barHeight = Math.max(1, (volume / maxVolume) * volumeHeight);
      const left = Math.min(Math.max(0, x - barWidth / 2), width - barWidth);
      volumes.push({
        x: left,
        y: volumeArea.bottom - barHeight,
        width: barWidth,
        height: barHeight,
        tone: toneOf(value, previous),
      });
    }
    previous = value;
  });

  const ticks: PriceTick[] = [1, 0.5, 0, -0.5, -1].map((share) => {
    const value = prevClose + ((max - min) / 2) * share;
    return {
      y: yOf(value),
      // Axis labels keep the exchange's 0.01 yuan tick on every level so they line up; the
      // display rule of formatPrice (fewer decimals from 10 yuan) would mix 10.0 with 9.75.
      price: value.toFixed(2),
      percent: formatPercent(prevClose === 0 ? null : (value - prevClose) / prevClose),
      tone: toneOf(share, 0),
    };
  });

  return {
    price,
    average,
    baselineY: yOf(prevClose),
    ticks,
    times: timeLabels(minutes, width),
    timeLabelY,
    volumes,
    priceArea,
    volumeArea,
  };
}

/** The text alternative: last price, change against the previous close and the average price. */
export function intradaySummary(rows: readonly IntradayRow[], prevClose: number): string {
  const averages = averagePrices(rows);
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    const price = rows[i]?.[1];
    if (price === null || price === undefined) continue;
    const change = prevClose > 0 ? (price - prevClose) / prevClose : null;
    return `分时图，最新价 ${formatPrice(price)}，涨跌幅 ${formatPercent(change)}，均价 ${formatPrice(averages[i])}`;
  }
  return '分时图，暂无数据';
}
