import type { DayBarRowWire } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { fiveDayPrevClose } from './five-day-prev-close.ts';

const minute = (date: string, price: number) => [date, price, 100, price * 100, 930, null] as const;

// [date, prevClose, open, high, low, close, volume, amount]
const history: DayBarRowWire[] = [
  [20240625, 9.5, 9.6, 9.9, 9.5, 9.8, 100, 980],
  [20240626, 9.8, 9.8, 10, 9.7, 10, 100, 1000],
  // Ex-dividend: the exchange's previous close (9.7) is below the day before's close (10).
  [20240627, 9.7, 9.8, 9.9, 9.6, 9.9, 100, 990],
];

describe('five-day previous close', () => {
  it("is the first day's own previous close from the daily history", () => {
    expect(fiveDayPrevClose([minute('20240628', 10), minute('20240627', 9.9)], history)).toBe(9.7);
  });

  it('is the close of the day before when the first day is not in the history', () => {
    expect(fiveDayPrevClose([minute('20240628', 10.1)], history)).toBe(9.9);
  });

  it("is the first minute's price without history", () => {
    expect(fiveDayPrevClose([minute('20240624', 9.4), minute('20240625', 9.6)], undefined)).toBe(9.4);
    expect(fiveDayPrevClose([minute('20240624', 9.4)], history)).toBe(9.4);
  });

  it('is null without minutes', () => {
    expect(fiveDayPrevClose([], history)).toBeNull();
  });
});
