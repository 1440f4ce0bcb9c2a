/**
 * The K-line's legends as data: what the line above the candles and the strip at the top of each
 * sub-pane say for one bar, in Chinese, with the app's units (万/亿 from @zhicai/domain, volumes in
 * 手 or 股). klinecharts draws no legend of its own (kline-setup.ts turns its tooltips off), so this
 * is the only text about a bar, and it lives in the DOM, outside the plotted areas.
 */
import { formatAmount, formatPercent, missingValue, type Tone, toneAgainst } from '@zhicai/domain';
import { type Candle, type VolumeUnit, volumeUnitName } from './day-bar.ts';
import { lineColors, priceText } from './kline-geometry.ts';
import {
  bollLines,
  indicatorParams,
  type KlineIndicator,
  kdjLines,
  macdLines,
  maLines,
  rsiLines,
  volumeMaLines,
} from './kline-indicators.ts';

/** The period of the bars: the legend dates a monthly bar by its month. */
export type KlinePeriod = 'day' | 'week' | 'month';

export interface LegendItem {
  label: string;
  value: string;
  /** A line's colour, or a tone (red up, green down) for figures that move against a reference. */
  color?: string;
  tone?: Tone;
}

export interface LegendOptions {
  pricePrecision: number;
  volumeUnit: VolumeUnit;
  period: KlinePeriod;
}

const beijingOffsetMs = 8 * 60 * 60 * 1000;

/** The bar's trading day in Beijing: 2026-11-20, or 2026-11 for a monthly bar. */
export function barDateText(timestamp: number, period: KlinePeriod): string {
  const iso = new Date(timestamp + beijingOffsetMs).toISOString();
  return period === 'month' ? iso.slice(0, 7) : iso.slice(0, 10);
}

/** A volume in the chart's unit with its name: 4.76万手. */
export function volumeText(volume: number, unit: VolumeUnit): string {
  const text = formatAmount(volume);
  return text === missingValue ? text : `${text}${volumeUnitName[unit]}`;
}

function price(value: number | undefined, precision: number): string {
  return value === undefined || Number.isNaN(value) ? missingValue : priceText(value, precision);
}

function fixed(value: number | undefined, decimals = 2): string {
  return value === undefined || Number.isNaN(value) ? missingValue : value.toFixed(decimals);
}

/**
 * The bar's figures: date, 开/高/低/收 (toned against the reference price), 涨幅, 成交量 and 成交额.
 * The reference is the bar's own prevClose (the exchange's, ex-right on an ex-date), else the
 * previous bar's close.
 */
export function candleLegend(
  candles: readonly Candle[],
  index: number,
  options: LegendOptions,
): LegendItem[] {
  const candle = candles[index];
  if (!candle) return [];
  const reference = candle.prevClose ?? candles[index - 1]?.close ?? null;
  const change = reference ? (candle.close - reference) / reference : null;
  const toned = (label: string, value: number): LegendItem => ({
    label,
    value: priceText(value, options.pricePrecision),
    tone: toneAgainst(value, reference),
  });
  return [
    { label: '', value: barDateText(candle.timestamp, options.period) },
    toned('开', candle.open),
    toned('高', candle.high),
    toned('低', candle.low),
    toned('收', candle.close),
    { label: '涨幅', value: formatPercent(change), tone: toneAgainst(candle.close, reference) },
    { label: '成交量', value: volumeText(candle.volume, options.volumeUnit) },
    { label: '成交额', value: formatAmount(candle.turnover) },
  ];
}

/** Every indicator's lines for the whole series, computed on demand and kept per indicator. */
export type IndicatorSeries = Partial<Record<KlineIndicator, readonly ArrayLike<number>[]>>;

/** Computes the lines of the given indicators, in the order their legend lists them. */
export function indicatorSeries(
  candles: readonly Candle[],
  indicators: readonly KlineIndicator[],
): IndicatorSeries {
  const series: IndicatorSeries = {};
  for (const name of indicators) {
    if (name === 'MA') series.MA = maLines(candles);
    else if (name === 'VOL') series.VOL = volumeMaLines(candles);
    else if (name === 'BOLL') {
      const { mid, up, dn } = bollLines(candles);
      series.BOLL = [mid, up, dn];
    } else if (name === 'MACD') {
      const { dif, dea, macd } = macdLines(candles);
      series.MACD = [dif, dea, macd];
    } else if (name === 'KDJ') {
      const { k, d, j } = kdjLines(candles);
      series.KDJ = [k, d, j];
    } else series.RSI = rsiLines(candles);
  }
  return series;
}

/** The name an indicator goes by on the switcher and in its legend (Chinese where terminals use it). */
export const indicatorNames: Readonly<Record<KlineIndicator, string>> = {
  MA: '均线',
  BOLL: 'BOLL',
  VOL: '成交量',
  MACD: 'MACD',
  KDJ: 'KDJ',
  RSI: 'RSI',
};

/**
 * The legend of one indicator at a bar: its name with parameters, then each line's value in the
 * line's colour (MACD's bar toned red or green). The line labels are the ones Chinese terminals
 * print: MA5, 上轨/中轨/下轨, DIF/DEA/MACD, K/D/J, RSI6.
 */
export function indicatorLegend(
  name: KlineIndicator,
  series: IndicatorSeries,
  candles: readonly Candle[],
  index: number,
  options: LegendOptions,
): LegendItem[] {
  const lines = series[name] ?? [];
  const at = (line: number) => lines[line]?.[index];
  const params = indicatorParams[name];
  const colored = (label: string, value: string, line: number): LegendItem => ({
    label,
    value,
    color: lineColors[line % lineColors.length],
  });
  switch (name) {
    case 'MA':
      return params.map((period, line) =>
        colored(`MA${period}`, price(at(line), options.pricePrecision), line),
      );
    case 'BOLL':
      return [
        { label: `BOLL(${params.join(',')})`, value: '' },
        colored('中轨', price(at(0), options.pricePrecision), 1),
        colored('上轨', price(at(1), options.pricePrecision), 0),
        colored('下轨', price(at(2), options.pricePrecision), 2),
      ];
    case 'VOL': {
      const volume = candles[index]?.volume;
      return [
        {
          label: '成交量',
          value: volume === undefined ? missingValue : volumeText(volume, options.volumeUnit),
        },
        ...params.map((period, line) => {
          const value = at(line);
          return colored(
            `MA${period}`,
            value === undefined || Number.isNaN(value) ? missingValue : volumeText(value, options.volumeUnit),
            line,
          );
        }),
      ];
    }
    case 'MACD': {
      const bar = at(2);
      return [
        { label: `MACD(${params.join(',')})`, value: '' },
        colored('DIF', fixed(at(0)), 0),
        colored('DEA', fixed(at(1)), 1),
        { label: 'MACD', value: fixed(bar), tone: bar === undefined ? 'none' : toneAgainst(bar, 0) },
      ];
    }
    case 'KDJ':
      return [
        { label: `KDJ(${params.join(',')})`, value: '' },
        colored('K', fixed(at(0)), 0),
        colored('D', fixed(at(1)), 1),
        colored('J', fixed(at(2)), 2),
      ];
    case 'RSI':
      return params.map((period, line) => colored(`RSI${period}`, fixed(at(line)), line));
  }
}
