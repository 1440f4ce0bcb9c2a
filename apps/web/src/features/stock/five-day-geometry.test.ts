import { sessionMinutes } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { type FiveDayRow, fiveDayLayout } from './five-day-geometry.ts';

const minutes = sessionMinutes('cn');

function day(date: string, prices: number[]): FiveDayRow[] {
  return prices.map((price, i) => [date, price, 100, price * 100, minutes[i] ?? 930, null]);
}

describe('fiveDayLayout', () => {
  it('keeps the last five sessions, one line and one label each', () => {
    const rows = ['20240624', '20240625', '20240626', '20240627', '20240628', '20240701'].flatMap((date) =>
      day(date, [10, 11]),
    );
    const layout = fiveDayLayout(rows, minutes, 500, 100);
    expect(layout.days.map((label) => label.text)).toEqual(['06-25', '06-26', '06-27', '06-28', '07-01']);
    expect(layout.lines).toHaveLength(5);
    expect(layout.separators).toEqual([100, 200, 300, 400]);
  });

  it('centres the axis on the first price of the window', () => {
    const layout = fiveDayLayout([...day('20240627', [10, 12]), ...day('20240628', [8])], minutes, 500, 108);
    expect(layout.baselineY).toBe(54);
    expect(layout.high).toBe(12);
    expect(layout.low).toBe(8);
    // The second day starts a fifth of the width in.
    expect(layout.lines[1]).toBe('100.0,104.0');
  });

  it('draws nothing for no rows', () => {
    const layout = fiveDayLayout([], minutes, 500, 100);
    expect(layout.lines).toEqual([]);
    expect(layout.high).toBeNull();
  });
});
