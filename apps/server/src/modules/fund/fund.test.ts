import { api } from '@zhicai/contract';
import { monthsBefore, periodReturn } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../test/market-session.ts';
import { navPointsOf } from './returns.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

const baseInfo = async (code: string) =>
  (await call(session.context, api.fund.baseInfo, { query: { code } })).datas;
const holdings = async (code: string) =>
  (await call(session.context, api.fund.holdings, { query: { code } })).datas;

describe('fund endpoints on the demo market', () => {
  it('baseInfo of 005827.OF reads its NAV, returns, size and managers', async () => {
    const answer = await call(session.context, api.fund.baseInfo, { query: { code: '005827.OF' } });
    expect(answer.code).toBe('000');
    const { datas } = answer;
    expect(datas).toMatchObject({
      code: '005827.OF',
      name: '易方达蓝筹精选混合',
      type: 'fund_outside',
      company: '易方达',
    });
    const points = navPointsOf(
      await session.context.market.repositories.series.readSeries('005827.OF', 'nav'),
      'nav',
    );
    const last = points.at(-1);
    expect(datas.navDate).toBe(last?.day);
    expect(datas.unitNav).toBe(last?.unit);
    const fund = session.context.market.directory.get('005827.OF');
    expect(datas.size).toBe(Math.round((fund?.floatShares ?? 0) * (last?.unit ?? 0)));
    // The stored history is about five years: three-year figures exist, since-inception is from the first NAV.
    expect(datas.returns.y3).not.toBeNull();
    const first = points[0];
    if (!first || !last) throw new Error('005827.OF has no NAV history');
    expect(datas.returns.sinceInception).toBeCloseTo(periodReturn(first, last), 5);
    expect(datas.managers.length).toBeGreaterThanOrEqual(1);
  });

  it('manager lists the fund it manages, with the tenure return and assets', async () => {
    const base = await baseInfo('005827.OF');
    const managerId = base.managers[0]?.id ?? '';
    const answer = await call(session.context, api.fund.manager, { query: { id: managerId } });
    expect(answer.code).toBe('000');
    const { datas } = answer;
    const fund = datas.funds.find((item) => item.code === '005827.OF');
    expect(fund).toMatchObject({ name: '易方达蓝筹精选混合', size: base.size });
    expect(fund?.tenureReturn).not.toBeNull();
    expect(datas.assets).toBe(datas.funds.reduce((sum, item) => sum + item.size, 0));
    expect(datas.annualReturn).toBeGreaterThan(-1);
    expect((await callRefused(session.context, api.fund.manager, { query: { id: 'nobody' } })).code).toBe(
      '404',
    );
  });

  it('navHistory returns the range with daily changes', async () => {
    const { list } = (
      await call(session.context, api.fund.navHistory, { query: { code: '005827.OF', range: '1M' } })
    ).datas;
    // One month of trading days (fewer around the Spring Festival), from the same day last month on.
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.length).toBeLessThanOrEqual(23);
    const [first, second] = list;
    const last = list.at(-1);
    if (!first || !second || !last) throw new Error('005827.OF has no month of NAVs');
    // The range opens on its base: the NAV on or before the same day last month.
    expect(first[0]).toBeLessThanOrEqual(monthsBefore(last[0], 1));
    expect(second[0]).toBeGreaterThan(monthsBefore(last[0], 1));
    const asNav = (row: typeof first) => ({ day: row[0], unit: row[1], accum: row[2] });
    expect(second[3]).toBeCloseTo(periodReturn(asNav(first), asNav(second)), 5);
  });

  it('holdings and fees come from the holdings table and the fund terms', async () => {
    const held = await holdings('005827.OF');
    expect(held.stocks.length).toBeGreaterThan(0);
    expect(held.stocks[0]?.name).not.toBe(held.stocks[0]?.code);
    const allocation = held.assetAllocation.reduce((sum, item) => sum + item.weight, 0);
    expect(allocation).toBeCloseTo(1, 3);
    const fees = (await call(session.context, api.fund.fees, { query: { code: '005827.OF' } })).datas;
    expect(fees.management).toBe(0.012);
    expect(fees.purchase[0]).toEqual({ range: '100万元以下', rate: 0.015 });
    expect(fees.purchase[2]?.range).toContain('每笔1000元');
    expect(fees.redemption.map((tier) => tier.rate)).toEqual([0.015, 0.005, 0.0025, 0]);
  });

  it('holds what its name says: a 白酒 index fund the liquor makers, a healthcare fund healthcare', async () => {
    const industryOf = (code: string) => session.context.market.directory.get(code)?.industry;
    const baijiu = await holdings('161725.OF');
    const liquor = baijiu.stocks.map((stock) => stock.code);
    expect(liquor).toEqual(expect.arrayContaining(['600519.SH', '000858.SZ']));
    expect(liquor.every((code) => industryOf(code) === '801120.ZSI')).toBe(true);
    const base = await baseInfo('161725.OF');
    expect(base.benchmark).toBe('中证白酒指数收益率×95%+银行活期存款利率(税后)×5%');

    const healthcare = await holdings('003095.OF');
    expect(healthcare.stocks.length).toBeGreaterThan(0);
    for (const stock of healthcare.stocks) expect(industryOf(stock.code), stock.code).toBe('801150.ZSI');
  });

  it('answers an unknown code and a stock code with the not-found failure', async () => {
    expect(
      await callRefused(session.context, api.fund.baseInfo, { query: { code: '999999.OF' } }),
    ).toMatchObject({ code: '404', message: '未找到代码 999999.OF 对应的品种', datas: null });
    const stock = await callRefused(session.context, api.fund.baseInfo, { query: { code: '600519.SH' } });
    expect(stock.code).toBe('404');
    expect(stock.message).toBe('600519.SH（贵州茅台）是A股，不是基金');
  });
});
