import { describe, expect, it } from 'vitest';
import { isTradingTime, shiftToBeijing } from './trading-time.ts';

// Instants are written in UTC with an explicit offset so the tests hold on any machine time zone.
// 2024-07-01 is a Monday in Beijing.
describe('isTradingTime (spec 1 §5, Beijing time)', () => {
  it.each([
    { name: 'before 09:00 is closed', instant: '2024-07-01T08:59:59+08:00', expected: false },
    { name: '09:00:00 opens', instant: '2024-07-01T09:00:00+08:00', expected: true },
    { name: 'the morning session is open', instant: '2024-07-01T10:30:00+08:00', expected: true },
    {
      name: 'the midday break counts (spec window is continuous)',
      instant: '2024-07-01T12:00:00+08:00',
      expected: true,
    },
    { name: '15:00 is inside the window', instant: '2024-07-01T15:00:00+08:00', expected: true },
    { name: '15:15:00 is the last open instant', instant: '2024-07-01T15:15:00+08:00', expected: true },
    {
      name: 'one millisecond after 15:15 is closed',
      instant: '2024-07-01T15:15:00.001+08:00',
      expected: false,
    },
    { name: 'the evening is closed', instant: '2024-07-01T20:00:00+08:00', expected: false },
    { name: 'Friday is a trading day', instant: '2024-07-05T10:00:00+08:00', expected: true },
    { name: 'Saturday is closed', instant: '2024-07-06T10:00:00+08:00', expected: false },
    { name: 'Sunday is closed', instant: '2024-07-07T10:00:00+08:00', expected: false },
    // 01:30 UTC on Monday is 09:30 in Beijing; a machine in New York would still call it Sunday.
    { name: 'judged in Beijing, not UTC (Mon 09:30 CST)', instant: '2024-07-01T01:30:00Z', expected: true },
    // Friday 23:00 UTC is Saturday 07:00 in Beijing.
    { name: 'the weekday is the Beijing weekday', instant: '2024-07-05T23:00:00Z', expected: false },
    {
      name: 'a weekday holiday is not known here (National Day)',
      instant: '2024-10-01T10:00:00+08:00',
      expected: true,
    },
  ])('$name', ({ instant, expected }) => {
    expect(isTradingTime(new Date(instant))).toBe(expected);
  });

  it('accepts epoch milliseconds', () => {
    expect(isTradingTime(Date.parse('2024-07-01T10:00:00+08:00'))).toBe(true);
  });

  it('an invalid date is not trading time', () => {
    expect(isTradingTime(new Date('not a date'))).toBe(false);
  });
});

describe('shiftToBeijing (spec 1 §5: add 8 hours)', () => {
  it.each<{ name: string; input: string | number; expected: string | null }>([
    { name: 'a UTC string gains 8 hours', input: '2024-06-28 07:30:00', expected: '2024-06-28 15:30:00' },
    { name: "a 'T' separator is accepted", input: '2024-06-28T07:30:00', expected: '2024-06-28 15:30:00' },
    { name: 'missing seconds read as :00', input: '2024-06-28 07:30', expected: '2024-06-28 15:30:00' },
    {
      name: 'the shift carries into the next day',
      input: '2024-06-28 20:15:05',
      expected: '2024-06-29 04:15:05',
    },
    {
      name: 'the shift carries into the next month',
      input: '2024-02-29 16:00:00',
      expected: '2024-03-01 00:00:00',
    },
    {
      name: 'the shift carries into the next year',
      input: '2023-12-31 23:59:59',
      expected: '2024-01-01 07:59:59',
    },
    {
      name: 'epoch ms give the Beijing wall clock',
      input: Date.UTC(2024, 5, 28, 7, 30),
      expected: '2024-06-28 15:30:00',
    },
    {
      name: 'a 13-digit string is epoch ms',
      input: String(Date.UTC(2024, 5, 28, 7, 30)),
      expected: '2024-06-28 15:30:00',
    },
    {
      name: 'milliseconds are dropped',
      input: Date.UTC(2024, 5, 28, 7, 30, 1, 999),
      expected: '2024-06-28 15:30:01',
    },
    { name: 'an impossible date is null', input: '2024-02-30 07:30:00', expected: null },
    { name: 'an impossible hour is null', input: '2024-06-28 24:00:00', expected: null },
    { name: 'malformed text is null', input: '28/06/2024 07:30', expected: null },
    { name: 'the empty string is null', input: '', expected: null },
    { name: 'NaN is null', input: Number.NaN, expected: null },
  ])('$name', ({ input, expected }) => {
    expect(shiftToBeijing(input)).toBe(expected);
  });
});
