import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const now = new Date('2026-03-04T08:00:00Z');
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ market: true, apiLock: false, clock: () => now });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

async function get(url: string) {
  const response = await context.app.inject({ method: 'GET', url });
  return response.json();
}

type SwItem = { code: string; capitalOrIndex: string; name: string; weight: number };

describe('index endpoints on the demo market', () => {
  it('swMap of an index sums member weights by SW level-1 industry; levels 2 and 3 are empty', async () => {
    const body = await get('/api/v4/index/swMap/all/000300SH');
    expect(body.code).toBe('000');
    const datas = body.datas as {
      sw1Count: number;
      sw2Count: number;
      sw3Count: number;
      sw1: SwItem[];
      sw2: SwItem[];
    };
    expect(datas.sw1Count).toBe(datas.sw1.length);
    expect(datas).toMatchObject({ sw2Count: 0, sw3Count: 0, sw2: [], sw3: [] });
    const total = datas.sw1.reduce((sum, item) => sum + item.weight, 0);
    expect(total).toBeGreaterThan(99);
    expect(total).toBeLessThan(101);
    const food = datas.sw1.find((item) => item.code === '801120.ZSI');
    expect(food).toMatchObject({ name: '食品饮料', capitalOrIndex: 'index_hy' });
    const expected = context.market.directory
      .membersOf('000300.SH')
      .filter((member) => context.market.directory.get(member.code)?.industry === '801120.ZSI')
      .reduce((sum, member) => sum + member.weight, 0);
    expect(food?.weight).toBeCloseTo(expected * 100, 1);
  });

  it('swMap of an ETF uses its holdings', async () => {
    const datas = (await get('/api/v4/index/swMap/all/510300SH')).datas as { sw1: SwItem[] };
    const total = datas.sw1.reduce((sum, item) => sum + item.weight, 0);
    expect(total).toBeGreaterThan(94);
    expect(total).toBeLessThanOrEqual(100.01);
  });

  it('constituents pages the members with their weight and quote', async () => {
    const first = (await get('/api/v2/index/constituents?code=000300.SH&page=1&size=10')).datas;
    const members = context.market.directory.membersOf('000300.SH');
    expect(first.total).toBe(members.length);
    expect(first.list).toHaveLength(10);
    expect(first.list[0].code).toBe(members[0]?.code);
    expect(first.list[0].weight).toBe(members[0]?.weight);
    const quote = context.market.engine.quote(first.list[0].code);
    expect(first.list[0].price).toBe(quote?.price);
    expect(first.list[0].chgPct).toBe(quote?.chgPct);
    const second = (await get('/api/v2/index/constituents?code=000300.SH&page=2&size=10')).datas;
    expect(second.list[0].code).toBe(members[10]?.code);
    const byChange = (await get('/api/v2/index/constituents?code=000300.SH&sort=chgPct&order=asc&size=100'))
      .datas;
    const changes = byChange.list
      .map((row: { chgPct: number | null }) => row.chgPct)
      .filter((value: number | null) => value !== null);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
  });

  it('answers an unknown code and a stock code with the not-found failure', async () => {
    expect(await get('/api/v2/index/constituents?code=999999.CSI')).toEqual({
      code: '404',
      message: '未找到代码 999999.CSI 对应的品种',
      datas: null,
    });
    const stock = await get('/api/v4/index/swMap/all/600519SH');
    expect(stock.code).toBe('404');
    expect(stock.message).toContain('A股');
  });
});
