import { describe, expect, it } from 'vitest';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../test/market-session.ts';
import { monthsBefore, navPointsOf, periodReturn } from './returns.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

async function get(url: string) {
  const response = await session.context.app.inject({ method: 'GET', url });
  return response.json();
}

describe('fund endpoints on the demo market', () => {
  it('baseInfo of 005827.OF reads its NAV, returns, size and managers', async () => {
    const body = await get('/api/v2/fund/baseInfo?code=005827.OF');
    expect(body.code).toBe('000');
    const datas = body.datas;
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
    const base = (await get('/api/v2/fund/baseInfo?code=005827.OF')).datas;
    const managerId = base.managers[0].id;
    const body = await get(`/api/v2/fund/manager?id=${managerId}`);
    expect(body.code).toBe('000');
    const fund = body.datas.funds.find((item: { code: string }) => item.code === '005827.OF');
    expect(fund).toMatchObject({ name: '易方达蓝筹精选混合', size: base.size });
    expect(fund.tenureReturn).not.toBeNull();
    expect(body.datas.assets).toBe(
      body.datas.funds.reduce((sum: number, item: { size: number }) => sum + item.size, 0),
    );
    expect(body.datas.annualReturn).toBeGreaterThan(-1);
    expect((await get('/api/v2/fund/manager?id=nobody')).code).toBe('404');
  });

  it('navHistory returns the range with daily changes', async () => {
    const list = (await get('/api/v2/fund/navHistory?code=005827.OF&range=1M')).datas.list;
    // One month of trading days (fewer around the Spring Festival), from the same day last month on.
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list.length).toBeLessThanOrEqual(23);
    const lastDay = list.at(-1)[0];
    expect(list[0][0]).toBeGreaterThanOrEqual(monthsBefore(lastDay, 1));
    const [, second] = list;
    const [first] = list;
    expect(second[3]).toBeCloseTo(second[1] / first[1] - 1, 5);
  });

  it('holdings and fees come from the holdings table and the fund terms', async () => {
    const holdings = (await get('/api/v2/fund/holdings?code=005827.OF')).datas;
    expect(holdings.stocks.length).toBeGreaterThan(0);
    expect(holdings.stocks[0].name).not.toBe(holdings.stocks[0].code);
    const allocation = holdings.assetAllocation.reduce(
      (sum: number, item: { weight: number }) => sum + item.weight,
      0,
    );
    expect(allocation).toBeCloseTo(1, 3);
    const fees = (await get('/api/v2/fund/fees?code=005827.OF')).datas;
    expect(fees.management).toBe(0.012);
    expect(fees.purchase[0]).toEqual({ range: '100万元以下', rate: 0.015 });
    expect(fees.purchase[2].range).toContain('每笔1000元');
    expect(fees.redemption.map((tier: { rate: number }) => tier.rate)).toEqual([0.015, 0.005, 0.0025, 0]);
  });

  it('holds what its name says: a 白酒 index fund the liquor makers, a healthcare fund healthcare', async () => {
    const industryOf = (code: string) => session.context.market.directory.get(code)?.industry;
    const baijiu = (await get('/api/v2/fund/holdings?code=161725.OF')).datas;
    const liquor: string[] = baijiu.stocks.map((stock: { code: string }) => stock.code);
    expect(liquor).toEqual(expect.arrayContaining(['600519.SH', '000858.SZ']));
    expect(liquor.every((code) => industryOf(code) === '801120.ZSI')).toBe(true);
    const base = (await get('/api/v2/fund/baseInfo?code=161725.OF')).datas;
    expect(base.benchmark).toBe('中证白酒指数收益率×95%+银行活期存款利率(税后)×5%');

    const healthcare = (await get('/api/v2/fund/holdings?code=003095.OF')).datas;
    expect(healthcare.stocks.length).toBeGreaterThan(0);
    for (const stock of healthcare.stocks as { code: string }[])
      expect(industryOf(stock.code), stock.code).toBe('801150.ZSI');
  });

  it('answers an unknown code and a stock code with the not-found failure', async () => {
    expect(await get('/api/v2/fund/baseInfo?code=999999.OF')).toEqual({
      code: '404',
      message: '未找到代码 999999.OF 对应的品种',
      datas: null,
    });
    const stock = await get('/api/v2/fund/baseInfo?code=600519.SH');
    expect(stock.code).toBe('404');
    expect(stock.message).toBe('600519.SH（贵州茅台）是A股，不是基金');
  });
});
