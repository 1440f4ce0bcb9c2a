import type { DayBarRow } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import type { StatementDocument } from '../../../market/statements/statement-layout.ts';
import { demoNotices } from './demo-notices.ts';
import { demoResearch } from './demo-research.ts';
import { checkRatingPath } from './test-support.ts';

/** Trading days from 2025-01-02 on (weekdays), closing at the prices given. */
function barsOf(closes: readonly number[]): DayBarRow[] {
  const rows: DayBarRow[] = [];
  const day = new Date(Date.UTC(2025, 0, 2));
  let previous = closes[0] ?? 10;
  for (const close of closes) {
    while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
    const number = day.getUTCFullYear() * 10000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
    rows.push([number, previous, close, close, close, close, 1000, close * 1000]);
    previous = close;
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return rows;
}

const subject = { key: '600000.SH', name: '演示银行', withTarget: true, decimals: 2 };

describe('demo research', () => {
  it('upgrades after a rise of a fifth since the rating was set and keeps the target above the close', () => {
    // Flat at 10 for 60 days, then a climb to 13 (+30%), then flat again.
    const closes = [
      ...Array.from({ length: 60 }, () => 10),
      ...Array.from({ length: 30 }, (_, i) => 10 + (i + 1) * 0.1),
      ...Array.from({ length: 60 }, () => 13),
    ];
    const bars = barsOf(closes);
    // Periodic reports come out on days 5 and 120.
    const triggers = [bars[5]?.[0] as number, bars[120]?.[0] as number];
    const reports = demoResearch(subject, bars, triggers, bars.at(-1)?.[0] as number);
    const byDay = new Map(bars.map((row) => [row[0], row[5]]));
    for (const report of reports) expect(report.priceAtDate).toBe(byDay.get(report.day));
    expect(checkRatingPath(reports.map((report) => ({ ...report, date: report.day })))).toEqual([]);
    const raised = reports.filter((report) => report.priceAtDate >= 12);
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.some((report) => report.ratingChange === '上调' || report.rating === '买入')).toBe(true);
  });

  it('downgrades after a fall of a fifth', () => {
    const closes = [
      ...Array.from({ length: 60 }, () => 10),
      ...Array.from({ length: 30 }, (_, i) => 10 - (i + 1) * 0.1),
      ...Array.from({ length: 30 }, () => 7),
    ];
    const bars = barsOf(closes);
    const reports = demoResearch(subject, bars, [bars[5]?.[0] as number], bars.at(-1)?.[0] as number);
    expect(checkRatingPath(reports.map((report) => ({ ...report, date: report.day })))).toEqual([]);
    expect(reports.some((report) => report.ratingChange === '下调')).toBe(true);
  });
});

describe('demo announcements', () => {
  const document = (revenue: number, profit: number): StatementDocument => ({
    isFinance: false,
    income: { TOT_OPER_REV: revenue, NET_PROFIT_EXCL_MIN_INT_INC: profit },
  });

  it('forecast a profit that moved by half within a range holding the reported figure', () => {
    const bars = barsOf(Array.from({ length: 400 }, () => 10));
    const notices = demoNotices({
      stock: { code: '600000.SH', name: '演示银行', totalShares: 1e9 },
      statements: new Map([
        [20241231, document(5e9, 4e8)],
        [20251231, document(6e9, 8e8)],
      ]),
      bars,
      exDividends: [],
      events: [],
      today: 20260520,
    });
    const annual = notices.find((notice) => notice.type === '定期报告' && notice.reportPeriod === 20251231);
    expect(annual?.summary).toContain('营业总收入60.00亿元，同比增长20.0%');
    expect(annual?.summary).toContain('净利润8.00亿元，同比增长100.0%');
    const forecast = notices.find((notice) => notice.type === '业绩预告' && notice.reportPeriod === 20251231);
    expect(forecast?.summary).toContain('7.36亿元至8.64亿元');
    expect((forecast?.day ?? 0) <= (annual?.day ?? 0)).toBe(true);
  });

  it('announce a dividend a week before its ex-date with the cash per ten shares', () => {
    const notices = demoNotices({
      stock: { code: '600000.SH', name: '演示银行', totalShares: 1e9 },
      statements: new Map(),
      bars: [],
      exDividends: [{ day: 20260612, cashPerShare: 0.356, bonus: 0 }],
      events: [],
      today: 20260701,
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]?.day).toBe(20260605);
    expect(notices[0]?.summary).toContain('每10股派发现金红利3.56元（含税）');
  });
});
