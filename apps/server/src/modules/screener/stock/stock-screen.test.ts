import { api, type ScreenPage, type StockCondition } from '@zhicai/contract';
import type { DayBarRow } from '@zhicai/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../../test/market-session.ts';
import { volumeRatio } from '../../stock/handicap.ts';
import { periodFigures, periodReference } from '../../watchlist/period-changes.ts';
import { runStockScreen, stockScreenOf } from './index.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

// The day's table is built in the background from the start; the tests begin once it is there.
beforeAll(async () => {
  const { market, database } = session.context;
  await stockScreenOf({ db: database.db, market }).idle();
}, 120_000);

async function select(body: Record<string, unknown>): Promise<ScreenPage> {
  const { datas } = await call(session.context, api.screener.select, { body: body as never });
  return datas;
}

async function count(body: Record<string, unknown>): Promise<number> {
  const { datas } = await call(session.context, api.screener.num, { body: body as never });
  return datas.total;
}

/** Every page of a screen. */
async function selectAll(body: Record<string, unknown>): Promise<ScreenPage['list']> {
  const rows: ScreenPage['list'] = [];
  for (let page = 1; ; page += 1) {
    const answer = await select({ ...body, page, size: 100 });
    rows.push(...answer.list);
    if (rows.length >= answer.total) return rows;
  }
}

describe('the stock screen on the demo market', () => {
  it('lists the catalogue by group, each range with a distribution that counts every stock once', async () => {
    const { datas } = await call(session.context, api.screener.listSelectInfo);
    expect(datas.groups.map((group) => group.group)).toEqual([
      '行情',
      '估值',
      '财务',
      '技术',
      '板块',
      '评分',
      '资金',
    ]);
    expect(datas.universe).toBe(session.context.market.directory.ofType('capital').length);
    const conditions = datas.groups.flatMap((group) => group.conditions);
    for (const condition of conditions) {
      expect(condition.code).toMatch(/^[A-Z0-9_]+$/);
      if (condition.kind !== 'range' || condition.count === 0) continue;
      expect(
        condition.histogram.reduce((sum, bucket) => sum + bucket.count, 0),
        condition.code,
      ).toBe(condition.count);
      expect(condition.min, condition.code).toBeLessThanOrEqual(condition.max as number);
    }
    const byCode = new Map<string, StockCondition>(
      conditions.map((condition) => [condition.code, condition]),
    );
    expect(byCode.get('PE_TTM')?.count).toBeGreaterThan(100);
    expect(byCode.get('RPS_120')?.max).toBe(100);
    expect(byCode.get('PLATES')?.options.map((option) => option.label)).toContain('沪市主板');
    const range = await call(session.context, api.screener.range, { query: { code: 'pe_ttm' } });
    expect(range.datas).toEqual(byCode.get('PE_TTM'));
    // The first catalogue sorts every column of the snapshot: seconds on a loaded machine.
  }, 30_000);

  it('answers figures that agree with the quote and the reports: PE, PS, ROE and growth by hand', async () => {
    const { market } = session.context;
    const rows = await selectAll({
      seqFlags: 'PE_TTM,PS_TTM,ROE,REVENUE_GROWTH,CHG_5D,VOLUME_RATIO',
      PE_TTM_left: 0,
      PE_TTM_right: 'Infinity',
    });
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows.slice(0, 5)) {
      const quote = market.engine.quote(row.code);
      const reports = await market.repositories.companyReports.listFundamentals(row.code);
      const latest = reports.at(-1);
      if (!quote || !latest) throw new Error(`no quote or report for ${row.code}`);
      const yearAgo = reports.find((report) => report.period === latest.period - 10000);
      const [pe, ps, roe, growth, chg5d, ratio] = row.values;
      // PE is the quote's (total market value ÷ TTM net profit), as every other screen shows it.
      expect(pe).toBe(quote.pe);
      expect(ps).toBeCloseTo((quote.marketCap as number) / latest.revenue_ttm, 2);
      expect(roe).toBeCloseTo((latest.net_profit_ttm / latest.equity) * 100, 2);
      if (yearAgo && yearAgo.revenue_ttm > 0)
        expect(growth).toBeCloseTo((latest.revenue_ttm / yearAgo.revenue_ttm - 1) * 100, 2);
      // The 5-day change is the watchlist's.
      const instrument = market.directory.get(row.code);
      const bars = await market.repositories.series.readRecentRows(row.code, 'day', 400);
      const figures = periodFigures(
        quote,
        periodReference(bars, 'day', quote.tradingDay),
        instrument as NonNullable<typeof instrument>,
      );
      expect(chg5d).toBeCloseTo((figures.chg5d as number) * 100, 2);
      // 量比 as the stock page's handicap shows it.
      expect(ratio).toBe(volumeRatio(quote, bars as DayBarRow[], 'cn'));
    }
  });

  it('scores, 股息率 and the PE percentile agree with the diagnosis card, the quote header and pepb', async () => {
    const rows = await selectAll({
      seqFlags: 'SCORE_TOTAL,SCORE_COMPANY,SCORE_TREND,SCORE_VALUE,DIVIDEND_YIELD,PE_PERCENTILE_5Y',
      DIVIDEND_YIELD_left: 0.01,
      PE_PERCENTILE_5Y_left: 0,
    });
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows.slice(0, 5)) {
      const [total, company, trend, value, dividendYield, pePercentile] = row.values as number[];
      const card = await call(session.context, api.screener.vipData, { body: { code: row.code } });
      const { scoreCompany, scoreTrend, scoreValue } = card.datas.score1;
      expect([company, trend, value]).toEqual([scoreCompany, scoreTrend, scoreValue]);
      expect(total).toBeCloseTo((scoreCompany + scoreTrend + scoreValue) / 3, 1);
      const header = await call(session.context, api.stock.handicap, { query: { code: row.code } });
      expect(dividendYield).toBeCloseTo((header.datas.dividendYield as number) * 100, 6);
      const pepb = await call(session.context, api.stock.pepb, {
        query: { code: row.code, type: 'pe', years: '5Y' },
      });
      expect(pePercentile).toBeCloseTo(pepb.datas.datas.at(-1)?.p as number, 2);
    }
  });

  it('keeps every row within its bounds, "Infinity" as an open bound, values in seqFlags order', async () => {
    const body = {
      seqFlags: 'PE_TTM,ROE',
      PE_TTM_left: 5,
      PE_TTM_right: 40,
      ROE_left: 5,
      ROE_right: 'Infinity',
    };
    const page = await select(body);
    expect(page.criteria.map((criterion) => [criterion.code, criterion.left, criterion.right])).toEqual([
      ['PE_TTM', 5, 40],
      ['ROE', 5, null],
    ]);
    for (const row of page.list) {
      const [pe, roe] = row.values as [number, number];
      expect(pe).toBeGreaterThanOrEqual(5);
      expect(pe).toBeLessThanOrEqual(40);
      expect(roe).toBeGreaterThanOrEqual(5);
    }
    // Sorted by the first range condition, highest first.
    const pes = page.list.map((row) => row.values[0] as number);
    expect(pes).toEqual([...pes].sort((a, b) => b - a));
    const reversed = await select({ ...body, seqFlags: ['ROE', 'PE_TTM'] });
    expect(reversed.total).toBe(page.total);
    expect(reversed.list.map((row) => row.values[0])).toEqual(
      [...reversed.list.map((row) => row.values[0] as number)].sort((a, b) => b - a),
    );
    const withoutRight = await count({
      seqFlags: 'PE_TTM,ROE',
      PE_TTM_left: 5,
      PE_TTM_right: 40,
      ROE_left: 5,
    });
    expect(withoutRight).toBe(page.total);
    expect(await count(body)).toBe(page.total);
  });

  it('screens boards and ST as the protocol spells them: plates:"1,2", basic_st:1', async () => {
    const { directory } = session.context.market;
    const rows = await selectAll({ seqFlags: 'PLATES,BASIC_ST', plates: '1,2', basic_st: 1 });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stock = directory.get(row.code);
      expect(['sh', 'sz']).toContain(stock?.board);
      expect(stock?.isSt).toBe(false);
      expect(['沪市主板', '深市主板']).toContain(row.values[0]);
    }
    const expected = directory
      .ofType('capital')
      .filter((stock) => (stock.board === 'sh' || stock.board === 'sz') && !stock.isSt).length;
    expect(rows.length).toBe(expected);
  });

  it('num answers select’s total, and conditionAdjust what dropping each condition gives', async () => {
    const body = {
      seqFlags: 'CHG_1D,TURNOVER_RATE',
      CHG_1D_left: 0,
      TURNOVER_RATE_left: 1,
      TURNOVER_RATE_right: 'Infinity',
    };
    const total = (await select(body)).total;
    expect(await count(body)).toBe(total);
    const { datas } = await call(session.context, api.screener.conditionAdjust, { body: body as never });
    expect(datas.total).toBe(total);
    expect(datas.conditions.map((condition) => condition.code)).toEqual(['CHG_1D', 'TURNOVER_RATE']);
    const [change, turnover] = datas.conditions;
    expect(change?.withoutIt).toBe(await count({ ...body, seqFlags: 'TURNOVER_RATE' }));
    expect(turnover?.withoutIt).toBe(await count({ ...body, seqFlags: 'CHG_1D' }));
    expect(change?.alone).toBe(turnover?.withoutIt);
  });

  it('refuses an unknown condition, a non-number bound, bounds the wrong way round and an unknown option', async () => {
    for (const body of [
      { seqFlags: 'NOT_A_CONDITION' },
      { seqFlags: 'PE_TTM', PE_TTM_left: 'abc' },
      { seqFlags: 'PE_TTM', PE_TTM_left: 30, PE_TTM_right: 10 },
      { seqFlags: 'PLATES', plates: '9' },
      { seqFlags: 'PE_TTM', sortFlag: 'PLATES' },
    ]) {
      const refusal = await callRefused(session.context, api.screener.select, { body });
      expect(refusal.code, JSON.stringify(body)).toBe('400');
    }
  });

  it('quick screens and presets count what select finds for their conditions', async () => {
    const tags = await call(session.context, api.screener.listCommentTags, { query: { type: '估值' } });
    expect(tags.datas.length).toBeGreaterThan(0);
    for (const tag of tags.datas) {
      expect(tag.group).toBe('估值');
      expect(tag.count).toBe(await count(tag.request));
    }
    const recommend = await call(session.context, api.screener.recommend);
    const strong = recommend.datas.find((preset) => preset.id === 'strong-rps');
    const quick = await call(session.context, api.screener.capitalScreen, {
      query: { id: 'strong-rps', size: 5 },
    });
    const quickCount = await call(session.context, api.screener.capitalScreenNum, {
      query: { id: 'strong-rps' },
    });
    expect(quick.datas.total).toBe(strong?.count);
    expect(quickCount.datas.total).toBe(strong?.count);
    for (const row of quick.datas.list) expect(row.values[0]).toBeGreaterThanOrEqual(90);
    const missing = await callRefused(session.context, api.screener.capitalScreen, { query: { id: 'nope' } });
    expect(missing.code).toBe('404');
  });

  it('runStockScreen gives the strategy part the codes select pages through', async () => {
    const body = { seqFlags: 'MA_POS_20,PLATES', MA_POS_20_left: 0, plates: '1' };
    const codes = await runStockScreen(
      { db: session.context.database.db, market: session.context.market, clock: () => new Date(session.now) },
      body,
    );
    const rows = await selectAll(body);
    expect([...codes].sort()).toEqual(rows.map((row) => row.code).sort());
  });
});
