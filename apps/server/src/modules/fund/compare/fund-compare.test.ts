import { api } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../../test/market-session.ts';
import { factsOf } from '../../screener/fund/fund-screen-table.ts';
import { navPointsOf } from '../returns.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

async function navsOf(code: string) {
  const fund = session.context.market.directory.get(code);
  if (!fund) throw new Error(`${code} is not in the demo market`);
  return navPointsOf(
    await session.context.market.repositories.series.readSeries(code, fund.series),
    fund.series,
  );
}

describe('基金对比 (fund.fundCompare)', () => {
  it("shows each fund's figures as its own page and the fund screen do", async () => {
    const { list } = (
      await call(session.context, api.fund.fundCompare, { query: { codes: '005827.OF,161725.OF' } })
    ).datas;
    expect(list.map((fund) => fund.code)).toEqual(['005827.OF', '161725.OF']);
    for (const row of list) {
      const query = { query: { code: row.code } };
      const base = (await call(session.context, api.fund.baseInfo, query)).datas;
      const fees = (await call(session.context, api.fund.fees, query)).datas;
      const holdings = (await call(session.context, api.fund.holdings, query)).datas;
      expect(row).toMatchObject({
        name: base.name,
        category: base.category,
        size: base.size,
        inceptionDate: base.inceptionDate,
        managers: base.managers,
        returns: base.returns,
      });
      expect(row.fees).toEqual({
        management: fees.management,
        custody: fees.custody,
        salesService: fees.salesService,
        purchase: fees.purchase[0]?.rate,
      });
      expect(row.topHoldings.length).toBe(Math.min(10, holdings.stocks.length));
      expect(row.topHoldings[0]?.weight).toBe(Math.max(...holdings.stocks.map((stock) => stock.weight)));
      // 最大回撤, 波动率 and 夏普 over 近1年 by the fund screen's rules.
      const fund = session.context.market.directory.get(row.code);
      if (!fund) throw new Error(row.code);
      const facts = factsOf(fund, {
        navs: await navsOf(row.code),
        latestUnits: undefined,
        tenureStart: undefined,
      });
      expect(row.maxDrawdown).toBeCloseTo(facts.maxDrawdown ?? Number.NaN, 6);
      expect(row.volatility).toBeCloseTo(facts.volatility ?? Number.NaN, 6);
      expect(row.sharpe).toBeCloseTo(facts.sharpe ?? Number.NaN, 4);
      expect(row.maxDrawdown).toBeGreaterThan(0);
    }
  });

  it('takes 2 to 5 funds and refuses an unknown code or a stock', async () => {
    const one = await callRefused(session.context, api.fund.fundCompare, { query: { codes: '005827.OF' } });
    expect(one.code).toBe('400');
    const unknown = await callRefused(session.context, api.fund.fundCompare, {
      query: { codes: '005827.OF,999999.OF' },
    });
    expect(unknown.code).toBe('404');
    expect(unknown.message).toContain('999999.OF');
    const stock = await callRefused(session.context, api.fund.fundCompare, {
      query: { codes: '005827.OF,600519.SH' },
    });
    expect(stock.code).toBe('404');
    expect(stock.message).toContain('不是基金');
  });
});

describe('定投计算器 (fund.profitComputer)', () => {
  it("invests on the fund's real NAVs: each purchase at its day's unit NAV, the value at the last one", async () => {
    const navs = await navsOf('005827.OF');
    const { datas } = await call(session.context, api.fund.profitComputer, {
      query: {
        code: '005827.OF',
        start: 20250101,
        end: 20251231,
        amount: 1000,
        frequency: 'monthly',
        feeRate: 0.0015,
      },
    });
    // Twelve months, each bought on the first NAV day on or after the 1st (1 Jan is a holiday).
    expect(datas.purchases).toHaveLength(12);
    expect(datas.purchases[0]?.day).toBeGreaterThan(20250101);
    const byDay = new Map(navs.map((point) => [point.day, point]));
    for (const purchase of datas.purchases) {
      expect(purchase.nav).toBe(byDay.get(purchase.day)?.unit);
      expect(purchase.fee).toBe(Math.round((1000 - 1000 / 1.0015) * 100) / 100);
    }
    expect(datas.invested).toBe(12_000);
    const last = navs.filter((point) => point.day <= 20251231).at(-1);
    expect(datas.lastDay).toBe(last?.day);
    expect(datas.finalNav).toBe(last?.unit);
    expect(datas.value).toBeCloseTo(datas.shares * (last?.unit ?? 0), 2);
    expect(datas.profit).toBeCloseTo(datas.value - datas.invested, 2);
    expect(datas.series.at(-1)).toEqual([datas.lastDay, datas.invested, datas.value]);
  });

  it('refuses a start after the end, an unknown fund and a range without NAVs', async () => {
    const query = {
      code: '005827.OF',
      start: 20251231,
      end: 20250101,
      amount: 100,
      frequency: 'weekly' as const,
      feeRate: 0,
    };
    expect((await callRefused(session.context, api.fund.profitComputer, { query })).code).toBe('400');
    expect(
      (
        await callRefused(session.context, api.fund.profitComputer, {
          query: { ...query, code: '999999.OF', start: 20250101, end: 20251231 },
        })
      ).code,
    ).toBe('404');
    const future = await callRefused(session.context, api.fund.profitComputer, {
      query: { ...query, start: 20300101, end: 20301231 },
    });
    expect(future.code).toBe('400');
    expect(future.message).toContain('没有可定投的净值日');
    const tooSmall = await callRefused(session.context, api.fund.profitComputer, {
      query: { ...query, start: 20250101, end: 20251231, amount: 1 },
    });
    expect(tooSmall.code).toBe('400');
  });
});
