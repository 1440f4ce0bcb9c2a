import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@zhicai/contract';
import { tradingDaysBetween } from '@zhicai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { importFolder } from './providers/import/import-loader.ts';
import { sampleDir } from './providers/import/test-support.ts';
import { createMarketRepositories } from './repositories/market-repositories.ts';

// Saturday 2026-11-14, noon in Shanghai: the imported history ends with Friday's session.
const now = new Date('2026-11-14T04:00:00Z');
// 宁德时代 of the sample, re-imported as a share that closed below 1 yuan for the 20 trading days
// through Friday 13 November: the face-value rule (面值退市) delists it on that 20th day.
const collapse = tradingDaysBetween('cn', 20261001, 20261113).slice(-20);
const delistedOn = collapse.at(-1);
const folder = mkdtempSync(path.join(tmpdir(), 'zhicai-delisting-'));
let context: TestContext;

beforeAll(async () => {
  const bars = collapse.map((day) => `300750.SZ,${day},0.95,0.95,0.96,0.93,0.94,1000000,940000`);
  writeFileSync(
    path.join(folder, 'bars.csv'),
    `code,date,prev_close,open,high,low,close,volume,amount\n${bars.join('\n')}\n`,
  );
  context = await createTestApp({
    apiLock: false,
    clock: () => now,
    marketSource: 'import',
    market: true,
    beforeMarket: async (database) => {
      const repositories = createMarketRepositories(database.db);
      await importFolder(repositories, sampleDir);
      await importFolder(repositories, folder);
    },
  });
}, 60_000);
afterAll(async () => {
  await context?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a share delisted by the face-value rule (面值退市)', () => {
  it('is marked in the master on the day it met the rule, its history kept', async () => {
    expect(context.market.directory.get('300750.SZ')?.delistedDay).toBe(delistedOn);
    expect(context.market.directory.get('600519.SH')?.delistedDay).toBeNull();
    const { datas } = await call(context, api.market.dayKV2, { params: { code: '300750SZ' } });
    expect(datas.list.map((row) => row[0])).toEqual(collapse);
  });

  it('quotes as 已退市 at its last close', async () => {
    const [quote] = (await call(context, api.market.realTime, { query: { codes: '300750.SZ' } })).datas;
    expect(quote).toMatchObject({
      code: '300750.SZ',
      status: 'delisted',
      tradingDay: delistedOn,
      price: 0.94,
    });
  });

  it('is still found by search, marked delisted', async () => {
    const hits = (await call(context, api.market.search, { query: { keyword: '宁德' } })).datas;
    expect(hits).toEqual([expect.objectContaining({ code: '300750.SZ', delisted: true })]);
    const moutai = (await call(context, api.market.search, { query: { keyword: 'gzmt' } })).datas;
    expect(moutai).toEqual([expect.objectContaining({ code: '600519.SH', delisted: false })]);
  });

  it('leaves the ranks and the breadth', async () => {
    for (const id of ['stock-rise', 'stock-amount', 'stock-marketcap']) {
      const { datas } = await call(context, api.market.getRank, { query: { id, page: 1, size: 20 } });
      expect(datas.list.map((row) => row.code)).not.toContain('300750.SZ');
      expect(datas.list.length).toBeGreaterThan(0);
    }
    const { datas } = await call(context, api.market.marketSummary, { query: {} });
    const { r, f, p } = datas.rise_fall_stat;
    // The sample's other A-shares: 贵州茅台 and 五粮液.
    expect(r + f + p).toBe(2);
  });

  it('leaves its indices: no index lists it as a constituent', async () => {
    for (const code of ['000300.SH', '801730.ZSI']) {
      const { datas } = await call(context, api.index.constituents, { query: { code } });
      expect(datas.list.map((row) => row.code)).not.toContain('300750.SZ');
    }
    expect(context.market.directory.indicesOf('300750.SZ')).toEqual([]);
  });
});

describe('imported index weights when a member is delisted', () => {
  it("are rescaled over the members that stay, as the delisted member's weight is shared out", async () => {
    // The sample's 000300.SH lists 茅台 4.52%, 宁德时代 3.18% and 五粮液 1.21% of the whole index:
    // with 宁德时代 gone the other members carry its 3.18% in proportion, so a complete list would
    // still sum to 100%.
    const { datas } = await call(context, api.index.constituents, { query: { code: '000300.SH' } });
    const weights = Object.fromEntries(datas.list.map((row) => [row.code, row.weight]));
    expect(weights['600519.SH']).toBeCloseTo(0.0452 / (1 - 0.0318), 6);
    expect(weights['000858.SZ']).toBeCloseTo(0.0121 / (1 - 0.0318), 6);
    const industry = context.market.directory.membersOf('801120.ZSI');
    expect(industry.map((member) => member.weight)).toEqual([0.62, 0.38]);
    expect(context.market.directory.indicesOf('600519.SH')).toContainEqual({
      code: '000300.SH',
      weight: Number((0.0452 / (1 - 0.0318)).toFixed(6)),
    });
  });
});
