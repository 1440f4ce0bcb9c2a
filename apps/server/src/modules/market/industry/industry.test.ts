import { api, industryGroupTable, type Quote } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession } from '../../../test/market-session.ts';
import { regionChange } from './industry.service.ts';
import { byMomentum, plateMomentum } from './plate-momentum.ts';

const session = useMarketSession();

const quoteOf = async (code: string) =>
  (await call(session.context, api.market.realTime, { query: { codes: code } })).datas[0];

describe('plate lists', () => {
  it("shows each industry's change as its index quote's change, its amount as its members' sum", async () => {
    const { datas } = await call(session.context, api.market.plateList, { query: { kind: 'industry' } });
    expect(datas.list).toHaveLength(31);
    const { datas: quotes } = await call(session.context, api.market.realTime, {
      query: { codes: datas.list.map((row) => row.code).join(',') },
    });
    for (const row of datas.list) {
      const quote = quotes.find((item) => item.code === row.code);
      expect(row.chgPct).toBe(quote?.chgPct);
      expect(row.price).toBe(quote?.price);
      // An index's amount is its members' sum (index-composition.ts), and so is the plate's.
      expect(row.amount).toBeCloseTo(quote?.amount ?? 0, -1);
    }
    // Sorted by change, best first.
    const changes = datas.list.map((row) => row.chgPct ?? -Infinity);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    const { datas: home } = await call(session.context, api.market.plateStatV2Page, {
      query: { plate: 'industry', page: 1, size: 50 },
    });
    for (const row of home.list)
      expect(datas.list.find((item) => item.code === row.code)?.chgPct).toBe(row.chgPct);
  });

  it('lists the concept plates and sorts by amount on request', async () => {
    const { datas } = await call(session.context, api.market.plateList, {
      query: { kind: 'concept', sort: 'amount', order: 'desc' },
    });
    expect(datas.list.length).toBeGreaterThan(0);
    expect(datas.list.every((row) => row.kind === 'concept' && row.code.endsWith('.WI'))).toBe(true);
    const amounts = datas.list.map((row) => row.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('refuses an unknown plate kind with a Chinese message', async () => {
    const refusal = await callRefused(session.context, api.market.plateList, { query: { kind: 'region' } });
    expect(refusal.status).toBe(400);
    expect(refusal.message).toMatch(/板块类型/);
  });
});

describe('plate detail', () => {
  it("lists exactly the index constituents, with the index's change and breadth", async () => {
    const code = '801080.ZSI';
    const { datas } = await call(session.context, api.market.plateDetail, { query: { code } });
    const { datas: constituents } = await call(session.context, api.index.constituents, {
      query: { code, size: 100 },
    });
    expect(datas.members.map((member) => member.code).sort()).toEqual(
      constituents.list.map((member) => member.code).sort(),
    );
    expect(datas.members).toHaveLength(constituents.total);
    const quote = await quoteOf(code);
    expect(datas.plate.chgPct).toBe(quote?.chgPct);
    expect(datas.quote.chgPct).toBe(quote?.chgPct);
    expect(datas.breadth.rise + datas.breadth.fall + datas.breadth.flat).toBe(datas.members.length);
    expect(datas.breadth.rise).toBe(datas.plate.riseCount);
    expect(datas.leaders[0]?.code).toBe(datas.plate.leader?.code);
    expect(datas.plate.amount).toBe(datas.members.reduce((sum, member) => sum + member.amount, 0));
    expect(datas.group).toEqual({ code: 'tech', name: '科技' });
    // The ETFs listed track this index.
    expect(datas.etfs.length).toBeGreaterThan(0);
    for (const etf of datas.etfs) expect(etf.index.code).toBe(code);
  });

  it('answers a concept plate without a group', async () => {
    const { datas } = await call(session.context, api.market.plateDetail, { query: { code: '884160.WI' } });
    expect(datas.plate.kind).toBe('concept');
    expect(datas.group).toBeNull();
    expect(datas.etfs.map((etf) => etf.code)).toContain('512480.SH');
  });

  it('refuses an unknown code and a code that is no plate', async () => {
    const unknown = await callRefused(session.context, api.market.plateDetail, {
      query: { code: '801999.ZSI' },
    });
    expect(unknown.code).toBe('404');
    expect(unknown.message).toMatch(/未找到/);
    const stock = await callRefused(session.context, api.market.industryAnalysis, {
      query: { code: '600519.SH' },
    });
    expect(stock.code).toBe('404');
    expect(stock.message).toMatch(/不是行业或概念板块/);
    const malformed = await callRefused(session.context, api.market.plateDetail, { query: { code: 'abc' } });
    expect(malformed.status).toBe(400);
  });
});

describe('industry analysis', () => {
  it("reads the industry's PE as the index valuation page does, and its share of the market's amount", async () => {
    const code = '801120.ZSI';
    const { datas } = await call(session.context, api.market.industryAnalysis, { query: { code } });
    const { datas: pepb } = await call(session.context, api.stock.pepb, {
      query: { code, type: 'indexGZPer', years: '5Y' },
    });
    expect(datas.valuation.pe).toBe(pepb.newest.pe);
    expect(datas.valuation.pePercentile).toBe(pepb.newest.zhgz);
    expect(datas.valuation.pb).not.toBeNull();
    expect(datas.valuation.pbPercentile).toBeGreaterThan(0);
    expect(datas.valuation.pbPercentile).toBeLessThanOrEqual(100);
    const { datas: summary } = await call(session.context, api.market.marketSummary);
    expect(datas.marketAmount).toBe(summary.amount);
    expect(datas.amountShare).toBeCloseTo(datas.plate.amount / summary.amount, 5);
    expect(datas.trend.length).toBeGreaterThan(10);
    const today = datas.trend.at(-1);
    expect(today?.day).toBe(20261120);
    expect(today?.amount).toBe(datas.plate.amount);
    // On a stored day the market's amount is the sum over every industry, so each share is below 1.
    for (const point of datas.trend) expect(point.share ?? 0).toBeLessThan(1);
  });
});

describe('地域 plates', () => {
  it("weights each region's members by free float, as an index weights its members", async () => {
    const { datas } = await call(session.context, api.market.regionPlates);
    expect(datas.list.length).toBeGreaterThan(1);
    const region = datas.list[0];
    const stocks = (await call(session.context, api.market.plateList, { query: { kind: 'industry' } })).datas;
    const totalMembers = stocks.list.reduce(
      (sum, row) => sum + row.riseCount + row.fallCount + row.flatCount,
      0,
    );
    const regionMembers = datas.list.reduce(
      (sum, row) => sum + row.riseCount + row.fallCount + row.flatCount,
      0,
    );
    // Every listed A-share has an area and an industry: both partitions count the same shares.
    expect(regionMembers).toBe(totalMembers);
    const changes = datas.list.map((row) => row.chgPct ?? -Infinity);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    expect(region?.leader?.chgPct ?? 0).toBeGreaterThanOrEqual(region?.laggard?.chgPct ?? 0);
  });

  it('computes the free-float weighted change on a known case', () => {
    const member = (
      price: number,
      prevClose: number,
      floatShares: number,
      status: Quote['status'] = 'trading',
    ) => ({ price, prevClose, floatMarketCap: price * floatShares, status }) as Quote;
    // 100 shares 10 → 11 and 300 shares 20 → 19: (1100 + 5700) ÷ (1000 + 6000) − 1.
    expect(regionChange([member(11, 10, 100), member(19, 20, 300)])).toBeCloseTo(6800 / 7000 - 1, 6);
    // A suspended member counts at its previous close.
    expect(regionChange([member(11, 10, 100), member(19, 20, 300, 'suspended')])).toBeCloseTo(
      7100 / 7000 - 1,
      6,
    );
    expect(regionChange([])).toBeNull();
  });
});

describe('风口 momentum', () => {
  it('scores the five-session change plus a tenth of the amount growth', () => {
    // Closes 100 → 110 over five sessions: +10%; amounts 10 then 15 on average: +50%.
    const momentum = plateMomentum(
      [99, 100, 102, 104, 106, 108, 110],
      [10, 10, 10, 10, 10, 15, 15, 15, 15, 15],
    );
    expect(momentum.fiveDayChange).toBeCloseTo(0.1, 6);
    expect(momentum.amountGrowth).toBeCloseTo(0.5, 6);
    expect(momentum.score).toBeCloseTo(0.15, 6);
    // Too little history: no amount growth, the change alone scores.
    const short = plateMomentum([100, 100, 100, 100, 100, 95], [10, 10]);
    expect(short.amountGrowth).toBeNull();
    expect(short.score).toBeCloseTo(-0.05, 6);
    expect(plateMomentum([100, 101], []).score).toBeNull();
    // A bigger rise ranks first; a plate without a score ranks last.
    const plates = [
      { code: 'b', momentum: short },
      { code: 'c', momentum: plateMomentum([100], []) },
      { code: 'a', momentum },
    ];
    expect(plates.sort(byMomentum).map((plate) => plate.code)).toEqual(['a', 'b', 'c']);
  });

  it('ranks the concept plates by that score', async () => {
    const { datas } = await call(session.context, api.market.tuyereList);
    expect(datas.list.length).toBeGreaterThan(0);
    const scores = datas.list.map((row) => row.momentum.score ?? -Infinity);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(datas.list.every((row) => row.kind === 'concept')).toBe(true);
    const first = datas.list[0];
    const { datas: detail } = await call(session.context, api.market.plateDetail, {
      query: { code: first?.code ?? '' },
    });
    expect(detail.momentum).toEqual(first?.momentum);
  });
});

describe('industry groups', () => {
  it('puts every SW level-1 industry in exactly one group', async () => {
    const { datas } = await call(session.context, api.market.plateList, { query: { kind: 'industry' } });
    const grouped = industryGroupTable.flatMap((group) => [...group.industries]);
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped].sort()).toEqual(datas.list.map((row) => row.code).sort());
    const { datas: groups } = await call(session.context, api.market.industryGroups);
    expect(groups.list.map((group) => group.code)).toEqual(industryGroupTable.map((group) => group.code));
    const tech = groups.list.find((group) => group.code === 'tech');
    expect(tech?.industries.map((row) => row.code).sort()).toEqual(
      ['801080.ZSI', '801750.ZSI', '801760.ZSI', '801770.ZSI'].sort(),
    );
    for (const row of tech?.industries ?? [])
      expect(row.chgPct).toBe(datas.list.find((item) => item.code === row.code)?.chgPct);
  });

  it("lists only ETFs whose tracked index is one of the group's industries", async () => {
    for (const group of industryGroupTable) {
      const { datas } = await call(session.context, api.market.industryGroupEtfs, {
        query: { group: group.code },
      });
      const industries = new Set<string>(group.industries);
      for (const etf of datas.list) {
        expect(industries.has(etf.index.code)).toBe(true);
        const { datas: valuation } = await call(session.context, api.etf.valuation, {
          params: { code: etf.code },
        });
        expect(valuation.index?.code).toBe(etf.index.code);
      }
    }
  });

  it('refuses an unknown group', async () => {
    const refusal = await callRefused(session.context, api.market.industryGroupEtfs, {
      query: { group: 'moon' },
    });
    expect(refusal.status).toBe(400);
    expect(refusal.message).toMatch(/行业分组不存在/);
  });
});
