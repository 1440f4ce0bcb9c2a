import { api, type swMapItem } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../test/market-session.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

type SwItem = z.infer<typeof swMapItem>;

describe('index endpoints on the demo market', () => {
  it('swMap of an index sums member weights by SW industry at each of levels 1–3', async () => {
    const answer = await call(session.context, api.index.swMap, { params: { code: '000300SH' } });
    expect(answer.code).toBe('000');
    const { datas } = answer;
    const { directory } = session.context.market;
    const members = directory.membersOf('000300.SH');
    const total = (items: SwItem[]) => items.reduce((sum, item) => sum + item.weight, 0);
    for (const [level, items, count] of [
      [1, datas.sw1, datas.sw1Count],
      [2, datas.sw2, datas.sw2Count],
      [3, datas.sw3, datas.sw3Count],
    ] as const) {
      expect(count, `level ${level}`).toBe(items.length);
      expect(items.length, `level ${level}`).toBeGreaterThan(level === 1 ? 5 : 10);
      // Every A-share member has a place at all three levels, so each level sums to the whole index.
      expect(total(items), `level ${level}`).toBeGreaterThan(99);
      expect(total(items), `level ${level}`).toBeLessThan(101);
      for (const item of items) {
        expect(item.capitalOrIndex).toBe('index_hy');
        expect(directory.swIndustry(item.code)?.level, item.code).toBe(level);
        const expected = members
          .filter((member) => directory.get(member.code)?.swPath[level - 1] === item.code)
          .reduce((sum, member) => sum + member.weight, 0);
        expect(item.weight, item.code).toBeCloseTo(expected * 100, 1);
      }
      expect(items.map((item) => item.weight)).toEqual(
        [...items.map((item) => item.weight)].sort((a, b) => b - a),
      );
    }
    expect(datas.sw1.find((item) => item.code === '801120.ZSI')).toMatchObject({
      name: '食品饮料',
      capitalOrIndex: 'index_hy',
    });
    expect(datas.sw2.find((item) => item.code === '801125.ZSI')?.name).toBe('白酒Ⅱ');
    expect(datas.sw3.find((item) => item.code === '851251.ZSI')?.name).toBe('白酒Ⅲ');

    // Parent and child agree: a level's weights, summed by parent, give the level above.
    const parentOf = (code: string) =>
      members.map((member) => directory.get(member.code)?.swPath ?? []).find((path) => path.includes(code));
    for (const [children, parents, depth] of [
      [datas.sw2, datas.sw1, 2],
      [datas.sw3, datas.sw2, 3],
    ] as const) {
      const sums = new Map<string, number>();
      for (const child of children) {
        const parent = parentOf(child.code)?.[depth - 2] ?? '';
        sums.set(parent, (sums.get(parent) ?? 0) + child.weight);
      }
      for (const parent of parents)
        expect(sums.get(parent.code) ?? 0, parent.code).toBeCloseTo(parent.weight, 0);
    }
  });

  it('swMap of an ETF uses its holdings', async () => {
    const { datas } = await call(session.context, api.index.swMap, { params: { code: '510300SH' } });
    const total = datas.sw1.reduce((sum, item) => sum + item.weight, 0);
    expect(total).toBeGreaterThan(94);
    expect(total).toBeLessThanOrEqual(100.01);
  });

  it('constituents pages the members with their weight and quote', async () => {
    const constituents = async (query: { sort?: 'chgPct'; order?: 'asc'; page?: number; size: number }) =>
      (await call(session.context, api.index.constituents, { query: { code: '000300.SH', ...query } })).datas;
    const first = await constituents({ page: 1, size: 10 });
    const { directory, engine } = session.context.market;
    const members = directory.membersOf('000300.SH');
    expect(first.total).toBe(members.length);
    expect(first.list).toHaveLength(10);
    // Weighed as the index is computed now (q·p ÷ Σ q·p at the members' prices), heaviest first; the
    // stored weights are those of the last review (index rebalancing), which prices have moved since.
    const live = members
      .map((member) => ({
        code: member.code,
        value: (member.quantity ?? 0) * (engine.quote(member.code)?.price ?? 0),
      }))
      .sort((a, b) => b.value - a.value || a.code.localeCompare(b.code));
    const total = live.reduce((sum, member) => sum + member.value, 0);
    const top = first.list[0];
    expect(top?.code).toBe(live[0]?.code);
    expect(top?.weight).toBeCloseTo((live[0]?.value ?? 0) / total, 6);
    const quote = engine.quote(top?.code ?? '');
    expect(top?.price).toBe(quote?.price);
    expect(top?.chgPct).toBe(quote?.chgPct);
    const second = await constituents({ page: 2, size: 10 });
    expect(second.list[0]?.code).toBe(live[10]?.code);
    const byChange = await constituents({ sort: 'chgPct', order: 'asc', size: 100 });
    const changes = byChange.list.map((row) => row.chgPct).filter((value) => value !== null);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));
  });

  it('answers an unknown code and a stock code with the not-found failure', async () => {
    expect(
      await callRefused(session.context, api.index.constituents, { query: { code: '999999.CSI' } }),
    ).toMatchObject({ code: '404', message: '未找到代码 999999.CSI 对应的品种', datas: null });
    const stock = await callRefused(session.context, api.index.swMap, { params: { code: '600519SH' } });
    expect(stock.code).toBe('404');
    expect(stock.message).toContain('A股');
  });
});
