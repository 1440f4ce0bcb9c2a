/**
 * Pure display rules of the fund pages: NAV formatting, dates, risk levels, tenure, the NAV chart's
 * series and geometry. Pages only render what these return.
 */
import type { PeriodReturns } from '@zhicai/contract';
import { codeSuffix, missingValue, periodReturn } from '@zhicai/domain';

export const navRanges = ['1M', '3M', '6M', '1Y', '3Y', '5Y', 'ALL'] as const;
export type NavRange = (typeof navRanges)[number];

export const navRangeLabels: Record<NavRange, string> = {
  '1M': '近1月',
  '3M': '近3月',
  '6M': '近6月',
  '1Y': '近1年',
  '3Y': '近3年',
  '5Y': '近5年',
  ALL: '成立来',
};

/**
 * A NAV in yuan per unit with 4 decimals. Funds publish NAV to 4 decimals (1.2345), unlike exchange
 * prices, so formatPrice's 2 decimals would hide the daily movement of most funds.
 */
export function formatNav(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missingValue;
  return value.toFixed(4);
}

/** YYYYMMDD → YYYY-MM-DD; '--' when missing. */
export function formatDay(day: number | null | undefined): string {
  if (day === null || day === undefined || !Number.isInteger(day) || day < 10000101) return missingValue;
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

const riskNames = ['低风险', '中低风险', '中风险', '中高风险', '高风险'] as const;

/** Risk level 1–5 as the R1–R5 scale of the sales suitability rules ("R3 中风险"). */
export function riskLabel(level: number): string {
  const name = riskNames[level - 1];
  return name ? `R${level} ${name}` : missingValue;
}

/** The label of each period return, in display order; a period the contract adds fails to compile here. */
const returnLabels = {
  w1: '近1周',
  m1: '近1月',
  m3: '近3月',
  m6: '近6月',
  y1: '近1年',
  y2: '近2年',
  y3: '近3年',
  y5: '近5年',
  ytd: '今年来',
  sinceInception: '成立来',
} as const satisfies Record<keyof PeriodReturns, string>;

/** The period returns of baseInfo in display order. */
export function returnCells(returns: PeriodReturns): { label: string; value: number | null }[] {
  return (Object.keys(returnLabels) as (keyof PeriodReturns)[]).map((period) => ({
    label: returnLabels[period],
    value: returns[period],
  }));
}

function dayToUtc(day: number): number {
  return Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
}

/**
 * Whole years and the remaining days from `start` to `today` (both YYYYMMDD): 从业 3 年 12 天.
 * A year is counted on its anniversary (29 Feb anniversaries fall on 1 Mar in common years).
 */
export function tenure(start: number, today: number): { years: number; days: number } | null {
  if (today < start) return null;
  const startYear = Math.floor(start / 10000);
  const monthDay = start % 10000;
  let years = Math.floor(today / 10000) - startYear;
  if (today % 10000 < monthDay) years -= 1;
  const anniversary = new Date(dayToUtc(start));
  anniversary.setUTCFullYear(startYear + years);
  const days = Math.round((dayToUtc(today) - anniversary.getTime()) / 86_400_000);
  return { years, days };
}

export function tenureText(start: number, today: number): string {
  const span = tenure(start, today);
  return span ? `${span.years} 年 ${span.days} 天` : missingValue;
}

export type NavChartMode = 'return' | 'nav';

/** One row of navHistory: [date, unit NAV, accumulated NAV, daily change]. */
export type NavRow = readonly [number, number, number, number | null];

export interface NavPoint {
  date: number;
  value: number;
}

/**
 * The chart series of a NAV history. 'nav' plots the unit NAV; 'return' plots the return since the
 * range's first row (the server starts a range at the base NAV its period return is measured from),
 * by the same rule as the return grid (@zhicai/domain periodReturn, on the accumulated NAV so that a
 * dividend, which drops the unit NAV, is not drawn as a loss). The last point is the grid's figure.
 */
export function navSeries(rows: readonly NavRow[], mode: NavChartMode): NavPoint[] {
  const sorted = [...rows].sort((a, b) => a[0] - b[0]);
  if (mode === 'nav') return sorted.map(([date, unit]) => ({ date, value: unit }));
  const first = sorted[0];
  if (!first || first[1] <= 0) return [];
  const base = { day: first[0], unit: first[1], accum: first[2] };
  return sorted.map(([date, unit, accum]) => ({
    date,
    value: periodReturn(base, { day: date, unit, accum }),
  }));
}

export interface LineGeometry {
  /** SVG path of the line. */
  path: string;
  /** Where the last point is drawn, for its label. */
  last: { x: number; y: number; value: number } | null;
  min: number;
  max: number;
  /** The y of value 0, when 0 lies in the range (the return chart's base line). */
  zeroY: number | null;
}

/** Scales a series into a width × height box with `pad` pixels kept free at top and bottom. */
export function lineGeometry(
  points: readonly NavPoint[],
  width: number,
  height: number,
  pad = 12,
): LineGeometry {
  if (points.length === 0) return { path: '', last: null, min: 0, max: 0, zeroY: null };
  const values = points.map((point) => point.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.abs(max) || 1;
  const low = max === min ? min - span / 2 : min;
  const high = max === min ? max + span / 2 : max;
  const y = (value: number) => pad + ((high - value) / (high - low)) * (height - 2 * pad);
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const coords = points.map((point, index) => ({ x: index * step, y: y(point.value) }));
  const path = coords
    .map(({ x, y: top }, index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${top.toFixed(1)}`)
    .join(' ');
  const lastPoint = points[points.length - 1];
  const lastCoord = coords[coords.length - 1];
  return {
    path,
    last: lastPoint && lastCoord ? { ...lastCoord, value: lastPoint.value } : null,
    min,
    max,
    zeroY: low <= 0 && high >= 0 ? y(0) : null,
  };
}

/**
 * The exchange code an LOF trades under. LOFs are listed funds whose fund code is also their
 * exchange code: 16xxxx list in Shenzhen, 50xxxx/51xxxx in Shanghai. A code already on an exchange
 * suffix is kept.
 */
export function listedCode(code: string): string {
  if (codeSuffix(code) !== 'OF') return code;
  const digits = code.slice(0, code.lastIndexOf('.'));
  return `${digits}.${digits.startsWith('5') ? 'SH' : 'SZ'}`;
}

/**
 * An LOF's premium (溢价率) as a fraction: its exchange price over its latest unit NAV, less one;
 * negative for a discount (折价). While the exchange trades, the NAV is the last published one, as
 * quote apps compare them. Null when either figure is missing.
 */
export function lofPremium(price: number | null | undefined, nav: number | null | undefined): number | null {
  if (price === null || price === undefined || nav === null || nav === undefined) return null;
  if (!Number.isFinite(price) || !Number.isFinite(nav) || nav <= 0) return null;
  return price / nav - 1;
}
