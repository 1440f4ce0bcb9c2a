/**
 * Shared number parsing and rounding for the display formatters. Server data arrives as numbers,
 * numeric strings, null or empty strings; spec 1 §5 says all the non-numeric ones display as '--',
 * so the formatters first reduce their input to a finite number or null here.
 */

/** What the formatters accept: a number, a numeric string, or a missing value. */
export type NumericInput = number | string | null | undefined;

// Plain decimal notation with an optional exponent. Hex, binary, thousands separators and the words
// Infinity/NaN are rejected on purpose: `Number()` alone would accept '0x10' and ' ' (as 16 and 0).
const numericText = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** The finite number a value stands for, or null when it is missing, non-numeric, NaN or infinite. */
export function toFiniteNumber(value: NumericInput): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!numericText.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Rounds half away from zero to `decimals` places, as people round by hand.
 * `toFixed` alone rounds the binary value, so 1.005 would become '1.00'; re-reading the scaled value
 * at 15 significant digits first removes that binary noise. A result of zero is always +0, so a
 * negative value that rounds away never displays as '-0.00'.
 */
export function roundHalfAway(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}
