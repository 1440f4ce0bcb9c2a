import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  beijingDay,
  isTradingDay,
  marketClock,
  nextTradingDay,
  previousTradingDay,
  sessionMinutes,
  tradingDaysBetween,
} from './market-calendar.ts';

// Instants are written in UTC ('Z') on purpose: 01:30Z is 09:30 in Beijing, so the tests also prove the
// UTC+8 shift and hold on any machine time zone.
const utc = (text: string) => new Date(text);

describe('beijingDay', () => {
  it('16:00 UTC is already the next day in Beijing', () => {
    expect(beijingDay(utc('2024-12-31T16:00:00Z'))).toBe(20250101);
  });
  it('15:59:59 UTC is still the same day in Beijing', () => {
    expect(beijingDay(utc('2024-12-31T15:59:59Z'))).toBe(20241231);
  });
  it('accepts epoch milliseconds', () => {
    expect(beijingDay(Date.UTC(2026, 10, 19, 20))).toBe(20261120);
  });
  it('rejects an invalid date', () => {
    expect(() => beijingDay(new Date('nope'))).toThrow(RangeError);
  });
});

describe('isTradingDay (cn)', () => {
  it.each([
    { name: 'an ordinary Monday trades', day: 20240701, expected: true },
    { name: 'Saturday is closed', day: 20240706, expected: false },
    { name: 'Sunday is closed', day: 20240707, expected: false },
    { name: 'New Year 2024 is closed', day: 20240101, expected: false },
    { name: 'Spring Festival eve 2024 (a Friday office workday) is closed', day: 20240209, expected: false },
    { name: 'Spring Festival 2024 Monday is closed', day: 20240212, expected: false },
    { name: 'Spring Festival 2024 Friday is closed', day: 20240216, expected: false },
    { name: 'the Saturday inside Spring Festival 2024 is closed', day: 20240217, expected: false },
    {
      name: 'the Sunday make-up workday after Spring Festival 2024 stays closed',
      day: 20240218,
      expected: false,
    },
    { name: 'trading resumes on 19 February 2024', day: 20240219, expected: true },
    { name: 'the last day before Spring Festival 2024 trades', day: 20240208, expected: true },
    { name: 'National Day 2025 starts 1 October', day: 20251001, expected: false },
    { name: 'National Day 2025 runs to 8 October', day: 20251008, expected: false },
    { name: 'trading resumes on 9 October 2025', day: 20251009, expected: true },
    { name: 'the Saturday make-up workday of 11 October 2025 stays closed', day: 20251011, expected: false },
    { name: 'the COVID-extended Spring Festival 2020 closed 31 January', day: 20200131, expected: false },
    { name: 'Christmas is a normal day in Shanghai', day: 20241225, expected: true },
    { name: 'Spring Festival 2026 runs to Monday 23 February', day: 20260223, expected: false },
    { name: 'a date that does not exist is not a trading day', day: 20240230, expected: false },
  ])('$name', ({ day, expected }) => {
    expect(isTradingDay('cn', day)).toBe(expected);
  });
});

describe('isTradingDay (hk)', () => {
  it.each([
    { name: 'Christmas Day 2024 is closed', day: 20241225, expected: false },
    { name: 'the first weekday after Christmas 2024 is closed', day: 20241226, expected: false },
    { name: 'Christmas Eve 2024 trades (half day)', day: 20241224, expected: true },
    { name: 'Good Friday 2024 is closed', day: 20240329, expected: false },
    { name: 'Easter Monday 2024 is closed', day: 20240401, expected: false },
    { name: "Buddha's Birthday 2025 is closed", day: 20250505, expected: false },
    { name: 'HKSAR Establishment Day 2025 is closed', day: 20250701, expected: false },
    { name: 'Chung Yeung 2025 is closed', day: 20251029, expected: false },
    { name: 'Ching Ming 2026 substitute after Easter Monday is closed', day: 20260407, expected: false },
    { name: 'mainland Labour Day run does not close Hong Kong on 2 May 2024', day: 20240502, expected: true },
    { name: 'Hong Kong trades during the mainland National Day week', day: 20241003, expected: true },
    { name: 'Lunar New Year 2024 substitute day is closed', day: 20240213, expected: false },
  ])('$name', ({ day, expected }) => {
    expect(isTradingDay('hk', day)).toBe(expected);
  });
});

describe('trading-day arithmetic', () => {
  it('tradingDaysBetween is inclusive and skips the Spring Festival 2024 closure', () => {
    expect(tradingDaysBetween('cn', 20240207, 20240220)).toEqual([20240207, 20240208, 20240219, 20240220]);
  });
  it('tradingDaysBetween is empty when from is after to', () => {
    expect(tradingDaysBetween('cn', 20240220, 20240207)).toEqual([]);
  });
  it('previousTradingDay jumps back over National Day 2025', () => {
    expect(previousTradingDay('cn', 20251009)).toBe(20250930);
  });
  it('previousTradingDay is strictly before a trading day', () => {
    expect(previousTradingDay('cn', 20240702)).toBe(20240701);
  });
  it('nextTradingDay jumps over the weekend and Spring Festival 2024', () => {
    expect(nextTradingDay('cn', 20240208)).toBe(20240219);
  });
  it('nextTradingDay in Hong Kong skips Christmas and the following weekday', () => {
    expect(nextTradingDay('hk', 20241224)).toBe(20241227);
  });
  it('addCalendarDays crosses a leap day and the year end', () => {
    expect(addCalendarDays(20240228, 1)).toBe(20240229);
    expect(addCalendarDays(20241231, 1)).toBe(20250101);
    expect(addCalendarDays(20250101, -1)).toBe(20241231);
  });
  it('addCalendarDays rejects an impossible day', () => {
    expect(() => addCalendarDays(20240230, 1)).toThrow(RangeError);
  });
});

describe('sessionMinutes', () => {
  it('the mainland session has 241 labels from 930 to 1500 without 1300', () => {
    const minutes = sessionMinutes('cn');
    expect(minutes).toHaveLength(241);
    expect(minutes.slice(0, 2)).toEqual([930, 931]);
    expect(minutes.slice(119, 123)).toEqual([1129, 1130, 1301, 1302]);
    expect(minutes.at(-1)).toBe(1500);
    expect(minutes).toContain(1059);
    expect(minutes).not.toContain(1060);
  });
  it('the Hong Kong session has 331 labels from 930 to 1600 with the break at 1200', () => {
    const minutes = sessionMinutes('hk');
    expect(minutes).toHaveLength(331);
    expect(minutes.slice(149, 153)).toEqual([1159, 1200, 1301, 1302]);
    expect(minutes.at(-1)).toBe(1600);
  });
});

describe('marketClock (cn)', () => {
  // 2024-07-01 is a Monday; the previous trading day is Friday 2024-06-28.
  it.each([
    {
      name: '09:14:59 is closed on the previous day',
      at: '2024-07-01T01:14:59Z',
      phase: 'closed',
      day: 20240628,
      minute: 1500,
    },
    {
      name: '09:15 opens the call auction',
      at: '2024-07-01T01:15:00Z',
      phase: 'preopen',
      day: 20240701,
      minute: null,
    },
    {
      name: '09:29:59 is still pre-open',
      at: '2024-07-01T01:29:59Z',
      phase: 'preopen',
      day: 20240701,
      minute: null,
    },
    {
      name: '09:30 starts trading at label 930',
      at: '2024-07-01T01:30:00Z',
      phase: 'trading',
      day: 20240701,
      minute: 930,
    },
    {
      name: '09:30:10 is label 930',
      at: '2024-07-01T01:30:10Z',
      phase: 'trading',
      day: 20240701,
      minute: 930,
    },
    {
      name: '10:05:20 is label 1005',
      at: '2024-07-01T02:05:20Z',
      phase: 'trading',
      day: 20240701,
      minute: 1005,
    },
    {
      name: '11:29:59 is label 1129',
      at: '2024-07-01T03:29:59Z',
      phase: 'trading',
      day: 20240701,
      minute: 1129,
    },
    {
      name: '11:30 starts lunch at label 1130',
      at: '2024-07-01T03:30:00Z',
      phase: 'lunch',
      day: 20240701,
      minute: 1130,
    },
    { name: '12:59 is still lunch', at: '2024-07-01T04:59:00Z', phase: 'lunch', day: 20240701, minute: 1130 },
    {
      name: '13:00 resumes trading at label 1301',
      at: '2024-07-01T05:00:00Z',
      phase: 'trading',
      day: 20240701,
      minute: 1301,
    },
    {
      name: '13:00:30 is label 1301',
      at: '2024-07-01T05:00:30Z',
      phase: 'trading',
      day: 20240701,
      minute: 1301,
    },
    {
      name: '14:59:59 is label 1459',
      at: '2024-07-01T06:59:59Z',
      phase: 'trading',
      day: 20240701,
      minute: 1459,
    },
    {
      name: '15:00 is after close at label 1500',
      at: '2024-07-01T07:00:00Z',
      phase: 'afterclose',
      day: 20240701,
      minute: 1500,
    },
    {
      name: '23:59 is still after close',
      at: '2024-07-01T15:59:00Z',
      phase: 'afterclose',
      day: 20240701,
      minute: 1500,
    },
    {
      name: 'Saturday is closed on Friday',
      at: '2024-07-06T02:00:00Z',
      phase: 'closed',
      day: 20240705,
      minute: 1500,
    },
    {
      name: 'a holiday morning is closed on the last day before it',
      at: '2025-10-03T02:00:00Z',
      phase: 'closed',
      day: 20250930,
      minute: 1500,
    },
    // Sunday 17:30 UTC is already Monday 01:30 in Beijing, before the call auction.
    {
      name: 'Monday 01:30 Beijing is closed on Friday',
      at: '2024-06-30T17:30:00Z',
      phase: 'closed',
      day: 20240628,
      minute: 1500,
    },
  ])('$name', ({ at, phase, day, minute }) => {
    expect(marketClock('cn', utc(at))).toEqual({ phase, tradingDay: day, minute });
  });
});

describe('marketClock (hk)', () => {
  it.each([
    {
      name: '08:59:59 is closed on the previous day',
      at: '2024-07-02T00:59:59Z',
      phase: 'closed',
      day: 20240628,
      minute: 1600,
    },
    {
      name: '09:00 opens the pre-opening session',
      at: '2024-07-02T01:00:00Z',
      phase: 'preopen',
      day: 20240702,
      minute: null,
    },
    {
      name: '11:45 is still trading',
      at: '2024-07-02T03:45:00Z',
      phase: 'trading',
      day: 20240702,
      minute: 1145,
    },
    {
      name: '12:00 starts lunch at label 1200',
      at: '2024-07-02T04:00:00Z',
      phase: 'lunch',
      day: 20240702,
      minute: 1200,
    },
    {
      name: '13:00 resumes at label 1301',
      at: '2024-07-02T05:00:00Z',
      phase: 'trading',
      day: 20240702,
      minute: 1301,
    },
    { name: '15:30 is trading', at: '2024-07-02T07:30:00Z', phase: 'trading', day: 20240702, minute: 1530 },
    {
      name: '16:00 is after close at label 1600',
      at: '2024-07-02T08:00:00Z',
      phase: 'afterclose',
      day: 20240702,
      minute: 1600,
    },
    {
      name: 'Christmas Day is closed on Christmas Eve',
      at: '2024-12-25T02:00:00Z',
      phase: 'closed',
      day: 20241224,
      minute: 1600,
    },
  ])('$name', ({ at, phase, day, minute }) => {
    expect(marketClock('hk', utc(at))).toEqual({ phase, tradingDay: day, minute });
  });
});
