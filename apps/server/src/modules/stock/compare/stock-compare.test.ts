import { api } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../../test/market-session.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

const compare = async (codes: string) =>
  (await call(session.context, api.stock.stockCompare, { query: { codes } })).datas.list;

describe('个股对比 (stock.stockCompare)', () => {
  it("shows each stock's figures exactly as its own detail page does", async () => {
    const list = await compare('600519.SH,000858.SZ');
    expect(list.map((row) => row.code)).toEqual(['600519.SH', '000858.SZ']);
    // Both are 白酒: the stock page's 行业对比 lists them side by side.
    const peers = (
      await call(session.context, api.stock.industryCompareDetail, { query: { code: '600519.SH' } })
    ).datas.list;
    for (const row of list) {
      const base = (await call(session.context, api.stock.stockBaseInfo, { query: { code: row.code } }))
        .datas;
      const handicap = (await call(session.context, api.stock.handicap, { query: { code: row.code } })).datas;
      const quote = session.context.market.engine.quote(row.code);
      const peer = peers.find((item) => item.code === row.code);
      expect(row.name).toBe(base.name);
      expect(row.pe).toBe(base.pepb.pe);
      expect(row.pb).toBe(base.pepb.pb);
      expect(row.price).toBe(quote?.price);
      expect(row.chgPct).toBe(quote?.chgPct);
      expect(row.marketCap).toBe(peer?.marketCap);
      expect(row.roe).toBe(peer?.roe);
      expect(row.revenueYoy).toBe(peer?.revenueYoy);
      expect(row.grossMargin).toBe(peer?.grossMargin);
      expect(row.dividendYield).toBe(handicap.dividendYield);
      expect(row.pe).not.toBeNull();
      expect(row.roe).not.toBeNull();

      // 资产负债率 as the report preview's key indicators give it for the newest reported balance sheet.
      const { periods } = (
        await call(session.context, api.report.finreportQuick, { query: { code: row.code } })
      ).datas;
      const newest = (
        await call(session.context, api.report.finreportQuick, {
          query: { code: row.code, reportPeriod: periods[0] ?? '' },
        })
      ).datas;
      const debt = newest.balance?.keys.find((key) => key.name === '资产负债率');
      expect(row.debtRatio).toBe(debt?.value);
      expect(row.debtRatio).toBeGreaterThan(0);
    }
  });

  it('takes 2 to 5 distinct codes and refuses one or six', async () => {
    expect(await compare('600519.SH,000858.SZ,000001.SZ,600036.SH,601318.SH')).toHaveLength(5);
    for (const codes of [
      '600519.SH',
      '600519.SH,600519.SH',
      '600519.SH,000858.SZ,000001.SZ,600036.SH,601318.SH,600000.SH',
    ]) {
      const refusal = await callRefused(session.context, api.stock.stockCompare, { query: { codes } });
      expect(refusal.code, codes).toBe('400');
    }
  });

  it('refuses an unknown code or a fund with the catalogue not-found failure', async () => {
    const unknown = await callRefused(session.context, api.stock.stockCompare, {
      query: { codes: '600519.SH,688999.SH' },
    });
    expect(unknown.code).toBe('404');
    expect(unknown.message).toContain('688999.SH');
    const fund = await callRefused(session.context, api.stock.dupontCompare, {
      query: { codes: '600519.SH,005827.OF' },
    });
    expect(fund.code).toBe('404');
    expect(fund.message).toContain('不是A股');
  });
});

describe('杜邦分析对比 (stock.dupontCompare)', () => {
  it('multiplies 净利率 × 总资产周转率 × 权益乘数 into the report preview ROE of each period', async () => {
    const { list } = (
      await call(session.context, api.stock.dupontCompare, {
        query: { codes: '600519.SH,600036.SH', periods: 4 },
      })
    ).datas;
    expect(list.map((row) => row.code)).toEqual(['600519.SH', '600036.SH']);
    // 招商银行 reports in the financial layout; the identity holds there too.
    expect(list[1]?.isFinance).toBe(true);
    for (const stock of list) {
      expect(stock.periods).toHaveLength(4);
      expect(stock.periods.map((row) => row.period)).toEqual(
        [...stock.periods.map((row) => row.period)].sort((a, b) => b - a),
      );
      for (const row of stock.periods) {
        const { netMargin, assetTurnover, equityMultiplier, roe } = row;
        if (netMargin === null || assetTurnover === null || equityMultiplier === null || roe === null)
          throw new Error(`${stock.code} ${row.period} lacks a DuPont factor`);
        // Each factor is rounded to 1e-6: the product agrees with ROE to well under a basis point.
        expect(Math.abs(netMargin * assetTurnover * equityMultiplier - roe)).toBeLessThan(1e-5);
        const report = (
          await call(session.context, api.report.finreportQuick, {
            query: { code: stock.code, reportPeriod: String(row.period) },
          })
        ).datas;
        expect(roe).toBe(report.balance?.keys.find((key) => key.name === '净资产收益率')?.value);
      }
    }
  });
});
