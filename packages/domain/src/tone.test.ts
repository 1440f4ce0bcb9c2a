import { describe, expect, it } from 'vitest';
import { formatPercent, formatPrice } from './format.ts';
import type { NumericInput } from './numeric.ts';
import { type Tone, toneAgainst, toneArrow, toneOf, toneOfShown, tones } from './tone.ts';

describe('toneOf: the tone of a signed change', () => {
  it.each<{ name: string; change: NumericInput; tone: Tone }>([
    { name: 'a positive change is up (red)', change: 0.0123, tone: 'up' },
    { name: 'the smallest positive number is still up', change: Number.MIN_VALUE, tone: 'up' },
    { name: 'a negative change is down (green)', change: -1.5, tone: 'down' },
    { name: 'zero is flat (grey)', change: 0, tone: 'flat' },
    { name: 'negative zero is flat, not down', change: -0, tone: 'flat' },
    { name: 'null is none: no figure is not "no change"', change: null, tone: 'none' },
    { name: 'undefined is none', change: undefined, tone: 'none' },
    { name: 'NaN is none', change: Number.NaN, tone: 'none' },
    { name: 'Infinity is none (not a real change)', change: Number.POSITIVE_INFINITY, tone: 'none' },
    { name: '-Infinity is none', change: Number.NEGATIVE_INFINITY, tone: 'none' },
    { name: 'a numeric string counts as its number: up', change: '1.23', tone: 'up' },
    { name: 'a negative numeric string is down', change: '-0.5', tone: 'down' },
    { name: 'the string "0" is flat', change: '0', tone: 'flat' },
    { name: 'the string "-0.00" is flat', change: '-0.00', tone: 'flat' },
    { name: 'an empty string is none', change: '', tone: 'none' },
    { name: 'the placeholder "--" is none', change: '--', tone: 'none' },
    { name: 'the text "Infinity" is none', change: 'Infinity', tone: 'none' },
  ])('$name', ({ change, tone }) => {
    expect(toneOf(change)).toBe(tone);
  });
});

describe('toneAgainst: a value against its reference', () => {
  it.each<{ name: string; value: NumericInput; reference: NumericInput; tone: Tone }>([
    { name: 'above the reference is up', value: 10.5, reference: 10, tone: 'up' },
    { name: 'below the reference is down', value: 9.5, reference: 10, tone: 'down' },
    { name: 'equal to the reference is flat', value: 10, reference: 10, tone: 'flat' },
    { name: '-0 against 0 is flat', value: -0, reference: 0, tone: 'flat' },
    { name: 'a missing value is none', value: null, reference: 10, tone: 'none' },
    { name: 'a missing reference is none', value: 10, reference: undefined, tone: 'none' },
    { name: 'a NaN reference is none', value: 10, reference: Number.NaN, tone: 'none' },
    { name: 'an infinite value is none', value: Number.POSITIVE_INFINITY, reference: 10, tone: 'none' },
    { name: 'huge values of opposite sign do not overflow', value: 1e308, reference: -1e308, tone: 'up' },
    { name: 'numeric strings compare as numbers', value: '9.87', reference: '10', tone: 'down' },
  ])('$name', ({ value, reference, tone }) => {
    expect(toneAgainst(value, reference)).toBe(tone);
  });
});

describe('toneOfShown: the tone agrees with the text shown', () => {
  it.each<{ name: string; change: NumericInput; format: (value: NumericInput) => string; tone: Tone }>([
    { name: 'a rise shown as +1.23% is up', change: 0.0123, format: formatPercent, tone: 'up' },
    { name: 'a fall shown as -1.23% is down', change: -0.0123, format: formatPercent, tone: 'down' },
    { name: 'a rise that rounds to 0.00% is flat', change: 0.00004, format: formatPercent, tone: 'flat' },
    { name: 'a fall that rounds to 0.00% is flat', change: -0.00004, format: formatPercent, tone: 'flat' },
    { name: 'a price change that rounds to 0.00 is flat', change: 0.004, format: formatPrice, tone: 'flat' },
    { name: 'zero is flat', change: 0, format: formatPercent, tone: 'flat' },
    { name: 'negative zero is flat', change: -0, format: formatPercent, tone: 'flat' },
    { name: 'a missing change shown as -- is none', change: null, format: formatPercent, tone: 'none' },
    { name: 'undefined is none', change: undefined, format: formatPercent, tone: 'none' },
    { name: 'NaN is none', change: Number.NaN, format: formatPercent, tone: 'none' },
    { name: 'Infinity is none', change: Number.POSITIVE_INFINITY, format: formatPercent, tone: 'none' },
    { name: 'a numeric string is read as its number', change: '-0.02', format: formatPercent, tone: 'down' },
  ])('$name', ({ change, format, tone }) => {
    expect(toneOfShown(change, format(change))).toBe(tone);
  });
});

describe('toneArrow', () => {
  it('puts ▲ before a rise and ▼ before a fall, and nothing where there is no direction', () => {
    expect(toneArrow).toEqual({ up: '▲', down: '▼', flat: '', none: '' });
  });

  it('has an arrow entry for every tone', () => {
    expect(Object.keys(toneArrow).sort()).toEqual([...tones].sort());
  });
});
