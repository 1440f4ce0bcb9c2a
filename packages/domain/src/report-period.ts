/**
 * Report periods (spec 1 §3): period-end dates 0331 Q1, 0630 Q2 (half year), 0930 Q3, 1231 Q4
 * (annual), sent as 'YYYYMMDD' (reference/protocol.md) or as the bare 'MMDD' of the depth-data call.
 */
import { missingValue } from './format.ts';

/** The Chinese names of the four reports, keyed by their period end. */
const reportNames: ReadonlyMap<string, string> = new Map([
  ['0331', '一季报'],
  ['0630', '中报'],
  ['0930', '三季报'],
  ['1231', '年报'],
]);

function periodEnd(period: string): string | null {
  if (/^\d{8}$/.test(period)) return period.slice(4);
  if (/^\d{4}$/.test(period)) return period;
  return null;
}

/**
 * '20240331' or '0331' → '一季报'; 0630 → '中报'; 0930 → '三季报'; 1231 → '年报'; anything else null.
 * A number is read as its decimal digits, so 20240630 works but 331 (a lost leading zero) does not.
 */
export function reportPeriodLabel(period: string | number): string | null {
  const end = periodEnd(String(period));
  return end === null ? null : (reportNames.get(end) ?? null);
}

/** An 8-digit period as a short title with its year: '20240630' → '2024中报'; otherwise null. */
export function reportPeriodTitle(period: string | number): string | null {
  const text = String(period);
  if (!/^\d{8}$/.test(text)) return null;
  const label = reportPeriodLabel(text);
  return label === null ? null : `${text.slice(0, 4)}${label}`;
}

/**
 * spec 1 §3: an 8-digit date is shown year-month-day with dashes: '20240630' → '2024-06-30'.
 * Any real calendar date is accepted, not only period ends; anything else shows '--'.
 */
export function formatReportDate(date: string | number): string {
  const text = String(date);
  if (!/^\d{8}$/.test(text)) return missingValue;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(4, 6));
  const day = Number(text.slice(6));
  const check = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 20240230 over to March; a round trip that changes a field means no such date.
  const valid =
    check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return valid ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : missingValue;
}
