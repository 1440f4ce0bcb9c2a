import type { Quote } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../market/instrument-directory.ts';
import { dividendYieldOf, trailingDividendCash } from '../../stock/handicap.ts';
import type { DiagnosisFigures } from '../strategy/diagnosis.ts';
import {
  firstInOrder,
  histogramOf,
  liveColumns,
  roundedAsFixed,
  scoreColumns,
  selectNth,
} from './stock-screen-engine.ts';

const stock = { code: '600000.SH', market: 'cn' } as Instrument;

function quoteAt(price: number): Quote {
  return {
    code: stock.code,
    price,
    prevClose: price,
    chgPct: 0,
    volume: 0,
    amount: 0,
    turnoverRate: null,
    amplitude: null,
    marketCap: null,
    floatMarketCap: null,
    pe: null,
    pb: null,
    status: 'closed',
    time: 0,
    tradingDay: 20260304,
  } as unknown as Quote;
}

const table = (dividendCash: number) => ({
  priors: [null],
  minuteVolume: Float64Array.of(Number.NaN),
  revenueTtm: Float64Array.of(Number.NaN),
  dividendCash: Float64Array.of(dividendCash),
});

describe('the stock screen’s 股息率 and 评分 columns', () => {
  it('股息率 is the 12 months’ cash per share over the price, in percent: 0.50 ÷ 20.00 = 2.50%', () => {
    const columns = liveColumns([stock], [quoteAt(20)], table(0.5));
    expect(columns.get('DIVIDEND_YIELD')?.[0]).toBeCloseTo(2.5, 10);
    // The header's fraction is rounded to 4 decimals first: 0.37 ÷ 11.00 = 0.033636… → 3.36%.
    expect(liveColumns([stock], [quoteAt(11)], table(0.37)).get('DIVIDEND_YIELD')?.[0]).toBeCloseTo(3.36, 10);
  });

  it('counts a payout inside the 12 months per share held today: 0.30 cash with a 10-for-10 bonus is 0.15', () => {
    // Day 2 is ex 0.30 cash and 1 bonus share per share held: the close before is 20.30, the
    // (adjusted) prevClose 10.00, shares double. A payout 400 days earlier is outside the window.
    const bars = [
      [20250101, 10, 10, 10, 10, 10, 1000, 10000],
      [20250102, 9.7, 9.7, 9.7, 9.7, 9.7, 1000, 10000],
      [20260301, 20.3, 20.3, 20.3, 20.3, 20.3, 1000, 10000],
      [20260302, 10, 10, 10, 10, 10, 1000, 10000],
    ] as const;
    const shareChanges: [number, number][] = [
      [20250101, 1000],
      [20260302, 2000],
    ];
    expect(trailingDividendCash(20260304, bars as never, shareChanges)).toBeCloseTo(0.15, 10);
  });

  it('综合评分 is the mean of the diagnosis card’s three scores, one decimal', () => {
    const scores = scoreColumns(1);
    const figures: DiagnosisFigures = {
      revenueYoy: null,
      profitYoy: null,
      netProfit: null,
      grossMargin: null,
      netMargin: null,
      roe: null,
      debtRatio: null,
      isFinance: false,
      pe: null,
      pePercentile: 35.2,
      price: null,
      ma20: null,
      ma60: null,
      ma250: null,
      return60: null,
    };
    scores.fill(0, figures);
    // With nothing to read, company and trend are the neutral 5; value reads the percentile upside
    // down, (100 − 35.2) ÷ 10 = 6.48 → 6.5 (docs/stock-diagnosis.md). 综合 = (5 + 5 + 6.5) ÷ 3 = 5.5.
    expect(scores.columns.get('SCORE_COMPANY')?.[0]).toBe(5);
    expect(scores.columns.get('SCORE_TREND')?.[0]).toBe(5);
    expect(scores.columns.get('SCORE_VALUE')?.[0]).toBe(6.5);
    expect(scores.columns.get('SCORE_TOTAL')?.[0]).toBe(5.5);
    expect(scores.columns.get('PE_PERCENTILE_5Y')?.[0]).toBe(35.2);
  });
});

describe('a page of the sorted results', () => {
  it('is the first rows of the whole sort: missing figures last, equal figures by code', () => {
    // Figures with ties and gaps, as a column of the market has them.
    const values = Float64Array.from({ length: 500 }, (_, row) =>
      row % 17 === 0 ? Number.NaN : Math.round(Math.sin(row * 7.3) * 20) / 2,
    );
    const rows = Uint32Array.from({ length: 400 }, (_, at) => (at * 7) % 500);
    const compare = (a: number, b: number) => {
      const left = values[a] as number;
      const right = values[b] as number;
      if (Number.isFinite(left) !== Number.isFinite(right)) return Number.isFinite(left) ? -1 : 1;
      if (Number.isFinite(left) && left !== right) return right - left;
      return a - b;
    };
    const sorted = Array.from(rows.slice().sort(compare));
    for (const count of [0, 1, 20, 99, 100, 101, 399, 400])
      expect(Array.from(firstInOrder(rows, count, compare)), String(count)).toEqual(sorted.slice(0, count));
    // The rows asked of are left as they were.
    expect(rows[1]).toBe(7);
  });
});

describe('a condition’s distribution', () => {
  // Columns as the market has them: spread figures, many equal ones (day counts), a few outliers.
  const columns = {
    spread: Float64Array.from({ length: 997 }, (_, row) => Math.sin(row * 12.9898) * 43.5),
    'few distinct': Float64Array.from({ length: 800 }, (_, row) => (row * 7) % 4),
    'one figure': new Float64Array(50).fill(2.5),
    outliers: Float64Array.from({ length: 300 }, (_, row) => (row % 97 === 0 ? 1e9 : row / 3)),
    'two figures': Float64Array.of(3, -1),
  };

  it('picks each percentile a full sort gives', () => {
    for (const [name, values] of Object.entries(columns)) {
      const sorted = values.slice().sort();
      for (const k of [0, 1, Math.floor(values.length / 2), values.length - 2, values.length - 1]) {
        const shuffled = values.slice();
        expect(selectNth(shuffled, k), `${name} ${k}`).toBe(sorted[k]);
        // Smaller figures before it, greater after.
        expect(shuffled.subarray(0, k).every((value) => value <= (sorted[k] as number))).toBe(true);
        expect(shuffled.subarray(k).every((value) => value >= (sorted[k] as number))).toBe(true);
      }
    }
  });

  it('buckets every figure between the 1st and 99th percentiles, as over the sorted column', () => {
    for (const [name, values] of Object.entries(columns)) {
      const sorted = values.slice().sort();
      const at = (fraction: number) => sorted[Math.floor(fraction * (sorted.length - 1))] as number;
      const histogram = histogramOf(values.slice(), 2);
      const counted = histogram.reduce((sum, bucket) => sum + bucket.count, 0);
      expect(counted, name).toBe(values.length);
      expect(histogram[0]?.from, name).toBeCloseTo(at(0.01), 2);
      expect(histogram.at(-1)?.to, name).toBeCloseTo(at(0.99), 2);
    }
  });
});

describe('figures rounded as the quote header and the handicap round them', () => {
  it('equal Number(toFixed), ties and negatives included, so the screen shows the page’s figure', () => {
    // Ties in decimal that are not ties in binary (1.005, 2.675), exact ties, signs, tiny and large.
    const figures = [
      0, -0, 1.005, 2.675, 0.125, -0.125, 1.00005, 0.00005, -0.00005, 12.345, 1e-9, 123456.785, 5e8,
    ];
    for (let step = 0; step < 20_000; step += 1)
      figures.push(Math.sin(step * 12.9898) * 10 ** ((step % 9) - 4));
    for (const decimals of [2, 4])
      for (const figure of figures)
        expect(
          Object.is(roundedAsFixed(figure, decimals), Number(figure.toFixed(decimals))),
          `${figure} ${decimals}`,
        ).toBe(true);
    // 股息率: cash per share over the price, as the quote header's dividendYieldOf.
    for (let cents = 1; cents < 400; cents += 7)
      for (let price = 1.01; price < 90; price += 3.37)
        expect(roundedAsFixed(cents / 100 / price, 4)).toBe(dividendYieldOf(cents / 100, price));
  });
});
