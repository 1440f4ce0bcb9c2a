import { describe, expect, it } from 'vitest';
import { formatReportDate, reportPeriodLabel, reportPeriodTitle } from './report-period.ts';

describe('reportPeriodLabel (spec 1 §3)', () => {
  it.each<{ name: string; period: string | number; expected: string | null }>([
    { name: '8-digit 0331 is the Q1 report', period: '20240331', expected: '一季报' },
    { name: '8-digit 0630 is the half-year report', period: '20240630', expected: '中报' },
    { name: '8-digit 0930 is the Q3 report', period: '20240930', expected: '三季报' },
    { name: '8-digit 1231 is the annual report', period: '20231231', expected: '年报' },
    { name: 'bare 0331 is the Q1 report', period: '0331', expected: '一季报' },
    { name: 'bare 0630 is the half-year report', period: '0630', expected: '中报' },
    { name: 'bare 0930 is the Q3 report', period: '0930', expected: '三季报' },
    { name: 'bare 1231 is the annual report', period: '1231', expected: '年报' },
    { name: 'an 8-digit number is read', period: 20240630, expected: '中报' },
    { name: 'a number that lost its leading zero is null', period: 331, expected: null },
    { name: 'a date that is not a period end is null', period: '20240615', expected: null },
    { name: 'a dashed date is null', period: '2024-06-30', expected: null },
    { name: 'the empty string is null', period: '', expected: null },
  ])('$name', ({ period, expected }) => {
    expect(reportPeriodLabel(period)).toBe(expected);
  });
});

describe('reportPeriodTitle', () => {
  it.each<{ name: string; period: string | number; expected: string | null }>([
    { name: 'Q1 with its year', period: '20240331', expected: '2024一季报' },
    { name: 'half year with its year', period: '20240630', expected: '2024中报' },
    { name: 'Q3 with its year', period: '20240930', expected: '2024三季报' },
    { name: 'annual with its year', period: '20231231', expected: '2023年报' },
    { name: 'a bare MMDD has no year and is null', period: '0630', expected: null },
    { name: 'a non-period date is null', period: '20240101', expected: null },
  ])('$name', ({ period, expected }) => {
    expect(reportPeriodTitle(period)).toBe(expected);
  });
});

describe('formatReportDate (spec 1 §3)', () => {
  it.each<{ name: string; date: string | number; expected: string }>([
    { name: 'an 8-digit period gets dashes', date: '20240630', expected: '2024-06-30' },
    { name: 'any real date is accepted', date: '20240115', expected: '2024-01-15' },
    { name: 'a number is accepted', date: 20231231, expected: '2023-12-31' },
    { name: 'a leap day in a leap year is valid', date: '20240229', expected: '2024-02-29' },
    { name: 'a leap day in a common year is --', date: '20230229', expected: '--' },
    { name: 'an impossible day is --', date: '20240230', expected: '--' },
    { name: 'month 13 is --', date: '20241301', expected: '--' },
    { name: 'day 00 is --', date: '20240600', expected: '--' },
    { name: 'a bare MMDD is --', date: '0630', expected: '--' },
    { name: 'non-digits are --', date: '2024063a', expected: '--' },
    { name: 'the empty string is --', date: '', expected: '--' },
  ])('$name', ({ date, expected }) => {
    expect(formatReportDate(date)).toBe(expected);
  });
});
