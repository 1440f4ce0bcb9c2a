import { api } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../test/market-session.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

describe('ETF endpoints on the demo market', () => {
  it('holdAll of 510300SH lists every member of 沪深300 in the index weights', async () => {
    const answer = await call(session.context, api.etf.holdAll, { params: { code: '510300SH' } });
    expect(answer.code).toBe('000');
    const { list } = answer.datas;
    const total = list.reduce((sum, item) => sum + item.holdScale, 0);
    expect(total).toBeGreaterThanOrEqual(95 - 0.01);
    expect(total).toBeLessThanOrEqual(100);
    expect(list.map((item) => item.holdScale)).toEqual(
      [...list.map((item) => item.holdScale)].sort((a, b) => b - a),
    );
    const members = session.context.market.directory.membersOf('000300.SH');
    expect(new Set(list.map((item) => item.code))).toEqual(new Set(members.map((member) => member.code)));
    // Each holding is its index weight times the ETF's stock share, so the largest are the index's largest.
    expect(list.slice(0, 5).map((item) => item.code)).toEqual(
      members.slice(0, 5).map((member) => member.code),
    );
  });

  it('linkFund finds ETFs holding the same stocks, most similar first', async () => {
    const { datas } = await call(session.context, api.etf.linkFund, { params: { code: '510300SH' } });
    expect(datas.etfs.length).toBeGreaterThan(0);
    expect(datas.etfs.some((etf) => etf.code === '510300.SH')).toBe(false);
    for (const etf of datas.etfs) {
      expect(etf.similar).toBeGreaterThan(0);
      expect(etf.similar).toBeLessThanOrEqual(1);
    }
    const similar = datas.etfs.map((etf) => etf.similar);
    expect(similar).toEqual([...similar].sort((a, b) => b - a));
    for (const fund of datas.linkFunds) expect(fund.name).toContain('沪深300');
  });

  it('valuation gives the tracked index, the previous NAV, the IOPV and the premium over it', async () => {
    const { datas } = await call(session.context, api.etf.valuation, { params: { code: '510300SH' } });
    expect(datas.index).toEqual({ code: '000300.SH', name: '沪深300' });
    expect(datas.follows).toBe('000300.SH');
    const { engine } = session.context.market;
    const etf = engine.quote('510300.SH');
    const index = engine.quote('000300.SH');
    // 510300 is 沪深300 ÷ 1000 within its tracking error, and trades within a few tenths of its NAV.
    expect(datas.previousNav).toBeCloseTo((index?.prevClose ?? 0) / 1000, 2);
    expect(datas.iopv).toBeCloseTo(
      ((datas.previousNav ?? 0) * (index?.price ?? 0)) / (index?.prevClose ?? 1),
      4,
    );
    expect(datas.premiumRate).toBeCloseTo((etf?.price ?? 0) / (datas.iopv ?? 1) - 1, 5);
    expect(Math.abs(datas.premiumRate ?? 1)).toBeLessThan(0.01);
    expect(datas.navDay).toBeLessThan(etf?.tradingDay ?? 0);
  });

  it('links an ETF to the off-exchange funds of its index and lists ETFs of the same index or theme', async () => {
    const { directory } = session.context.market;
    const indexOf = (code: string) => {
      const profile = directory.get(code)?.profile;
      return profile?.kind === 'fund' ? (profile.trackedIndex ?? null) : null;
    };
    // 酒ETF and 招商中证白酒指数(LOF) both follow 中证白酒: the LOF is the ETF's 联接 fund.
    const liquor = (await call(session.context, api.etf.linkFund, { params: { code: '512690SH' } })).datas;
    expect(indexOf('512690.SH')).toBe('399997.SZ');
    expect(liquor.linkFunds.map((fund) => fund.code)).toContain('161725.OF');
    const lof = (await call(session.context, api.fund.baseInfo, { query: { code: '161725.OF' } })).datas;
    expect(lof.trackingEtf).toBe('512690.SH');
    // Every fund and ETF listed is related by data, not by a name that happens to match.
    for (const code of ['510300.SH', '512690.SH', '512880.SH', '512170.SH', '588000.SH']) {
      const { datas } = await call(session.context, api.etf.linkFund, {
        params: { code: code.replace('.', '') },
      });
      const index = indexOf(code);
      for (const fund of datas.linkFunds) expect(indexOf(fund.code), `${code} → ${fund.code}`).toBe(index);
      for (const etf of datas.etfs) {
        expect(directory.get(etf.code)?.board, etf.code).not.toBe('lof');
        expect(indexOf(etf.code) === index || etf.similar >= 0.3, `${code} ~ ${etf.code}`).toBe(true);
      }
    }
  });

  it('518880 黄金ETF holds gold: no stock holdings, no index, a gold benchmark and a path of its own', async () => {
    // Its holdings name the gold it holds with all of its net assets, not 暂无持仓数据.
    const holdings = await call(session.context, api.etf.holdAll, { params: { code: '518880SH' } });
    expect(holdings.datas.list).toEqual([
      { code: 'Au99.99', name: '黄金现货合约 Au99.99', holdScale: 100, kind: 'commodity' },
    ]);
    expect(await session.context.market.repositories.memberships.listHoldings('518880.SH')).toEqual([]);
    // Its IOPV follows its gold path (its own price, in units of 0.01 g): the NAV of the day
    // before within its tracking error of that day's close, moved as gold has moved since.
    const valuation = await call(session.context, api.etf.valuation, { params: { code: '518880SH' } });
    expect(valuation.datas.index).toBeNull();
    expect(valuation.datas.follows).toBe('518880.SH');
    const goldQuote = session.context.market.engine.quote('518880.SH');
    const { previousNav, iopv, premiumRate } = valuation.datas;
    expect(Math.abs((previousNav ?? 0) / (goldQuote?.prevClose ?? 1) - 1)).toBeLessThanOrEqual(0.001);
    expect(iopv).toBeCloseTo(((previousNav ?? 0) * (goldQuote?.price ?? 0)) / (goldQuote?.prevClose ?? 1), 4);
    expect(premiumRate).toBeCloseTo((goldQuote?.price ?? 0) / (iopv ?? 1) - 1, 5);
    expect(Math.abs(premiumRate ?? 1)).toBeLessThan(0.002);
    const base = (await call(session.context, api.fund.baseInfo, { query: { code: '518880.SH' } })).datas;
    expect(base).toMatchObject({ category: '商品型', benchmark: '上海黄金交易所Au99.99现货实盘合约收盘价' });
    expect(base.trackingEtf).toBeNull();
    // A hundredth of a gram of gold, about 9 yuan, moving on its own: its daily returns over the
    // stored history hardly follow 沪深300's (a free walk shares the market factor; gold has none).
    const returns = async (code: string) => {
      const { list } = (await call(session.context, api.market.dayKV2, { params: { code } })).datas;
      return new Map(
        list.flatMap(([day, prevClose, , , , close]) =>
          prevClose && close ? [[day, close / prevClose - 1] as const] : [],
        ),
      );
    };
    const gold = await returns('518880SH');
    const csi300 = await returns('000300SH');
    const days = [...gold.keys()].filter((day) => csi300.has(day));
    expect(days.length).toBeGreaterThan(500);
    const xs = days.map((day) => gold.get(day) ?? 0);
    const ys = days.map((day) => csi300.get(day) ?? 0);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const [mx, my] = [mean(xs), mean(ys)];
    const cov = mean(xs.map((x, i) => (x - mx) * ((ys[i] ?? 0) - my)));
    const sd = (values: number[], m: number) => Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
    expect(Math.abs(cov / (sd(xs, mx) * sd(ys, my)))).toBeLessThan(0.15);
    const price = session.context.market.engine.quote('518880.SH')?.price ?? 0;
    expect(price).toBeGreaterThan(7);
    expect(price).toBeLessThan(12);
  });

  it('answers an unknown code and a stock code with the not-found failure', async () => {
    const unknown = await callRefused(session.context, api.etf.holdAll, { params: { code: '599999SH' } });
    expect(unknown).toMatchObject({ code: '404', message: '未找到代码 599999.SH 对应的品种', datas: null });
    const stock = await callRefused(session.context, api.etf.linkFund, { params: { code: '600519SH' } });
    expect(stock.code).toBe('404');
    expect(stock.message).toContain('不是ETF');
  });
});
