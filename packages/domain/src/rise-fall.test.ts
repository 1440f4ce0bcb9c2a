import { describe, expect, it } from 'vitest';
import { riseFallBucket, riseFallBucketLabels } from './rise-fall.ts';

const label = (chgPct: number, limit: 'up' | 'down' | null = null) =>
  riseFallBucketLabels[riseFallBucket(chgPct, limit)];

describe('riseFallBucketLabels', () => {
  it('has 21 buckets from 跌停 through 平盘 in the middle to 涨停', () => {
    expect(riseFallBucketLabels).toHaveLength(21);
    expect(riseFallBucketLabels[0]).toBe('跌停');
    expect(riseFallBucketLabels[10]).toBe('平盘');
    expect(riseFallBucketLabels[20]).toBe('涨停');
  });
});

describe('riseFallBucket', () => {
  it.each([
    { name: 'exactly 0 is 平盘', chgPct: 0, expected: '平盘' },
    { name: 'negative zero is 平盘', chgPct: -0, expected: '平盘' },
    { name: 'a tiny rise is 0~1%', chgPct: 0.0001, expected: '0~1%' },
    { name: 'a tiny fall is -1~0%', chgPct: -0.0001, expected: '-1~0%' },
    { name: '+1% exactly is the top of 0~1%', chgPct: 0.01, expected: '0~1%' },
    { name: 'just above +1% is 1~2%', chgPct: 0.010001, expected: '1~2%' },
    { name: '-1% exactly is the bottom of -1~0%', chgPct: -0.01, expected: '-1~0%' },
    { name: 'just below -1% is -2~-1%', chgPct: -0.010001, expected: '-2~-1%' },
    { name: '3.1% is 3~4%', chgPct: 0.031, expected: '3~4%' },
    { name: '+7% exactly stays in 6~7% despite float noise', chgPct: 0.07, expected: '6~7%' },
    { name: '-7% exactly stays in -7~-6% despite float noise', chgPct: -0.07, expected: '-7~-6%' },
    { name: '+8% exactly is 7~8%', chgPct: 0.08, expected: '7~8%' },
    { name: 'above +8% is >8%', chgPct: 0.0801, expected: '>8%' },
    { name: '-8% exactly is -8~-7%', chgPct: -0.08, expected: '-8~-7%' },
    { name: 'below -8% is <-8%', chgPct: -0.0801, expected: '<-8%' },
    { name: 'a 19.9% rise without the flag is >8%', chgPct: 0.199, expected: '>8%' },
  ])('$name', ({ chgPct, expected }) => {
    expect(label(chgPct)).toBe(expected);
  });

  it('the limit-up flag wins over a +9.98% change', () => {
    expect(label(0.0998, 'up')).toBe('涨停');
  });
  it('the limit-down flag wins over a -4.99% change (ST at ±5%)', () => {
    expect(label(-0.0499, 'down')).toBe('跌停');
  });
  it('a +10% change without the flag is >8%, not 涨停', () => {
    expect(label(0.1)).toBe('>8%');
  });
  it('NaN is rejected', () => {
    expect(() => riseFallBucket(Number.NaN, null)).toThrow(RangeError);
  });
});
