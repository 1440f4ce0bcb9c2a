import { api } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../test/market-session.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

const stockBaseInfo = (code: string) => call(session.context, api.stock.stockBaseInfo, { query: { code } });
const pepb = async (query: { code: string; type: 'pe' | 'pb' | 'indexGZPer'; years: '3Y' | '5Y' }) =>
  (await call(session.context, api.stock.pepb, { query })).datas;

describe('stock detail endpoints on the demo market', () => {
  it('stockBaseInfo names the stock, its SW industry, shares and current valuation', async () => {
    const body = await stockBaseInfo('600519.SH');
    expect(body.code).toBe('000');
    const quote = session.context.market.engine.quote('600519.SH');
    expect(body.datas.name).toBe('贵州茅台');
    expect(body.datas.totalShare).toBe(1_256_197_800);
    // Its SW industries come first, level 1 down to level 3.
    expect(body.datas.indexList.slice(0, 3)).toEqual([
      { code: '801120.ZSI', name: '食品饮料', level: 1, capitalOrIndex: 'index_hy' },
      { code: '801125.ZSI', name: '白酒Ⅱ', level: 2, capitalOrIndex: 'index_hy' },
      { code: '851251.ZSI', name: '白酒Ⅲ', level: 3, capitalOrIndex: 'index_hy' },
    ]);
    expect(body.datas.indexList.slice(3).every((index) => index.level === 1)).toBe(true);
    expect(body.datas.pepb.pe).toBe(quote?.pe);
    expect(body.datas.pepb.pb).toBe(quote?.pb);
    expect(body.datas.pepb.ps).toBeGreaterThan(0);
    expect(body.datas.indexGZPer).toBeGreaterThan(0);
    expect(body.datas.indexGZPer).toBeLessThanOrEqual(100);
  });

  it('pepb gives weekly PE with percentiles 0–100 ending at the quote’s PE', async () => {
    const datas = await pepb({ code: '600519.SH', type: 'pe', years: '5Y' });
    const points = datas.datas;
    const quote = session.context.market.engine.quote('600519.SH');
    expect(points.length).toBeGreaterThan(200);
    // Weeks before the first stored report have no PE and so no percentile.
    const valued = points.filter((point) => point.p !== null);
    expect(valued.length).toBeGreaterThan(200);
    for (const point of points) {
      expect(point.p === null).toBe(point.y === null);
      if (point.p === null) continue;
      expect(point.p).toBeGreaterThan(0);
      expect(point.p).toBeLessThanOrEqual(100);
    }
    const last = points.at(-1);
    expect(last?.y).toBe(quote?.pe);
    expect(last?.d).toBe(quote?.price);
    expect(datas.catalog).toEqual(['3Y', '5Y']);
    expect(datas.min).toBeLessThanOrEqual(datas.mid ?? Number.NaN);
    expect(datas.mid).toBeLessThanOrEqual(datas.max ?? Number.NaN);
    expect(datas.msg).toMatch(/^当前市盈率 \d+\.\d{2}，处于近5年 \d+(\.\d)?% 分位$/);
    expect(datas.newest.pe).toBe(quote?.pe);
    // Forward PE: the PE over one more year of the profit's growth (valuation.test.ts has the rule).
    expect(datas.newest.peFor).toBeGreaterThan(0);
    const base = await stockBaseInfo('600519.SH');
    expect(base.datas.indexGZPer).toBe(last?.p);

    const threeYears = await pepb({ code: '600519.SH', type: 'pe', years: '3Y' });
    expect(threeYears.datas.length).toBeLessThan(points.length);
    expect(Number(threeYears.datas[0]?.x)).toBeGreaterThanOrEqual(20230304);
  });

  it('pepb of PB ends at the quote’s PB', async () => {
    const datas = await pepb({ code: '600519.SH', type: 'pb', years: '3Y' });
    expect(datas.datas.at(-1)?.y).toBe(session.context.market.engine.quote('600519.SH')?.pb);
    expect(datas.msg).toContain('当前市净率');
  });

  it('pepb indexGZPer values an index by its members’ weighted PE, as {x,y} rows', async () => {
    const datas = await pepb({ code: '801120.ZSI', type: 'indexGZPer', years: '5Y' });
    expect(datas.datas.length).toBeGreaterThan(200);
    expect(Object.keys(datas.datas.at(-1) ?? {}).sort()).toEqual(['x', 'y']);
    expect(datas.datas.at(-1)?.y).toBeGreaterThan(0);
    const wrongKind = await callRefused(session.context, api.stock.pepb, {
      query: { code: '600519.SH', type: 'indexGZPer' },
    });
    expect(wrongKind.code).toBe('404');
    expect(wrongKind.message).toContain('A股');
  });

  it('industryCompareDetail ranks the SW industry by market value', async () => {
    const { datas } = await call(session.context, api.stock.industryCompareDetail, {
      query: { code: '600519.SH' },
    });
    expect(datas.industry).toEqual({ code: '801120.ZSI', name: '食品饮料' });
    expect(datas.total).toBe(datas.list.length);
    expect(datas.list.map((row) => row.rank)).toEqual(
      Array.from({ length: datas.total }, (_, index) => index + 1),
    );
    const caps = datas.list.map((row) => row.marketCap);
    expect(caps).toEqual([...caps].sort((a, b) => (b ?? 0) - (a ?? 0)));
    const moutai = datas.list.find((row) => row.code === '600519.SH');
    expect(moutai?.pe).toBe(session.context.market.engine.quote('600519.SH')?.pe);
    const report = (
      await session.context.market.repositories.companyReports.listFundamentals('600519.SH')
    ).at(-1);
    expect(moutai?.roe).toBeCloseTo((report?.net_profit_ttm ?? 0) / (report?.equity ?? 1), 4);
    expect(moutai?.grossMargin).toBe(report?.gross_margin);
    expect(datas.catalog.map((column) => column.key)).toContain('revenueYoy');
  });

  it('holderNumDetails lists holder counts newest first with their change and the close', async () => {
    const { datas } = await call(session.context, api.stock.holderNumDetails, {
      query: { code: '600519.SH' },
    });
    const reports = await session.context.market.repositories.companyReports.listFundamentals('600519.SH');
    expect(datas).toHaveLength(reports.length);
    const [newest, previous] = datas;
    if (!newest || !previous) throw new Error('600519.SH has fewer than two holder counts');
    expect(newest.date).toBe(reports.at(-1)?.period);
    expect(newest.holderNum).toBe(reports.at(-1)?.holder_count);
    expect(newest.chgPct).toBeCloseTo(newest.holderNum / previous.holderNum - 1, 4);
    expect(newest.avgShares).toBe(Math.round(1_256_197_800 / newest.holderNum));
    expect(newest.price).toBeGreaterThan(0);
  });

  it('stockIntro and eventReminder read the company profile and events', async () => {
    const intro = (await call(session.context, api.stock.stockIntro, { query: { code: '600519.SH' } })).datas;
    expect(intro.basic.name).toBe('贵州茅台');
    expect(intro.basic.fullName).toContain('贵州茅台');
    expect(intro.industry.industrys).toEqual([
      { code: '801120.ZSI', name: '食品饮料', level: 1 },
      { code: '801125.ZSI', name: '白酒Ⅱ', level: 2 },
      { code: '851251.ZSI', name: '白酒Ⅲ', level: 3 },
    ]);
    const events = (
      await call(session.context, api.stock.eventReminder, {
        query: { code: '600519.SH', size: 5, page: 'stockinfo' },
      })
    ).datas;
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]?.effectdateMap.beginDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(events[0]?.tagDescMap[0]?.tag).toMatch(/./);
  });

  it('handicap gives a coherent 五档 book and the header figures of the quote', async () => {
    const quote = session.context.market.engine.quote('600519.SH');
    const datas = (await call(session.context, api.stock.handicap, { query: { code: '600519.SH' } })).datas;
    expect(datas.time).toBe(quote?.time);
    expect(datas.price).toBe(quote?.price);
    expect(datas.currency).toBe('CNY');
    expect(datas.lotSize).toBe(100);
    const price = quote?.price ?? 0;
    if (price < (quote?.limitUp ?? Infinity)) expect(datas.asks[0]?.price).toBe(price);
    if (price > (quote?.limitDown ?? 0)) expect(datas.bids[0]?.price).toBeLessThan(price);
    expect(datas.outerVolume + datas.innerVolume).toBe(quote?.volume);
    expect(datas.orderImbalance).toBeGreaterThanOrEqual(-1);
    expect(datas.orderImbalance).toBeLessThanOrEqual(1);
    // 52 weeks hold today's range; 量比 compares with the 5 days before, so it sits near 1.
    expect(datas.high52w).toBeGreaterThanOrEqual(quote?.high ?? 0);
    expect(datas.low52w).toBeLessThanOrEqual(quote?.low ?? Infinity);
    expect(datas.volumeRatio).toBeGreaterThan(0.1);
    expect(datas.volumeRatio).toBeLessThan(10);
    expect(datas.eps).toBeGreaterThan(0);
    expect(datas.dividendYield).toBeGreaterThanOrEqual(0);
    expect(datas.dividendYield).toBeLessThan(0.1);
    expect(datas.delayed).toBe(false);
  });

  it('handicap quotes a Hong Kong share in HKD with its board lot', async () => {
    const datas = (await call(session.context, api.stock.handicap, { query: { code: '00700.HK' } })).datas;
    expect(datas.currency).toBe('HKD');
    expect(datas.lotSize).toBe(100);
    expect(datas.bids.length + datas.asks.length).toBeGreaterThan(0);
  });

  it('answers an unknown code and a fund code with the not-found failure', async () => {
    expect(
      await callRefused(session.context, api.stock.stockBaseInfo, { query: { code: '999999.SH' } }),
    ).toMatchObject({ code: '404', message: '未找到代码 999999.SH 对应的品种', datas: null });
    const fund = await callRefused(session.context, api.stock.stockIntro, { query: { code: '005827.OF' } });
    expect(fund.code).toBe('404');
    expect(fund.message).toContain('场外基金');
  });
});
