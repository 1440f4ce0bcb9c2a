import { api, type StockCondition } from '@zhicai/contract';
import type { DayBarRow } from '@zhicai/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../../test/market-session.ts';
import { stockScreenOf } from '../stock/index.ts';
import { holdingRatio, isConnectEligible, northBoundFigures } from './north-bound-holdings.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

beforeAll(async () => {
  const { market, database } = session.context;
  await stockScreenOf({ db: database.db, market }).idle();
}, 120_000);

const bigBank = {
  code: '600000.SH',
  board: 'sh' as const,
  isSt: false,
  totalShares: 1e9,
  floatShares: 8e8,
};

/** A bar of `day` closing at `close`; the other fields do not matter here. */
const bar = (day: number, close: number): DayBarRow => [day, close, close, close, close, close, 1, 1];

describe('north-bound holdings (资金)', () => {
  it('are held only in main-board, non-ST shares of at least 8 billion yuan', () => {
    expect(isConnectEligible(bigBank, 8)).toBe(true); // 8 × 1e9 = 80亿, the bound itself
    expect(isConnectEligible(bigBank, 7.99)).toBe(false);
    expect(isConnectEligible({ ...bigBank, board: 'chinext' }, 100)).toBe(false);
    expect(isConnectEligible({ ...bigBank, board: 'star' }, 100)).toBe(false);
    expect(isConnectEligible({ ...bigBank, isSt: true }, 100)).toBe(false);
    expect(isConnectEligible({ ...bigBank, totalShares: null }, 100)).toBe(false);
  });

  it('change by the ratio of 5 and 20 bars before, in shares of the float, as of the asked day', () => {
    const days = Array.from({ length: 25 }, (_, k) => 20261001 + k);
    // The last bar is after the asked day: the figures are those of 20261024 (row 23).
    const rows = days.map((day) => bar(day, 10));
    const figures = northBoundFigures(bigBank, rows, 20261024);
    const today = holdingRatio('600000.SH', 20261024);
    expect(figures).toEqual({
      ratio: today,
      shares: Math.round((today / 100) * 8e8),
      ratioChange5: today - holdingRatio('600000.SH', 20261019),
      ratioChange20: today - holdingRatio('600000.SH', 20261004),
    });
    // 20 bars back needs 21 bars: with 10 the 20-day change is unknown, not zero.
    expect(northBoundFigures(bigBank, rows.slice(14, 24), 20261024)?.ratioChange20).toBeNull();
    // Eligibility is that day's close: at 7 yuan the bank is 70亿 and out of Stock Connect.
    expect(northBoundFigures(bigBank, [...rows.slice(0, 23), bar(20261024, 7)], 20261024)).toBeNull();
  });

  it('move slowly: within 0.3%–12% of the float, and by less than 8% of the holding a day', () => {
    for (const code of ['600000.SH', '000001.SZ', '600519.SH', '000858.SZ']) {
      let previous = holdingRatio(code, 20260101);
      for (let day = 20260102; day <= 20260131; day += 1) {
        const ratio = holdingRatio(code, day);
        expect(ratio).toBeGreaterThanOrEqual(0.3);
        expect(ratio).toBeLessThanOrEqual(12);
        expect(Math.abs(ratio - previous) / previous, `${code} ${day}`).toBeLessThan(0.08);
        expect(holdingRatio(code, day)).toBe(ratio);
        previous = ratio;
      }
    }
  });

  it('are 资金 conditions of the catalogue, with unit, range and distribution, and screen by them', async () => {
    const { market } = session.context;
    const { datas } = await call(session.context, api.screener.listSelectInfo);
    const group = datas.groups.find((candidate) => candidate.group === '资金');
    const byCode = new Map<string, StockCondition>(
      (group?.conditions ?? []).map((condition) => [condition.code, condition]),
    );
    expect([...byCode.keys()]).toEqual(['NORTH_RATIO', 'NORTH_CHG_5D', 'NORTH_CHG_20D']);
    const change = byCode.get('NORTH_CHG_5D') as StockCondition;
    expect(change.name).toBe('北向持股变化(5日)');
    expect(change.unit).toBe('%');
    const stocks = market.directory.ofType('capital');
    // Some shares are in Stock Connect, and not all of them.
    expect(change.count).toBeGreaterThan(0);
    expect(change.count).toBeLessThan(stocks.length);
    expect(change.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(change.count);
    expect(change.min).toBeLessThan(0);
    expect(change.max).toBeGreaterThan(0);

    // The rising ones: every row matches, its figure is the one its bars give, and it is eligible.
    const { datas: page } = await call(session.context, api.screener.select, {
      body: { seqFlags: 'NORTH_CHG_5D', NORTH_CHG_5D_left: 0, NORTH_CHG_5D_right: 'Infinity', size: 100 },
    });
    expect(page.total).toBeGreaterThan(0);
    for (const row of page.list.slice(0, 5)) {
      const stock = stocks.find((candidate) => candidate.code === row.code);
      if (!stock) throw new Error(row.code);
      const rows = (await market.repositories.series.readRecentRows(stock.code, 'day', 400)) as DayBarRow[];
      const day = market.engine.quote(stock.code)?.tradingDay ?? 0;
      const figures = northBoundFigures(stock, rows, day);
      expect(figures, row.code).not.toBeNull();
      expect(row.values[0]).toBeCloseTo(figures?.ratioChange5 ?? Number.NaN, 2);
      expect(row.values[0] as number).toBeGreaterThanOrEqual(0);
      expect(['sh', 'sz']).toContain(stock.board);
      expect(stock.isSt).toBe(false);
    }
  }, 60_000);
});
