import { api, type StockCondition } from '@zhicai/contract';
import type { DayBarRow } from '@zhicai/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../../test/market-session.ts';
import { stockScreenOf } from '../stock/index.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

beforeAll(async () => {
  const { market, database } = session.context;
  await stockScreenOf({ db: database.db, market }).idle();
}, 120_000);

describe('north-bound holdings (资金) in the stock screen', () => {
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
      // The provider's holdings, as the day table asked for them.
      const figures = market.provider.northBoundHoldings?.(stock, rows, day) ?? null;
      expect(figures, row.code).not.toBeNull();
      expect(row.values[0]).toBeCloseTo(figures?.ratioChange5 ?? Number.NaN, 2);
      expect(row.values[0] as number).toBeGreaterThanOrEqual(0);
      expect(['sh', 'sz']).toContain(stock.board);
      expect(stock.isSt).toBe(false);
    }
  }, 60_000);
});
