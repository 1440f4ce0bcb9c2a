import { describe, expect, it } from 'vitest';
import { textWidth, truncateText } from './text.ts';

describe('textWidth (spec 1 §5)', () => {
  it.each([
    { name: 'ASCII counts 1 each', text: 'ETF300', expected: 6 },
    { name: 'Chinese counts 2 each', text: '贵州茅台', expected: 8 },
    { name: 'mixed text adds both', text: '沪深300ETF', expected: 10 },
    { name: 'full-width punctuation counts 2', text: '（）', expected: 4 },
    { name: 'an astral character counts 2 once', text: '𠀀', expected: 2 },
    { name: 'the empty string is 0', text: '', expected: 0 },
  ])('$name', ({ text, expected }) => {
    expect(textWidth(text)).toBe(expected);
  });
});

describe('truncateText (spec 1 §5)', () => {
  it.each([
    {
      name: 'exactly 8 characters stay whole',
      text: '华夏沪深300E',
      maxChars: undefined,
      expected: '华夏沪深300E',
    },
    {
      name: 'over 8 characters keep 8 plus an ellipsis',
      text: '华夏沪深300ETF联接A',
      maxChars: undefined,
      expected: '华夏沪深300E…',
    },
    { name: 'a short string is unchanged', text: '贵州茅台', maxChars: undefined, expected: '贵州茅台' },
    { name: 'the empty string is unchanged', text: '', maxChars: undefined, expected: '' },
    { name: 'a custom limit applies', text: '中国平安保险', maxChars: 4, expected: '中国平安…' },
    {
      name: 'astral characters are not split',
      text: '𠀀𠀀𠀀𠀀𠀀𠀀𠀀𠀀𠀀',
      maxChars: undefined,
      expected: '𠀀𠀀𠀀𠀀𠀀𠀀𠀀𠀀…',
    },
  ])('$name', ({ text, maxChars, expected }) => {
    expect(truncateText(text, maxChars)).toBe(expected);
  });
});
