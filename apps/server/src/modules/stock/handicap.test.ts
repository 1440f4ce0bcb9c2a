import type { Quote } from '@zhicai/contract';
import type { DayBarRow } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import {
  elapsedSessionMinutes,
  lotSize,
  range52Weeks,
  trailingDividendYield,
  volumeRatio,
} from './handicap.ts';

const quote = (overrides: Partial<Quote>): Quote =>
  ({
    code: '600000.SH',
    type: 'capital',
    tradingDay: 20261125,
    status: 'trading',
    price: 10,
    high: 10.2,
    low: 9.8,
    volume: 0,
    ...overrides,
  }) as Quote;

// Five earlier days of 2,400,000 shares: 10,000 a minute over the 240-minute session.
const bars: DayBarRow[] = [20261118, 20261119, 20261120, 20261123, 20261124].map((day) => [
  day,
  10,
  10,
  10.5,
  9.5,
  10,
  2_400_000,
  24_000_000,
]);

describe('handicap figures', () => {
  it('counts session minutes in Beijing time: 10:30 is one hour in, the close is all 240', () => {
    expect(elapsedSessionMinutes('cn', Date.parse('2026-11-25T02:30:00Z'))).toBe(60);
    expect(elapsedSessionMinutes('cn', Date.parse('2026-11-25T07:00:00Z'))).toBe(240);
    expect(elapsedSessionMinutes('cn', Date.parse('2026-11-25T01:00:00Z'))).toBe(0);
  });

  it('量比 is 2 when an hour has traded what two average hours do', () => {
    const at1030 = Date.parse('2026-11-25T02:30:00Z');
    expect(volumeRatio(quote({ time: at1030, volume: 1_200_000 }), bars, 'cn')).toBe(2);
  });

  it('量比 is -- without five earlier days or before any trade', () => {
    const at1030 = Date.parse('2026-11-25T02:30:00Z');
    expect(volumeRatio(quote({ time: at1030, volume: 1_200_000 }), bars.slice(1), 'cn')).toBeNull();
    expect(volumeRatio(quote({ time: at1030, volume: 0 }), bars, 'cn')).toBeNull();
  });

  it('the 52-week range takes stored bars of the last year and today', () => {
    const old: DayBarRow = [20251110, 10, 10, 30, 1, 10, 1, 1];
    expect(range52Weeks(quote({ high: 10.8, low: 9.8 }), [old, ...bars])).toEqual({ high: 10.8, low: 9.5 });
  });

  it('股息率 reads a cash dividend from an ex-date: 0.30 paid on a 10-yuan share is 3%', () => {
    const exDay: DayBarRow = [20260701, 9.7, 9.7, 9.8, 9.6, 9.7, 1000, 9700];
    const before: DayBarRow = [20260630, 10, 10, 10, 10, 10, 1000, 10000];
    expect(trailingDividendYield(quote({}), [before, exDay, ...bars], [])).toBe(0.03);
  });

  it('股息率 leaves out bonus shares: 10送3 with 0.39 cash per old share is 3% after the bonus', () => {
    const before: DayBarRow = [20260630, 13.39, 13.39, 13.39, 13.39, 13.39, 1000, 1];
    const exDay: DayBarRow = [20260701, 10, 10, 10, 10, 10, 1000, 1];
    const changes: [number, number][] = [
      [20200101, 1_000_000],
      [20260701, 1_300_000],
    ];
    expect(trailingDividendYield(quote({}), [before, exDay, ...bars], changes)).toBe(0.03);
  });

  it('每手股数 is 100 on the mainland and the issuer’s lot in Hong Kong', () => {
    expect(lotSize('600519.SH', 'cn', 2000)).toBe(100);
    expect(lotSize('00005.HK', 'hk', 70)).toBe(400);
    expect(lotSize('01234.HK', 'hk', 1.5)).toBe(2000);
  });
});
