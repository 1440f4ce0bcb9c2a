/**
 * The direction of a figure, which decides its colour and arrow (CONVENTIONS habit 11, Chinese
 * market convention): up is red, down is green, flat is grey, and `none` when there is no figure to
 * judge — the text then shows '--' (spec 1 §5) and stays grey like flat. The DOM colours a tone with
 * the CSS variables --color-up/--color-down/--color-flat; canvases read the same variables.
 *
 * A missing value is never flat: "no change" and "no figure" are different statements, even though
 * both are painted grey.
 */
import { missingValue } from './format.ts';
import { type NumericInput, toFiniteNumber } from './numeric.ts';

export type Tone = 'up' | 'down' | 'flat' | 'none';

/** Every tone, for code that draws or styles each one in turn. */
export const tones: readonly Tone[] = ['up', 'down', 'flat', 'none'];

/**
 * The tone of a signed change (a price change, a percent, a net inflow): above zero up, below zero
 * down, zero (and -0) flat. Numeric strings count as the number they spell, as in the formatters;
 * null, undefined, NaN, ±Infinity and non-numeric text are `none`.
 */
export function toneOf(change: NumericInput): Tone {
  const value = toFiniteNumber(change);
  if (value === null) return 'none';
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}

/**
 * The tone of a value against a reference (a price against the previous close, a close against its
 * open): above up, below down, equal flat; `none` when either side is missing or not finite.
 * Compared directly rather than by subtraction, so two huge values cannot overflow to Infinity.
 */
export function toneAgainst(value: NumericInput, reference: NumericInput): Tone {
  const figure = toFiniteNumber(value);
  const base = toFiniteNumber(reference);
  if (figure === null || base === null) return 'none';
  return figure > base ? 'up' : figure < base ? 'down' : 'flat';
}

/** A formatted figure that reads as zero: '0', '0.00', '+0.00%', '-0.0%'. */
const shownZero = /^[+-]?0(?:\.0+)?%?$/;

/**
 * The tone of a change as it is shown, given the text a formatter made of it: a change too small to
 * survive rounding ('0.00%') reads flat rather than up or down, so the colour and arrow never
 * disagree with the text; '--' is `none`. Otherwise the change's own sign decides.
 */
export function toneOfShown(change: NumericInput, shown: string): Tone {
  if (shown === missingValue) return 'none';
  return shownZero.test(shown) ? 'flat' : toneOf(change);
}

/** The arrow shown before a change so colour is never the only cue. */
export const toneArrow: Readonly<Record<Tone, string>> = { up: '▲', down: '▼', flat: '', none: '' };
