import { describe, expect, it } from 'vitest';
import {
  type AmountOptions,
  formatAmount,
  formatPercent,
  formatPrice,
  type PercentOptions,
} from './format.ts';
import type { NumericInput } from './numeric.ts';

// spec 1 §5 and spec 2 §9; finance rules get one named test per case (CONVENTIONS habit 8).

describe('formatPercent (input is a fraction)', () => {
  it.each<{ name: string; input: NumericInput; options?: PercentOptions; expected: string }>([
    { name: 'a positive fraction gets ×100, 2 decimals and a plus sign', input: 0.0123, expected: '+1.23%' },
    { name: 'a negative fraction keeps its minus sign', input: -0.0456, expected: '-4.56%' },
    { name: 'zero shows 0.00% without a sign', input: 0, expected: '0.00%' },
    { name: 'negative zero shows 0.00%', input: -0, expected: '0.00%' },
    { name: 'a tiny negative that rounds to zero shows 0.00%', input: -0.000001, expected: '0.00%' },
    { name: 'a tiny positive that rounds to zero has no plus sign', input: 0.000001, expected: '0.00%' },
    { name: 'exactly 100% keeps 2 decimals', input: 1, expected: '+100.00%' },
    { name: 'above 100% uses 1 decimal', input: 1.2345, expected: '+123.5%' },
    { name: 'below -100% uses 1 decimal', input: -1.2345, expected: '-123.5%' },
    { name: 'exactly 1000% uses 1 decimal', input: 10, expected: '+1000.0%' },
    { name: 'above 1000% uses 0 decimals', input: 12.3456, expected: '+1235%' },
    { name: 'half a hundredth rounds away from zero', input: 0.00125, expected: '+0.13%' },
    { name: 'a numeric string is accepted', input: '0.0123', expected: '+1.23%' },
    { name: 'null shows --', input: null, expected: '--' },
    { name: 'undefined shows --', input: undefined, expected: '--' },
    { name: 'an empty string shows --', input: '', expected: '--' },
    { name: 'a non-numeric string shows --', input: 'abc', expected: '--' },
    { name: 'NaN shows --', input: Number.NaN, expected: '--' },
    { name: 'Infinity shows --', input: Number.POSITIVE_INFINITY, expected: '--' },
    {
      name: 'options.sign false drops the plus sign',
      input: 0.0123,
      options: { sign: false },
      expected: '1.23%',
    },
    {
      name: 'options.decimals overrides the default 2',
      input: 0.0123,
      options: { decimals: 1 },
      expected: '+1.2%',
    },
    {
      name: 'options.decimals does not change the 100% range',
      input: 1.2345,
      options: { decimals: 3 },
      expected: '+123.5%',
    },
    { name: 'options.decimals 0 with zero shows 0%', input: 0, options: { decimals: 0 }, expected: '0%' },
  ])('$name', ({ input, options, expected }) => {
    expect(formatPercent(input, options)).toBe(expected);
  });
});

describe('formatPrice', () => {
  it.each<{ name: string; input: NumericInput; expected: string }>([
    { name: 'under 10 gives 2 decimals', input: 9.876, expected: '9.88' },
    { name: 'exactly 10 gives 1 decimal', input: 10, expected: '10.0' },
    { name: 'between 10 and 99.5 gives 1 decimal', input: 12.345, expected: '12.3' },
    { name: 'just under 99.5 gives 1 decimal', input: 99.49, expected: '99.5' },
    { name: 'exactly 99.5 gives 0 decimals', input: 99.5, expected: '100' },
    { name: 'above 99.5 gives 0 decimals', input: 1688.88, expected: '1689' },
    { name: 'a negative under 10 mirrors (2 decimals)', input: -9.876, expected: '-9.88' },
    { name: 'a negative between 10 and 99.5 mirrors (1 decimal)', input: -12.345, expected: '-12.3' },
    { name: 'a negative of 99.5 or more mirrors (0 decimals)', input: -150.4, expected: '-150' },
    { name: 'zero shows 0.00', input: 0, expected: '0.00' },
    { name: 'negative zero shows 0.00', input: -0, expected: '0.00' },
    { name: 'a negative that rounds to zero shows 0.00', input: -0.001, expected: '0.00' },
    { name: 'a binary-inexact half rounds up', input: 1.005, expected: '1.01' },
    { name: 'a numeric string is accepted', input: '1688.88', expected: '1689' },
    { name: 'null shows --', input: null, expected: '--' },
    { name: 'an empty string shows --', input: '', expected: '--' },
    { name: 'a non-numeric string shows --', input: 'N/A', expected: '--' },
    { name: 'NaN shows --', input: Number.NaN, expected: '--' },
  ])('$name', ({ input, expected }) => {
    expect(formatPrice(input)).toBe(expected);
  });
});

describe('formatAmount', () => {
  it.each<{ name: string; input: NumericInput; options?: AmountOptions; expected: string }>([
    { name: 'below 10^4 shows the plain number', input: 1234, expected: '1234' },
    { name: 'below 10^4 keeps up to 2 decimals', input: 1234.567, expected: '1234.57' },
    { name: 'below 10^4 trims trailing zeros', input: 12.5, expected: '12.5' },
    { name: 'zero shows 0', input: 0, expected: '0' },
    { name: 'a negative that rounds to zero shows 0', input: -0.001, expected: '0' },
    { name: 'exactly 10^4 is 1.00万', input: 10000, expected: '1.00万' },
    { name: 'a plain value rounding up to 10^4 becomes 1.00万', input: 9999.996, expected: '1.00万' },
    { name: '1 integer digit in 万 gives 2 decimals', input: 12345, expected: '1.23万' },
    { name: '2 integer digits in 万 give 2 decimals', input: 123456, expected: '12.35万' },
    { name: '3 integer digits in 万 give 1 decimal', input: 1234567, expected: '123.5万' },
    { name: '4 integer digits in 万 give 0 decimals', input: 12345678, expected: '1235万' },
    { name: 'rounding that adds a digit drops a decimal (99.996万)', input: 999960, expected: '100.0万' },
    { name: 'rounding 999.96万 gives 1000万', input: 9999600, expected: '1000万' },
    { name: 'rounding 9999.6万 crosses into 亿', input: 99996000, expected: '1.00亿' },
    { name: 'exactly 10^8 is 1.00亿', input: 1e8, expected: '1.00亿' },
    { name: '1 integer digit in 亿 gives 2 decimals', input: 123456789, expected: '1.23亿' },
    { name: '4 integer digits in 亿 give 0 decimals', input: 123456789012, expected: '1235亿' },
    { name: 'rounding 9999.6亿 crosses into 万亿', input: 999960000000, expected: '1.00万亿' },
    { name: 'exactly 10^12 is 1.00万亿', input: 1e12, expected: '1.00万亿' },
    { name: '3 integer digits in 万亿 give 1 decimal', input: 123.45e12, expected: '123.5万亿' },
    { name: '万亿 is the last unit and may grow past 4 digits', input: 12345.6e12, expected: '12346万亿' },
    { name: 'a negative amount keeps its minus sign', input: -123456, expected: '-12.35万' },
    { name: 'a small negative amount keeps its minus sign', input: -12.5, expected: '-12.5' },
    { name: 'no plus sign by default', input: 123456, expected: '12.35万' },
    {
      name: 'options.sign adds a plus sign to a positive',
      input: 123456,
      options: { sign: true },
      expected: '+12.35万',
    },
    {
      name: 'options.sign leaves a negative alone',
      input: -123456,
      options: { sign: true },
      expected: '-12.35万',
    },
    { name: 'options.sign adds no sign to zero', input: 0, options: { sign: true }, expected: '0' },
    { name: 'a numeric string is accepted', input: '123456789', expected: '1.23亿' },
    { name: 'null shows --', input: null, expected: '--' },
    { name: 'an empty string shows --', input: '', expected: '--' },
    { name: 'a non-numeric string shows --', input: '--', expected: '--' },
    { name: 'Infinity shows --', input: Number.NEGATIVE_INFINITY, expected: '--' },
  ])('$name', ({ input, options, expected }) => {
    expect(formatAmount(input, options)).toBe(expected);
  });
});
