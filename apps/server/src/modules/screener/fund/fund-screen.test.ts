import { api, type FundConditionSet } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../../test/market-session.ts';
import { createScreenDayStore } from '../screen-day-store.ts';
import { createFundScreenRepository } from './fund-screen.repository.ts';
import { runFundScreen } from './fund-screen.service.ts';
import { buildFundScreenTable, navDayOf, screenedFunds, storedFundScreenTable } from './fund-screen-table.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

const num = async (body: FundConditionSet) =>
  (await call(session.context, api.screener.fundNum, { body })).datas;
const select = async (
  body: FundConditionSet & { sortFlag?: string; order?: 'asc' | 'desc'; page?: number; size?: number },
) => (await call(session.context, api.screener.fundSelect, { body })).datas;

function screenedCount(): number {
  return session.context.market.directory.ofType('fund_outside', 'fund_lof').length;
}

describe('the fund condition catalogue', () => {
  it('covers every off-exchange fund and LOF, each condition with its unit, range and distribution', async () => {
    const { datas } = await call(session.context, api.screener.fundListSelectInfo);
    expect(datas.total).toBe(screenedCount());
    expect(datas.groups.map((group) => group.name)).toEqual(['基本信息', '收益', '风险', '费率', '评级']);
    const conditions = datas.groups.flatMap((group) => group.conditions);
    expect(conditions.map((condition) => condition.flag)).toContain('MAX_DRAWDOWN');
    for (const condition of conditions) {
      if (condition.kind === 'options') {
        expect(condition.options.reduce((sum, option) => sum + option.count, 0)).toBe(datas.total);
        continue;
      }
      expect(condition.count, condition.flag).toBeGreaterThan(0);
      expect(condition.min ?? 0, condition.flag).toBeLessThanOrEqual(condition.max ?? 0);
      expect(
        condition.distribution.reduce((sum, bucket) => sum + bucket.count, 0),
        condition.flag,
      ).toBe(condition.count);
    }
    const types = conditions.find((condition) => condition.flag === 'FUND_TYPE');
    expect(types?.options.map((option) => option.value)).toEqual(
      expect.arrayContaining(['债券型', '混合型']),
    );
  });

  it('range answers one condition as the catalogue lists it, and refuses an unknown flag', async () => {
    const { datas } = await call(session.context, api.screener.fundRange, { query: { flag: 'sharpe' } });
    expect(datas).toMatchObject({ flag: 'SHARPE', name: '夏普比率', kind: 'range' });
    const refused = await callRefused(session.context, api.screener.fundRange, { query: { flag: 'NOPE' } });
    expect(refused.code).toBe('400');
  });

  it("a row's returns and size are the fund page's figures, in % and 亿元", async () => {
    const code = '005827.OF';
    const page = (await call(session.context, api.fund.baseInfo, { query: { code } })).datas;
    const screen = await select({
      seqFlags: 'FUND_COMPANY,RET_Y1,RET_SINCE,FUND_SIZE',
      FUND_COMPANY: page.company,
      sortFlag: 'RET_Y1',
      size: 100,
    });
    const row = screen.list.find((entry) => entry.code === code);
    expect(row?.values).toEqual([
      page.company,
      Math.round((page.returns.y1 ?? 0) * 10000) / 100,
      Math.round((page.returns.sinceInception ?? 0) * 10000) / 100,
      Math.round(page.size / 1e6) / 100,
    ]);
  });
});

describe('fund screens', () => {
  it('num is the total of select for the same conditions, an "Infinity" bound left open', async () => {
    const sets: FundConditionSet[] = [
      { seqFlags: '' },
      { seqFlags: 'RET_Y1', RET_Y1_left: 0, RET_Y1_right: 'Infinity' },
      {
        seqFlags: 'RET_Y1,MAX_DRAWDOWN',
        RET_Y1_left: '-Infinity',
        RET_Y1_right: 5,
        MAX_DRAWDOWN_right: '10',
      },
      {
        seqFlags: 'FUND_TYPE,FEE_MANAGE',
        FUND_TYPE: '债券型,指数型',
        FEE_MANAGE_left: 0,
        FEE_MANAGE_right: 1,
      },
    ];
    for (const set of sets) {
      const counted = await num(set);
      const screened = await select({ ...set, size: 5 });
      expect(counted.num, set.seqFlags).toBe(screened.total);
      expect(counted.total).toBe(screenedCount());
    }
    expect((await num({ seqFlags: '' })).num).toBe(screenedCount());
  });

  it('every row lies within the bounds, sorted by the chosen figure with funds lacking it last', async () => {
    const screen = await select({
      seqFlags: 'FUND_TYPE,RET_Y1,VOLATILITY',
      FUND_TYPE: '混合型',
      RET_Y1_left: -5,
      RET_Y1_right: 'Infinity',
      VOLATILITY_left: 0,
      VOLATILITY_right: 40,
      sortFlag: 'RET_Y1',
      order: 'asc',
      size: 100,
    });
    expect(screen.columns.map((column) => column.flag)).toEqual(['FUND_TYPE', 'RET_Y1', 'VOLATILITY']);
    expect(screen.total).toBeGreaterThan(0);
    const returns = screen.list.map((row) => row.values[1] as number);
    expect(returns).toEqual([...returns].sort((a, b) => a - b));
    for (const row of screen.list) {
      expect(row.category).toBe('混合型');
      expect(row.values[1] as number).toBeGreaterThanOrEqual(-5);
      expect(row.values[2] as number).toBeLessThanOrEqual(40);
    }
  });

  it('pages do not overlap and together hold every match', async () => {
    const set = { seqFlags: 'FUND_TYPE', FUND_TYPE: '债券型', sortFlag: 'RET_Y1' };
    const first = await select({ ...set, page: 1, size: 7 });
    const second = await select({ ...set, page: 2, size: 7 });
    const all = await select({ ...set, page: 1, size: 14 });
    expect([...first.list, ...second.list].map((row) => row.code)).toEqual(all.list.map((row) => row.code));
  });

  it('conditionAdjust counts the funds each condition alone keeps out', async () => {
    const set = {
      seqFlags: 'RET_Y1,MAX_DRAWDOWN',
      RET_Y1_left: 0,
      RET_Y1_right: 'Infinity',
      MAX_DRAWDOWN_left: 0,
      MAX_DRAWDOWN_right: 15,
    };
    const { datas } = await call(session.context, api.screener.fundConditionAdjust, { body: set });
    expect(datas.num).toBe((await num(set)).num);
    const [withoutReturn, withoutDrawdown] = datas.conditions;
    expect(withoutReturn?.numWithout).toBe(
      (await num({ seqFlags: 'MAX_DRAWDOWN', MAX_DRAWDOWN_left: 0, MAX_DRAWDOWN_right: 15 })).num,
    );
    expect(withoutDrawdown?.numWithout).toBe(
      (await num({ seqFlags: 'RET_Y1', RET_Y1_left: 0, RET_Y1_right: 'Infinity' })).num,
    );
  });

  it('refuses an unknown flag, an unreadable bound and a lower bound above the upper one', async () => {
    for (const body of [
      { seqFlags: 'NOT_A_FLAG' },
      { seqFlags: 'RET_Y1', RET_Y1_left: 'abc' },
      { seqFlags: 'RET_Y1', RET_Y1_left: 10, RET_Y1_right: 5 },
    ]) {
      const refused = await callRefused(session.context, api.screener.fundNum, { body });
      expect(refused.code, JSON.stringify(body)).toBe('400');
    }
    const sorted = await callRefused(session.context, api.screener.fundSelect, {
      body: { seqFlags: '', sortFlag: 'FUND_TYPE' },
    });
    expect(sorted.code).toBe('400');
  });

  it('each preset counts what its conditions match', async () => {
    const { datas } = await call(session.context, api.screener.fundRecommend);
    expect(datas.list.map((preset) => preset.name)).toContain('低回撤债基');
    for (const preset of datas.list) expect(preset.num, preset.name).toBe((await num(preset.conditions)).num);
  });

  it('comment tags name their rule, filtered by type', async () => {
    const { datas } = await call(session.context, api.screener.fundListCommentTags, { query: { type: 2 } });
    expect(datas.list.length).toBeGreaterThan(0);
    expect(datas.list.every((tag) => tag.type === 2 && tag.rule !== '')).toBe(true);
  });

  it('runFundScreen re-runs a condition set for the strategies: the codes select pages through', async () => {
    const set = {
      seqFlags: 'FUND_TYPE,RET_Y1',
      FUND_TYPE: '债券型',
      RET_Y1_left: 0,
      RET_Y1_right: 'Infinity',
    };
    const codes = await runFundScreen(
      { market: session.context.market, db: session.context.database.db },
      set,
    );
    const screened = await select({ ...set, size: 100 });
    expect(codes).toHaveLength(screened.total);
    expect(codes).toEqual(expect.arrayContaining(screened.list.map((row) => row.code)));
  });

  it("the table's day is the newest NAV day of the screened funds, the market's day when none is quoted", () => {
    const { market } = session.context;
    const codes = screenedFunds(market).map((fund) => fund.code);
    const days = market.engine.quotes(codes).map((quote) => quote.tradingDay);
    expect(days.length).toBeGreaterThan(0);
    expect(navDayOf(market, codes)).toBe(Math.max(...days));
    // A code the market does not quote is passed over.
    expect(navDayOf(market, ['NO-SUCH-FUND', ...codes])).toBe(Math.max(...days));
    expect(navDayOf(market, ['NO-SUCH-FUND'])).toBe(market.engine.clockOf('cn').tradingDay);
  });

  it('the table read from the years its figures need equals the one read from every year', async () => {
    const { market, database } = session.context;
    const repository = createFundScreenRepository(database.db);
    const day = navDayOf(
      market,
      screenedFunds(market).map((fund) => fund.code),
    );
    const [sparse, whole] = await Promise.all([
      buildFundScreenTable(market, repository, day),
      buildFundScreenTable(market, repository, day, { allYears: true }),
    ]);
    expect(sparse.facts.length).toBeGreaterThan(0);
    expect(sparse.facts).toEqual(whole.facts);
  });

  it('a restart loads the stored table of the NAV day, equal to a first build, and reads no NAV', async () => {
    const { market, database } = session.context;
    const repository = createFundScreenRepository(database.db);
    const store = createScreenDayStore(database.db);
    const day = navDayOf(
      market,
      screenedFunds(market).map((fund) => fund.code),
    );
    const built = await buildFundScreenTable(market, repository, day);
    // The app stored the day's table when it built it at start; a restart finds it.
    expect(await store.read('fund-table', day)).not.toBeNull();
    let navReads = 0;
    const counting = {
      ...repository,
      readNavRowsOf: (...args: Parameters<typeof repository.readNavRowsOf>) => {
        navReads += 1;
        return repository.readNavRowsOf(...args);
      },
    };
    const restarted = await storedFundScreenTable(market, counting, store, day);
    expect(restarted.loaded).toBe(true);
    expect(navReads).toBe(0);
    expect(restarted.table.facts).toEqual(built.facts);
    expect(restarted.table.numbers).toEqual(built.numbers);
    expect(restarted.table.catalogue).toEqual(built.catalogue);
    // Another NAV day is computed, not loaded.
    const next = await storedFundScreenTable(market, counting, store, day + 1);
    expect(next.loaded).toBe(false);
    expect(navReads).toBeGreaterThan(0);
  });
});
