import { describe, expect, it } from 'vitest';
import { type NumericInput, roundHalfAway, toFiniteNumber } from './numeric.ts';

describe('toFiniteNumber', () => {
  it.each<{ name: string; input: NumericInput; expected: number | null }>([
    { name: 'a finite number passes through', input: 12.5, expected: 12.5 },
    { name: 'a numeric string is parsed', input: '0.0123', expected: 0.0123 },
    { name: 'surrounding spaces are ignored', input: ' -3 ', expected: -3 },
    { name: 'exponent notation is accepted', input: '1e4', expected: 10000 },
    { name: 'a leading dot is accepted', input: '.5', expected: 0.5 },
    { name: 'null is missing', input: null, expected: null },
    { name: 'undefined is missing', input: undefined, expected: null },
    { name: 'an empty string is missing', input: '', expected: null },
    { name: 'a blank string is missing', input: '  ', expected: null },
    { name: 'the placeholder -- is non-numeric', input: '--', expected: null },
    { name: 'hex text is non-numeric', input: '0x10', expected: null },
    { name: 'thousands separators are non-numeric', input: '1,234', expected: null },
    { name: 'NaN is rejected', input: Number.NaN, expected: null },
    { name: 'Infinity is rejected', input: Number.POSITIVE_INFINITY, expected: null },
    { name: "the text 'Infinity' is rejected", input: 'Infinity', expected: null },
  ])('$name', ({ input, expected }) => {
    expect(toFiniteNumber(input)).toBe(expected);
  });
});

describe('roundHalfAway', () => {
  it.each([
    { name: 'a binary-inexact half rounds up (1.005 → 1.01)', value: 1.005, decimals: 2, expected: 1.01 },
    { name: 'a negative half rounds away from zero', value: -2.5, decimals: 0, expected: -3 },
    { name: 'a positive half rounds away from zero', value: 2.5, decimals: 0, expected: 3 },
    { name: 'below half rounds down', value: 1.234, decimals: 2, expected: 1.23 },
    { name: 'float noise from ×100 is removed', value: 0.0123 * 100, decimals: 2, expected: 1.23 },
  ])('$name', ({ value, decimals, expected }) => {
    expect(roundHalfAway(value, decimals)).toBe(expected);
  });

  it('a negative value that rounds to zero gives +0, not -0', () => {
    expect(Object.is(roundHalfAway(-0.001, 2), 0)).toBe(true);
  });
});
