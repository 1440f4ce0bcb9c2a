/**
 * Number display rules (spec 1 §5, spec 2 §9). Every formatter shows '--' for a missing, empty or
 * non-numeric value, and never shows a minus sign on a value that rounds to zero.
 */
import { type NumericInput, roundHalfAway, toFiniteNumber } from './numeric.ts';

/** Shown wherever a value is missing or not a number (spec 1 §5, CONVENTIONS habit 11). */
export const missingValue = '--';

function withSign(rounded: number, text: string, plusSign: boolean): string {
  return plusSign && rounded > 0 ? `+${text}` : text;
}

export interface PercentOptions {
  /** Decimals for values up to 100%; the wider ranges always use 1 and 0 (spec 1 §5). Default 2. */
  decimals?: number;
  /** Prefix positive values with '+'. Default true (spec 1 §5: percent formatters add a plus sign). */
  sign?: boolean;
}

/**
 * Formats a FRACTION as a percent: 0.0123 → '+1.23%'.
 * spec 1 §5: multiply by 100; 0 decimals above 1000%, 1 above 100%, otherwise 2 by default.
 * The range is judged on the unrounded percent, so 100.004% shows '+100.0%' while 99.996% shows
 * '+100.00%'. The sign follows the displayed value: a tiny fraction that rounds to zero shows '0.00%'.
 */
export function formatPercent(fraction: NumericInput, options: PercentOptions = {}): string {
  const value = toFiniteNumber(fraction);
  if (value === null) return missingValue;
  // Re-reading at 15 significant digits removes the noise of ×100 (0.0123 × 100 = 1.2300000000000002).
  const percent = Number((value * 100).toPrecision(15));
  const size = Math.abs(percent);
  const decimals = size > 1000 ? 0 : size > 100 ? 1 : (options.decimals ?? 2);
  const rounded = roundHalfAway(percent, decimals);
  return `${withSign(rounded, rounded.toFixed(decimals), options.sign ?? true)}%`;
}

/**
 * Formats a price in yuan (or the instrument's currency).
 * spec 1 §5: under 10 → 2 decimals; 10 to under 99.5 → 1 decimal; 99.5 and above → 0 decimals;
 * negatives use the same ranges by absolute value; negative zero shows '0.00'.
 */
export function formatPrice(value: NumericInput): string {
  const price = toFiniteNumber(value);
  if (price === null) return missingValue;
  const size = Math.abs(price);
  const decimals = size < 10 ? 2 : size < 99.5 ? 1 : 0;
  return roundHalfAway(price, decimals).toFixed(decimals);
}

export interface AmountOptions {
  /** Prefix positive values with '+' (spec 2 §9: a sign can be added). Default false. */
  sign?: boolean;
}

/** The large-number units of spec 1 §5, smallest first. */
const amountUnits = [
  { size: 1e4, suffix: '万' },
  { size: 1e8, suffix: '亿' },
  { size: 1e12, suffix: '万亿' },
] as const;

/** spec 1 §5: 0–2 decimals by digit count; 1–2 integer digits → 2, 3 → 1, 4 or more → 0. */
function unitDecimals(scaled: number): number {
  const integerDigits = String(Math.floor(scaled)).length;
  return integerDigits <= 2 ? 2 : integerDigits === 3 ? 1 : 0;
}

/** The unsigned short-form text of an amount of at least 10^4. */
function unitText(size: number): string {
  // Start at the largest unit the value reaches, and move up a unit whenever rounding reaches 10^4
  // of the current one (9999.6万 → 1.00亿, not 10000万). 万亿 is the last unit: it may grow to 5+ digits.
  const start = Math.max(
    0,
    amountUnits.findLastIndex((unit) => size >= unit.size),
  );
  let text = '';
  for (const unit of amountUnits.slice(start)) {
    const scaled = size / unit.size;
    let decimals = unitDecimals(scaled);
    let rounded = roundHalfAway(scaled, decimals);
    // Rounding can add an integer digit (99.996 → 100.00); the longer number gets fewer decimals.
    const roundedDecimals = unitDecimals(rounded);
    if (roundedDecimals < decimals) {
      decimals = roundedDecimals;
      rounded = roundHalfAway(scaled, decimals);
    }
    text = `${rounded.toFixed(decimals)}${unit.suffix}`;
    if (rounded < 1e4) break;
  }
  return text;
}

/**
 * Formats a large amount (yuan, shares, volume) in the short form of spec 1 §5:
 * ≥ 10^4 → 万, ≥ 10^8 → 亿, ≥ 10^12 → 万亿, with fixed decimals by digit count
 * ('1.23万', '12.35万', '123.5万', '1235万', '1.23亿'). Below 10^4 the plain number is shown with up
 * to 2 decimals and trailing zeros trimmed ('12.5', '12', '0.01'), because small values are mostly
 * whole counts and '12.00' would read as false precision. Negatives keep their '-'.
 */
export function formatAmount(value: NumericInput, options: AmountOptions = {}): string {
  const amount = toFiniteNumber(value);
  if (amount === null) return missingValue;
  const size = Math.abs(amount);
  const plain = roundHalfAway(size, 2);
  if (plain === 0) return '0';
  // A plain value that rounds up to 10^4 (9999.996) is shown in 万 like 10^4 itself ('1.00万').
  const text = plain < 1e4 ? String(plain) : unitText(Math.max(size, 1e4));
  if (amount < 0) return `-${text}`;
  return withSign(plain, text, options.sign ?? false);
}
