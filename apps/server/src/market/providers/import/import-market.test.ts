import { api } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../test/call.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createMarketRepositories } from '../../repositories/market-repositories.ts';
import { importFolder } from './import-loader.ts';
import { sampleDir } from './test-support.ts';

// Saturday 2026-11-14, noon in Shanghai: the imported history ends with Friday's session.
let now = new Date('2026-11-14T04:00:00Z');
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({
    apiLock: false,
    clock: () => now,
    marketSource: 'import',
    market: true,
    beforeMarket: async (database) => {
      await importFolder(createMarketRepositories(database.db), sampleDir);
    },
  });
}, 60_000);
afterAll(async () => {
  await context?.close();
});

const realTime = async (codes: string) =>
  (await call(context, api.market.realTime, { query: { codes } })).datas;
const dayK = async (code: string) => (await call(context, api.market.dayKV2, { params: { code } })).datas;

describe('MARKET_SOURCE=import serves the imported sample', () => {
  it('opens as an imported market through the last imported day', () => {
    expect(context.market.provider.source).toBe('import');
    expect(context.market.prepared).toEqual({ action: 'imported', instruments: 10, through: 20261113 });
  });

  it('realTime quotes the last imported close with changes against its prevClose', async () => {
    const quotes = await realTime('600519.SH,00700.HK,000858.SZ,110022.OF');
    expect(quotes.map((item) => item.code)).toEqual(['600519.SH', '00700.HK', '000858.SZ', '110022.OF']);
    const [moutai, tencent, wuliangye, fund] = quotes;
    expect(moutai).toMatchObject({
      name: '贵州茅台',
      type: 'capital',
      tradingDay: 20261113,
      status: 'closed',
      price: 1541.18,
      prevClose: 1518.61,
      volume: 2981100,
    });
    expect(moutai?.chgPct).toBeCloseTo((1541.18 - 1518.61) / 1518.61, 5);
    // Main board ±10 % around the previous close; market cap from the imported total shares.
    expect(moutai?.limitUp).toBeCloseTo(1518.61 * 1.1, 1);
    expect(moutai?.marketCap).toBe(Math.round(1541.18 * 1256197800));
    expect(tencent).toMatchObject({ type: 'hk', tradingDay: 20261113, status: 'closed' });
    expect(wuliangye?.status).toBe('closed');
    // A NAV fund quotes its latest unit NAV against the one before.
    expect(fund?.price).toBe(3.6855);
    expect(fund?.prevClose).toBe(3.7246);
  });

  it('dayKV2 serves the imported bars, factors and float-share changes', async () => {
    const datas = await dayK('600519SH');
    expect(datas.list).toHaveLength(10);
    expect(datas.list[0]).toEqual([20261102, 1478, 1485.28, 1516.76, 1475.7, 1508.29, 2258400, 3379712538]);
    expect(datas.list.at(-1)?.[0]).toBe(20261113);
    expect(datas.factors).toEqual([
      [20261102, 1],
      [20261110, 1.016473],
    ]);
    expect(datas.floatShares).toEqual([[20261102, 1256197800]]);
    const suspended = (await dayK('000858SZ')).list[3];
    expect(suspended).toEqual([20261105, 123.18, null, null, null, null, 0, 0]);
  });

  it('search finds imported instruments by code, name, pinyin initials and full pinyin', async () => {
    const codes = async (keyword: string) =>
      (await call(context, api.market.search, { query: { keyword } })).datas.map((hit) => hit.code);
    expect(await codes('600519')).toEqual(['600519.SH']);
    expect(await codes('gzmt')).toEqual(['600519.SH']);
    expect(await codes('ningde')).toEqual(['300750.SZ']);
    expect(await codes('沪深300')).toEqual(['000300.SH', '510300.SH']);
    expect(await codes('腾讯')).toEqual(['00700.HK']);
  });

  it('memberships, holdings and profiles reach the detail endpoints', async () => {
    const industry = (await call(context, api.market.sameIndustry, { query: { code: '600519.SH' } })).datas;
    expect(industry.industry?.code).toBe('801120.ZSI');
    expect(industry.list.map((item) => item.code).sort()).toEqual(['000858.SZ', '600519.SH']);
    const fund = (await call(context, api.fund.baseInfo, { query: { code: '110022.OF' } })).datas;
    expect(fund.company).toBe('易方达');
    expect(fund.unitNav).toBe(3.6855);
    const navs = (await call(context, api.fund.navHistory, { query: { code: '110022.OF', range: '1M' } }))
      .datas;
    expect(navs.list).toHaveLength(10);
  });
});

describe('an imported market has no live feed', () => {
  it('does not ask the provider to roll forward on every beat once sessions pass the imported history', async () => {
    const saturday = now;
    const prepare = vi.spyOn(context.market.provider, 'prepare');
    try {
      // Tuesday noon: Monday's session has finished, but the import ends with Friday's.
      now = new Date('2026-11-17T04:00:00Z');
      await context.market.engine.beat();
      await context.market.engine.beat();
      expect(prepare).not.toHaveBeenCalled();
      const [moutai] = await realTime('600519.SH');
      expect(moutai?.tradingDay).toBe(20261113);
    } finally {
      prepare.mockRestore();
      now = saturday;
    }
  });
});
