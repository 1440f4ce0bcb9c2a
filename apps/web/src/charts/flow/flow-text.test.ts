import { describe, expect, it } from 'vitest';
import { changeText, changeTone, yearOnYearText } from './flow-text.ts';

describe('the year-on-year change of a flow bar', () => {
  it.each([
    ['a rise is red with ▲', 0.123, '▲12.30%', 'up'],
    ['a fall is green with ▼', -0.031, '▼3.10%', 'down'],
    ['no change is grey without an arrow', 0, '0.00%', 'flat'],
    ['a rise that rounds to 0.00% is grey without an arrow', 0.000_01, '0.00%', 'flat'],
    ['a fall that rounds to 0.00% is grey without an arrow', -0.000_01, '0.00%', 'flat'],
    ['an unknown change is -- and has no direction', null, '--', 'none'],
  ] as const)('%s', (_name, chgPct, text, tone) => {
    expect(changeText(chgPct)).toBe(text);
    expect(changeTone(chgPct)).toBe(tone);
  });

  it('reads 同比 before the change on the chart', () => {
    expect(yearOnYearText(0.12)).toBe('同比▲12.00%');
  });
});
