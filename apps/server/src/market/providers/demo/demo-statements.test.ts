import { describe, expect, it } from 'vitest';
import { identityProblems, statementKinds } from '../../statements/statement-layout.ts';
import {
  companyKindOf,
  companyStatements,
  fallbackAnchor,
  latestPublishedPeriod,
  periodsEndingAt,
} from './demo-statements.ts';
import { defaultDemoSeed, generateDemoCatalogue } from './instrument-catalogue.ts';

const seed = defaultDemoSeed;
const aShares = generateDemoCatalogue(seed).instruments.filter((instrument) => instrument.type === 'capital');
const periods = periodsEndingAt(20260930);

describe('report periods as published', () => {
  it('a period appears the day after its statutory deadline', () => {
    expect(latestPublishedPeriod(20261031)).toBe(20260630);
    expect(latestPublishedPeriod(20261101)).toBe(20260930);
    expect(latestPublishedPeriod(20260831)).toBe(20260331);
    expect(latestPublishedPeriod(20260901)).toBe(20260630);
    expect(latestPublishedPeriod(20260430)).toBe(20250930);
    expect(latestPublishedPeriod(20260501)).toBe(20260331);
  });

  it('keeps sixteen periods, so the default 20240630 has its year-earlier period', () => {
    expect(periods).toHaveLength(16);
    expect(periods[0]).toBe(20221231);
    expect(periods).toContain(20240630);
    expect(periods).toContain(20230630);
  });
});

describe('demo statements', () => {
  it('banks, insurers and brokers get the financial layouts', () => {
    const byCode = new Map(aShares.map((stock) => [stock.code, stock]));
    const kind = (code: string) => {
      const stock = byCode.get(code);
      if (!stock) throw new Error(code);
      return companyKindOf(stock);
    };
    expect(kind('000001.SZ')).toBe('bank');
    expect(kind('601318.SH')).toBe('insurer');
    expect(kind('600030.SH')).toBe('broker');
    expect(kind('600519.SH')).toBe('general');
  });

  it('keeps every identity exactly, in integer yuan, for every company-period (profit and loss makers)', () => {
    let checked = 0;
    const failures: string[] = [];
    for (const stock of aShares) {
      for (const loss of [false, true]) {
        const anchor = fallbackAnchor(seed, stock, 20260930);
        if (loss) anchor.netProfitTtm = -Math.abs(anchor.netProfitTtm) * 0.5;
        const statements = companyStatements(seed, stock, anchor);
        const documents = new Map(periods.map((period) => [period, statements.document(period)]));
        for (const [period, document] of documents) {
          for (const kind of statementKinds) {
            const lines = document[kind] ?? {};
            for (const [code, value] of Object.entries(lines)) {
              if (!Number.isInteger(value)) failures.push(`${stock.code} ${period} ${code} = ${value}`);
            }
            const problems = identityProblems(kind, document.isFinance, lines, {
              tolerance: 0,
              strict: true,
              ...(document.names ? { names: document.names } : {}),
            });
            if (problems.length > 0) failures.push(`${stock.code} ${period} ${kind}: ${problems.join('; ')}`);
          }
          const cash = document.cashFlow ?? {};
          // Cash-flow statements run from January 1: the opening cash is last year's closing cash.
          const lastYearEnd = documents.get((Math.floor(period / 10000) - 1) * 10000 + 1231);
          const where = `${stock.code} ${period}`;
          if (lastYearEnd && cash.CASH_CASH_EQU_BEG_PERIOD !== lastYearEnd.cashFlow?.CASH_CASH_EQU_END_PERIOD)
            failures.push(`${where}: opening cash is not last year's closing cash`);
          if (!document.isFinance) {
            if ((document.balance?.MONETARY_CAP ?? 0) < (cash.CASH_CASH_EQU_END_PERIOD ?? 0))
              failures.push(`${where}: cash equivalents exceed 货币资金`);
            for (const value of Object.values(document.segmentCost ?? {}))
              if (!Number.isInteger(value)) failures.push(`${where}: segment cost ${value}`);
          }
          for (const code of Object.keys(cash)) {
            // Receipts and payments are amounts; only nets, FX and cash levels carry a sign.
            if (/^(OTHER_)?CASH_(RECP|PAY)|^CASH_PAID|^PAY_ALL|^RECP_/.test(code) && (cash[code] ?? 0) < 0)
              failures.push(`${where}: ${code} = ${cash[code]}`);
          }
          checked += 1;
        }
        // Cumulative: each later period of a year includes the earlier ones.
        for (const year of [2023, 2024, 2025]) {
          const revenue = [331, 630, 930, 1231].map(
            (end) => documents.get(year * 10000 + end)?.income?.TOT_OPER_REV ?? 0,
          );
          if (revenue.some((value, index) => index > 0 && value < (revenue[index - 1] ?? 0)))
            failures.push(`${stock.code} ${year}: cumulative revenue falls (${revenue.join(', ')})`);
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(checked).toBe(aShares.length * 2 * 16);
  }, 120_000);

  it('is deterministic', () => {
    const stock = aShares[0];
    if (!stock) throw new Error('no stocks');
    const anchor = fallbackAnchor(seed, stock, 20260930);
    expect(companyStatements(seed, stock, anchor).document(20240630)).toEqual(
      companyStatements(seed, stock, anchor).document(20240630),
    );
  });
});
