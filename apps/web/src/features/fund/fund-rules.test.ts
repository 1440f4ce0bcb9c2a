import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatNav,
  lineGeometry,
  listedCode,
  lofPremium,
  navSeries,
  riskLabel,
  tenure,
  tenureText,
} from './fund-rules.ts';

describe('fund rules', () => {
  it('formats NAV to 4 decimals and shows -- when missing', () => {
    expect(formatNav(1.8765)).toBe('1.8765');
    expect(formatNav(2)).toBe('2.0000');
    expect(formatNav(null)).toBe('--');
    expect(formatNav(Number.NaN)).toBe('--');
  });

  it('formats YYYYMMDD days', () => {
    expect(formatDay(20240628)).toBe('2024-06-28');
    expect(formatDay(null)).toBe('--');
  });

  it('names risk levels R1–R5', () => {
    expect(riskLabel(1)).toBe('R1 低风险');
    expect(riskLabel(3)).toBe('R3 中风险');
    expect(riskLabel(5)).toBe('R5 高风险');
    expect(riskLabel(6)).toBe('--');
  });

  it('counts tenure in whole years and remaining days', () => {
    expect(tenure(20121109, 20240628)).toEqual({ years: 11, days: 232 });
    expect(tenure(20200101, 20200101)).toEqual({ years: 0, days: 0 });
    expect(tenure(20230628, 20240628)).toEqual({ years: 1, days: 0 });
    expect(tenure(20230629, 20240628)).toEqual({ years: 0, days: 365 });
    expect(tenureText(20121109, 20240628)).toBe('11 年 232 天');
    expect(tenureText(20250101, 20240628)).toBe('--');
  });

  it('plots the return since the range start on the accumulated NAV (a dividend is no loss)', () => {
    const rows = [
      [20240102, 1.0, 1.0, null],
      [20240101, 1.0, 1.0, null],
      // The unit NAV drops by a 0.1 dividend; accumulated NAV keeps rising.
      [20240103, 0.95, 1.05, -0.05],
    ] as const;
    expect(navSeries(rows, 'return').map((point) => point.value)).toEqual([0, 0, 0.050000000000000044]);
    expect(navSeries(rows, 'nav').map((point) => point.date)).toEqual([20240101, 20240102, 20240103]);
    expect(navSeries([], 'return')).toEqual([]);
  });

  it('scales a line into its box and places the last point', () => {
    const geometry = lineGeometry(
      [
        { date: 1, value: -0.1 },
        { date: 2, value: 0.1 },
      ],
      100,
      50,
      5,
    );
    expect(geometry.path).toBe('M0.0,45.0 L100.0,5.0');
    expect(geometry.last).toEqual({ x: 100, y: 5, value: 0.1 });
    expect(geometry.zeroY).toBe(25);
    expect(lineGeometry([], 100, 50).last).toBeNull();
    // A flat line sits in the middle.
    expect(lineGeometry([{ date: 1, value: 1 }], 100, 50, 5).last?.y).toBe(25);
  });

  it('maps LOF fund codes to their exchange', () => {
    expect(listedCode('161725.OF')).toBe('161725.SZ');
    expect(listedCode('501018.OF')).toBe('501018.SH');
    expect(listedCode('161725.SZ')).toBe('161725.SZ');
  });

  it('reads an LOF premium over its NAV, negative for a discount, null when a figure is missing', () => {
    expect(lofPremium(1.885, 1.8765)).toBeCloseTo(0.00453, 5);
    expect(lofPremium(1.85, 1.8765)).toBeCloseTo(-0.01412, 5);
    expect(lofPremium(null, 1.8765)).toBeNull();
    expect(lofPremium(1.885, undefined)).toBeNull();
    expect(lofPremium(1.885, 0)).toBeNull();
  });
});
