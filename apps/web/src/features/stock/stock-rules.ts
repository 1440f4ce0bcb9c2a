import type { Quote } from '@zhicai/contract';
import {
  formatAmount,
  formatPercent,
  formatQuotePrice,
  missingValue,
  type Tone,
  toneAgainst,
  toneOf,
} from '@zhicai/domain';
import type { Handicap } from './api/handicap.ts';

/**
 * Pure rules of the detail pages: which quote figures each kind of instrument shows and how, the
 * tone (red up, green down; @zhicai/domain) of a figure, and the formatting of the section tables.
 */

export type QuoteKind = 'cn' | 'hk' | 'index';

export interface QuoteField {
  label: string;
  text: string;
  tone: Tone;
}

type FieldRule = (quote: Quote | undefined, kind: QuoteKind, handicap: Handicap | undefined) => QuoteField;

/** A price of the quote at the instrument's tick (docs/price-formatting.md). */
const priceOf = (quote: Quote | undefined, value: number | null | undefined) =>
  formatQuotePrice(value, quote?.type);

const price =
  (label: string, pick: (quote: Quote) => number | null): FieldRule =>
  (quote) => {
    const value = quote ? pick(quote) : null;
    return {
      label,
      text: priceOf(quote, value),
      tone: toneAgainst(value, quote?.prevClose),
    };
  };

const plain =
  (label: string, text: (quote: Quote, kind: QuoteKind) => string): FieldRule =>
  (quote, kind) => ({ label, text: quote ? text(quote, kind) : missingValue, tone: 'none' });

const fixedTone =
  (label: string, tone: Tone, pick: (quote: Quote) => number | null): FieldRule =>
  (quote) => {
    const value = quote ? pick(quote) : null;
    return { label, text: priceOf(quote, value), tone: value === null ? 'none' : tone };
  };

/** A figure of the 盘口 call; '--' until it arrives. */
const book =
  (
    label: string,
    text: (handicap: Handicap, kind: QuoteKind, quote: Quote | undefined) => string,
  ): FieldRule =>
  (quote, kind, handicap) => ({
    label,
    text: handicap ? text(handicap, kind, quote) : missingValue,
    tone: 'none',
  });

/** A volume in shares as the market quotes it: A-shares in lots of 100 (手), the rest in shares (股). */
export function formatVolume(shares: number | null, kind: QuoteKind): string {
  const lots = kind === 'cn';
  const text = formatAmount(shares === null ? null : lots ? shares / 100 : shares);
  return text === missingValue ? text : `${text}${lots ? '手' : '股'}`;
}

/** An amount of money: yuan on the mainland (unit implied), 港元 named for Hong Kong. */
export function formatMoney(value: number | null, kind: QuoteKind): string {
  const text = formatAmount(value);
  return text !== missingValue && kind === 'hk' ? `${text}港元` : text;
}

const volumeText = (quote: Quote, kind: QuoteKind) => formatVolume(quote.volume, kind);

const ratio = (value: number | null) => formatPercent(value, { sign: false });
/** PE and PB are multiples; a loss-maker's PE arrives as null and shows --. */
const multiple = (value: number | null) => formatAmount(value);

const fieldRules = {
  open: price('今开', (q) => q.open),
  high: price('最高', (q) => q.high),
  low: price('最低', (q) => q.low),
  prevClose: plain('昨收', (q) => priceOf(q, q.prevClose)),
  volume: plain('成交量', volumeText),
  amount: plain('成交额', (q, kind) => formatMoney(q.amount, kind)),
  turnoverRate: plain('换手率', (q) => ratio(q.turnoverRate)),
  amplitude: plain('振幅', (q) => ratio(q.amplitude)),
  volumeRatio: book('量比', (h) => (h.volumeRatio === null ? missingValue : h.volumeRatio.toFixed(2))),
  // 委比 is signed and coloured: more bids than asks is red.
  orderImbalance: (_quote, _kind, handicap) => ({
    label: '委比',
    text: handicap ? formatPercent(handicap.orderImbalance) : missingValue,
    tone: handicap ? toneOf(handicap.orderImbalance) : 'none',
  }),
  outerVolume: book('外盘', (h, kind) => formatVolume(h.outerVolume, kind)),
  innerVolume: book('内盘', (h, kind) => formatVolume(h.innerVolume, kind)),
  pe: plain('市盈率', (q) => multiple(q.pe)),
  pb: plain('市净率', (q) => multiple(q.pb)),
  eps: book('每股收益', (h, _kind, q) => priceOf(q, h.eps)),
  dividendYield: book('股息率', (h) => ratio(h.dividendYield)),
  marketCap: plain('总市值', (q, kind) => formatMoney(q.marketCap, kind)),
  floatMarketCap: plain('流通市值', (q, kind) => formatMoney(q.floatMarketCap, kind)),
  high52w: book('52周最高', (h, _kind, q) => priceOf(q, h.high52w)),
  low52w: book('52周最低', (h, _kind, q) => priceOf(q, h.low52w)),
  lotSize: book('每手股数', (h) => `${h.lotSize}股`),
  limitUp: fixedTone('涨停', 'up', (q) => q.limitUp),
  limitDown: fixedTone('跌停', 'down', (q) => q.limitDown),
} satisfies Record<string, FieldRule>;

type FieldName = keyof typeof fieldRules;

const shareFields: readonly FieldName[] = [
  'open',
  'high',
  'low',
  'prevClose',
  'volume',
  'amount',
  'turnoverRate',
  'amplitude',
  'volumeRatio',
  'orderImbalance',
  'outerVolume',
  'innerVolume',
  'pe',
  'pb',
  'eps',
  'dividendYield',
  'marketCap',
  'floatMarketCap',
  'high52w',
  'low52w',
];

// Hong Kong has no daily price limits but a board lot of its own; an index has no turnover,
// valuation or market value.
const fieldsByKind: Record<QuoteKind, readonly FieldName[]> = {
  cn: [...shareFields, 'limitUp', 'limitDown'],
  hk: [...shareFields, 'lotSize'],
  index: ['open', 'high', 'low', 'prevClose', 'amount', 'amplitude'],
};

/** The grid under the big price, in display order, for a quote that may not have arrived yet. */
export function quoteFields(
  quote: Quote | undefined,
  kind: QuoteKind,
  handicap?: Handicap | undefined,
): QuoteField[] {
  return fieldsByKind[kind].map((name) => fieldRules[name](quote, kind, handicap));
}

export type CompareUnit = 'yuan' | 'ratio' | 'times';

/** One cell of the industry comparison, by the unit its catalog column names. */
export function formatCompareCell(value: unknown, unit: CompareUnit): string {
  const number = typeof value === 'number' ? value : null;
  switch (unit) {
    case 'yuan':
      return formatAmount(number);
    case 'ratio':
      return formatPercent(number, { sign: false });
    case 'times':
      return formatAmount(number);
  }
}

export interface ValuationPoint {
  x: string;
  y: number;
}

/** The drawable history: days without a value (a loss-making year's PE) are left out. */
export function valuationPoints(rows: readonly { x: string; y: number | null }[]): ValuationPoint[] {
  return rows.flatMap((row) => (row.y === null || !Number.isFinite(row.y) ? [] : [{ x: row.x, y: row.y }]));
}

/** The 最低 / 中位 / 最高 reference lines of the window, as the server computed them. */
export function valuationReferences(figures: {
  min: number | null;
  mid: number | null;
  max: number | null;
}): { value: number; label: string }[] {
  const lines = [
    { value: figures.min, label: '最低' },
    { value: figures.mid, label: '中位' },
    { value: figures.max, label: '最高' },
  ];
  return lines.flatMap((line) => (line.value === null ? [] : [{ value: line.value, label: line.label }]));
}

/** The latest percentile (0–100 on the wire) as a percent, -- when the window has none. */
export function currentPercentile(rows: readonly { p?: number | null | undefined }[]): string {
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    const p = rows[i]?.p;
    if (p !== null && p !== undefined && Number.isFinite(p)) return formatPercent(p / 100, { sign: false });
  }
  return missingValue;
}
