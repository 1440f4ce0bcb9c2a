import { api, STRATEGY_LIMIT, type StrategyConditions } from '@zhicai/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession } from '../../../test/market-session.ts';
import { signInUser } from '../../../test/sign-in.ts';
import { runStockScreen } from '../stock/index.ts';
import { withinBounds } from './strategy-screens.ts';

/** Friday 2026-11-20 mid-session; the day's close is at 15:00 Shanghai (07:00Z). */
const session = useMarketSession();
const FRIDAY_AFTER_CLOSE = Date.parse('2026-11-20T07:30:00Z');

const screener = api.screener;
let alice = '';
let bob = '';

beforeAll(async () => {
  alice = (await signInUser(session.context, 'alice')).token;
  bob = (await signInUser(session.context, 'bob')).token;
  // The start's pass (started at ready, not awaited): the tests below count from its results.
  await session.context.app.screenerStrategies.idle();
}, 60_000);

/** Stocks up on the day by 0–2% with a PE: a screen the quote stand-in answers and a close moves. */
const risingGently: StrategyConditions = {
  seqFlags: ['CHG_1D', 'PE_TTM'],
  CHG_1D_left: 0,
  CHG_1D_right: 2,
  PE_TTM_left: 0,
  PE_TTM_right: 'Infinity',
};

/** SW level-2 白酒Ⅱ, as the catalogue's SW_L2 options name it. */
const LIQUOR = '801125.ZSI';

/** An option condition (the industry, under its lower-case flag as `plates` is) beside a range. */
const liquorUnder40: StrategyConditions = {
  seqFlags: ['SW_L2', 'PE_TTM'],
  sw_l2: LIQUOR,
  PE_TTM_left: 0,
  PE_TTM_right: 40,
};

async function addStock(name: string, conditions: StrategyConditions = risingGently, token = alice) {
  return (await call(session.context, screener.strategyAdd, { body: { name, conditions } }, { token })).datas
    .id;
}

/** What the stock screen (select) answers for a condition set now: the strategies run on it. */
function screenNow(conditions: StrategyConditions): Promise<string[]> {
  const { database, market } = session.context;
  return runStockScreen({ db: database.db, market, clock: () => new Date(session.now) }, { ...conditions });
}

describe('saved strategies', () => {
  it('house strategies ship to everyone, signed in or not, with their results counted', async () => {
    const anonymous = (await call(session.context, screener.strategyListV2)).datas;
    expect(anonymous.map((strategy) => strategy.name)).toEqual(
      expect.arrayContaining(['低估值高回报', '业绩高增长', '均线多头', '破净股']),
    );
    expect(anonymous.every((strategy) => strategy.house && strategy.kind === 'stock')).toBe(true);
    const lowPb = anonymous.find((strategy) => strategy.name === '破净股');
    expect(lowPb?.count).toBe((await screenNow(lowPb?.conditions ?? risingGently)).length);
    expect(lowPb?.runDay).toBe(20261119);
    const funds = (await call(session.context, screener.fundStrategyListV2)).datas;
    expect(funds.map((strategy) => strategy.name)).toContain('近一月领涨');
    // The first reads of a started app share the loop with its background passes (评分, fund table).
  }, 60_000);

  it('add saves a strategy whose results are the screen of the live quotes, listed as rows of its conditions', async () => {
    const id = await addStock('温和上涨');
    const mine = (await call(session.context, screener.strategyList, {}, { token: alice })).datas;
    const saved = mine.find((strategy) => strategy.id === id);
    expect(saved).toMatchObject({
      name: '温和上涨',
      house: false,
      conditions: risingGently,
      redPoint: false,
    });

    const info = (
      await call(session.context, screener.strategyInfo, { params: { id: String(id) } }, { token: alice })
    ).datas;
    expect(info.columns).toEqual(['代码', '名称', '入选日期', '今日涨跌幅(%)', '市盈率(TTM)(倍)']);
    expect(info.list.length).toBe(saved?.count);
    expect(info.list.length).toBeGreaterThan(0);
    for (const row of info.list) {
      const [code, name, since, change, pe] = row;
      const quote = session.context.market.engine.quote(String(code));
      expect(name).toBe(quote?.name);
      expect(since).toBe('2026/11/19');
      expect(withinBounds(risingGently, 'CHG_1D', change as number)).toBe(true);
      expect(pe).toBe(quote?.pe);
    }
  });

  it('a strategy with an option condition (行业 = 白酒) and a range is saved, listed and run with both', async () => {
    const id = await addStock('白酒低估', liquorUnder40);
    const mine = (await call(session.context, screener.strategyListV3, {}, { token: alice })).datas.mine;
    expect(mine.find((strategy) => strategy.id === id)?.conditions).toEqual(liquorUnder40);
    const info = (
      await call(session.context, screener.strategyInfo, { params: { id: String(id) } }, { token: alice })
    ).datas;
    expect(info.conditions).toEqual(liquorUnder40);
    expect(info.list.map((row) => row[0])).toEqual((await screenNow(liquorUnder40)).sort());
    expect(info.list.length).toBeGreaterThan(0);
    // Each row shows why it matched: the industry it holds, and its PE within the bounds.
    expect(info.columns).toEqual(['代码', '名称', '入选日期', '申万二级行业', '市盈率(TTM)(倍)']);
    for (const row of info.list) {
      expect(session.context.market.directory.get(String(row[0]))?.swPath[1]).toBe(LIQUOR);
      expect(row[3]).toBe('白酒Ⅱ');
      expect(withinBounds(liquorUnder40, 'PE_TTM', row[4] as number)).toBe(true);
    }
    // Every liquor maker with a PE in bounds, and nothing else: the option narrows the range.
    const unbounded = await screenNow({ seqFlags: ['PE_TTM'], PE_TTM_left: 0, PE_TTM_right: 40 });
    expect(info.list.length).toBeLessThan(unbounded.length);
  });

  it('rename, update the conditions, copy and delete change only the user’s own strategy', async () => {
    const id = await addStock('待改名');
    await call(session.context, screener.strategyRename, { body: { id, name: '已改名' } }, { token: alice });
    const narrower = { ...risingGently, CHG_1D_left: 1 };
    await call(
      session.context,
      screener.strategyUpdateCondition,
      { params: { id: String(id) }, body: { conditions: narrower } },
      { token: alice },
    );
    const info = (
      await call(session.context, screener.strategyInfo, { params: { id: String(id) } }, { token: alice })
    ).datas;
    expect(info.name).toBe('已改名');
    expect(info.conditions).toEqual(narrower);
    expect(info.list.every((row) => (row[3] as number) >= 1)).toBe(true);

    const copy = (await call(session.context, screener.strategyCopy, { body: { id } }, { token: alice }))
      .datas.id;
    const copied = (
      await call(session.context, screener.strategyInfo, { params: { id: String(copy) } }, { token: alice })
    ).datas;
    expect(copied).toMatchObject({ name: '已改名副本', conditions: narrower, house: false });
    expect(copied.list).toEqual(info.list);

    await call(session.context, screener.strategyDel, { body: { id: copy } }, { token: alice });
    const refused = await callRefused(
      session.context,
      screener.strategyInfo,
      { params: { id: String(copy) } },
      { token: alice },
    );
    expect(refused.code).toBe('404');
  });

  it('a house strategy is copied into the user’s own, and refuses to be changed in place', async () => {
    const house = (await call(session.context, screener.strategyListV2)).datas[0];
    if (!house) throw new Error('no house strategy');
    const copy = (
      await call(session.context, screener.strategyCopy, { body: { id: house.id } }, { token: bob })
    ).datas.id;
    const mine = (await call(session.context, screener.strategyList, {}, { token: bob })).datas;
    expect(mine.find((strategy) => strategy.id === copy)?.name).toBe(`${house.name}副本`);
    const rename = await callRefused(
      session.context,
      screener.strategyRename,
      { body: { id: house.id, name: '我的' } },
      { token: bob },
    );
    expect(rename.code).toBe('037');
    expect(rename.message).toContain('官方策略不能修改');
    await call(session.context, screener.strategyDel, { body: { id: copy } }, { token: bob });
  });

  it('the fund list is the user’s own by default (type 1) and the house ones with type 2', async () => {
    const conditions: StrategyConditions = {
      seqFlags: ['RET_M1'],
      RET_M1_left: 0,
      RET_M1_right: 'Infinity',
    };
    const id = (
      await call(
        session.context,
        screener.fundStrategyAdd,
        { body: { name: '上涨基金', conditions } },
        { token: alice },
      )
    ).datas.id;
    const own = (await call(session.context, screener.fundStrategyList, {}, { token: alice })).datas;
    expect(own.map((strategy) => strategy.id)).toEqual([id]);
    expect(own[0]?.kind).toBe('fund');
    const house = (
      await call(session.context, screener.fundStrategyList, { query: { type: 2 } }, { token: alice })
    ).datas;
    expect(house.every((strategy) => strategy.house && strategy.kind === 'fund')).toBe(true);
    // A fund strategy is not a stock strategy: the stock calls do not know its id.
    const wrongKind = await callRefused(
      session.context,
      screener.strategyInfo,
      { params: { id: String(id) } },
      { token: alice },
    );
    expect(wrongKind.code).toBe('404');
    await call(session.context, screener.fundStrategyDel, { body: { id } }, { token: alice });
  });

  it('a fund strategy keeps its fund type option and shows it in each row', async () => {
    const conditions: StrategyConditions = {
      seqFlags: ['FUND_TYPE', 'RET_M1'],
      fund_type: '债券型',
      RET_M1_left: '-Infinity',
      RET_M1_right: 'Infinity',
    };
    const id = (
      await call(
        session.context,
        screener.fundStrategyAdd,
        { body: { name: '债券基金', conditions } },
        { token: alice },
      )
    ).datas.id;
    const info = (
      await call(session.context, screener.fundStrategyInfo, { params: { id: String(id) } }, { token: alice })
    ).datas;
    expect(info.conditions).toEqual(conditions);
    expect(info.columns).toEqual(['代码', '名称', '入选日期', '基金类型', '近1月收益(%)']);
    expect(info.list.length).toBeGreaterThan(0);
    expect(info.list.every((row) => row[3] === '债券型')).toBe(true);
    await call(session.context, screener.fundStrategyDel, { body: { id } }, { token: alice });
  });

  it(`refuses a strategy beyond the ${STRATEGY_LIMIT} of a kind with 037, and loses none`, async () => {
    const { token } = await signInUser(session.context, 'collector');
    for (let index = 0; index < STRATEGY_LIMIT; index += 1)
      await addStock(`策略${index}`, risingGently, token);
    const refused = await callRefused(
      session.context,
      screener.strategyAdd,
      { body: { name: '再来一个', conditions: risingGently } },
      { token },
    );
    expect(refused.code).toBe('037');
    expect(refused.message).toBe(`我的选股策略最多 ${STRATEGY_LIMIT} 个，请先删除不需要的策略`);
    const mine = (await call(session.context, screener.strategyList, {}, { token })).datas;
    expect(mine).toHaveLength(STRATEGY_LIMIT);
    // Fund strategies count apart.
    await call(
      session.context,
      screener.fundStrategyAdd,
      { body: { name: '基金', conditions: { seqFlags: ['RET_M1'] } } },
      { token },
    );
  });

  it('refuses conditions whose bounds cross or name a flag not chosen, with 400', async () => {
    const crossed = await callRefused(
      session.context,
      screener.strategyAdd,
      { body: { name: '错', conditions: { seqFlags: ['PB'], PB_left: 3, PB_right: 1 } } },
      { token: alice },
    );
    expect(crossed.code).toBe('400');
    const stray = await callRefused(
      session.context,
      screener.strategyAdd,
      { body: { name: '错', conditions: { seqFlags: ['PB'], PE_TTM_left: 3 } } },
      { token: alice },
    );
    expect(stray.code).toBe('400');
    // Options stand under a chosen flag's lower-case name, as a comma-separated list.
    const strayOptions = await callRefused(
      session.context,
      screener.strategyAdd,
      { body: { name: '错', conditions: { seqFlags: ['PB'], sw_l2: LIQUOR } } },
      { token: alice },
    );
    expect(strayOptions.code).toBe('400');
    const optionsAsBound = await callRefused(
      session.context,
      screener.strategyAdd,
      { body: { name: '错', conditions: { seqFlags: ['PB'], PB_left: LIQUOR } } },
      { token: alice },
    );
    expect(optionsAsBound.code).toBe('400');
    expect((await call(session.context, screener.strategyList, {}, { token: alice })).datas).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '错' })]),
    );
  });

  it('another user’s strategy is refused as unknown by every call that takes an id', async () => {
    const id = await addStock('爱丽丝的');
    const asBob = { token: bob };
    const refusals = await Promise.all([
      callRefused(session.context, screener.strategyInfo, { params: { id: String(id) } }, asBob),
      callRefused(session.context, screener.strategyRename, { body: { id, name: '抢' } }, asBob),
      callRefused(session.context, screener.strategyDel, { body: { id } }, asBob),
      callRefused(
        session.context,
        screener.strategyUpdateCondition,
        { params: { id: String(id) }, body: { conditions: risingGently } },
        asBob,
      ),
      callRefused(session.context, screener.strategyCopy, { body: { id } }, asBob),
      callRefused(session.context, screener.strategyChanges, { query: { id } }, asBob),
      callRefused(session.context, screener.strategyRemoveRedPoint, { body: { id } }, asBob),
      callRefused(session.context, screener.strategyInfo, { params: { id: String(id) } }),
    ]);
    expect(refusals.map((refusal) => refusal.code)).toEqual(Array(8).fill('404'));
    const info = (
      await call(session.context, screener.strategyInfo, { params: { id: String(id) } }, { token: alice })
    ).datas;
    expect(info.name).toBe('爱丽丝的');
  });
});

describe('what changed after the close', () => {
  it('each close re-runs the strategies: entries and exits are stored with the day, a red point marks them until seen', async () => {
    const id = await addStock('收盘变化');
    const before = new Map(
      (
        await call(session.context, screener.strategyInfo, { params: { id: String(id) } }, { token: alice })
      ).datas.list.map((row) => [row[0] as string, row[2]]),
    );

    session.now = FRIDAY_AFTER_CLOSE;
    await session.context.market.engine.beat();
    expect(await session.context.app.screenerStrategies.runDue()).toBeGreaterThan(0);

    const after = await screenNow(risingGently);
    const entries = after.filter((code) => !before.has(code));
    const exits = [...before.keys()].filter((code) => !after.includes(code)).sort();
    expect(entries.length + exits.length).toBeGreaterThan(0);

    const changes = (
      await call(session.context, screener.strategyChanges, { query: { id } }, { token: alice })
    ).datas;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ strategyId: id, strategyName: '收盘变化', day: 20261120 });
    expect(changes[0]?.entries.map((item) => item.code)).toEqual(entries);
    expect(changes[0]?.exits.map((item) => item.code)).toEqual(exits);

    const info = (
      await call(session.context, screener.strategyInfo, { params: { id: String(id) } }, { token: alice })
    ).datas;
    for (const row of info.list) {
      expect(row[2]).toBe(entries.includes(row[0] as string) ? '2026/11/20' : before.get(row[0] as string));
    }

    const listed = (await call(session.context, screener.strategyListV3, {}, { token: alice })).datas.mine;
    expect(listed.find((strategy) => strategy.id === id)).toMatchObject({
      redPoint: true,
      changedDay: 20261120,
      entries: entries.length,
      exits: exits.length,
      count: after.length,
      runDay: 20261120,
    });
    expect(
      (await call(session.context, screener.strategyRedPoint, {}, { token: alice })).datas.ids,
    ).toContain(id);
    expect((await call(session.context, screener.strategyVersion)).datas).toEqual({
      version: 20261120,
      day: 20261120,
    });

    // The owner hears of it in the message box.
    const messages = (
      await call(session.context, api.alert.messageList, { query: { category: 'notice' } }, { token: alice })
    ).datas.list;
    expect(messages.some((message) => message.title === '策略「收盘变化」结果有变化')).toBe(true);

    // Seen: the red point goes, for this strategy only.
    const removed = (
      await call(session.context, screener.strategyRemoveRedPoint, { body: { id } }, { token: alice })
    ).datas;
    expect(removed.removed).toBe(1);
    const seen = (await call(session.context, screener.strategyListV3, {}, { token: alice })).datas.mine;
    expect(seen.find((strategy) => strategy.id === id)?.redPoint).toBe(false);

    // A second pass on the same day runs nothing again.
    expect(await session.context.app.screenerStrategies.runDue()).toBe(0);
    // A close's pass builds the new day's screen first: seconds on a loaded machine.
  }, 60_000);

  it('the close re-runs a strategy with an option condition from its stored conditions', async () => {
    const mine = (await call(session.context, screener.strategyListV3, {}, { token: alice })).datas.mine;
    const liquor = mine.find((strategy) => strategy.name === '白酒低估');
    expect(liquor).toMatchObject({ runDay: 20261120, conditions: liquorUnder40 });
    expect(liquor?.count).toBe((await screenNow(liquorUnder40)).length);
  });

  it('stockStrategysDetail names the strategies holding a stock and since when', async () => {
    const mine = (await call(session.context, screener.strategyList, {}, { token: alice })).datas;
    const strategy = mine.find((item) => item.name === '收盘变化');
    if (!strategy) throw new Error('the strategy of the previous test is missing');
    const info = (
      await call(
        session.context,
        screener.strategyInfo,
        { params: { id: String(strategy.id) } },
        { token: alice },
      )
    ).datas;
    const [code, , since] = info.list[0] ?? [];
    const detail = (
      await call(
        session.context,
        screener.stockStrategysDetail,
        { query: { code: String(code) } },
        { token: alice },
      )
    ).datas;
    expect(detail.find((item) => item.id === strategy.id)).toMatchObject({
      name: '收盘变化',
      house: false,
      since: Number(String(since).replaceAll('/', '')),
      changedDay: 20261120,
    });
    // Bob does not see Alice's strategy.
    const asBob = (
      await call(
        session.context,
        screener.stockStrategysDetail,
        { query: { code: String(code) } },
        { token: bob },
      )
    ).datas;
    expect(asBob.some((item) => item.id === strategy.id)).toBe(false);
  });

  it('a strategy the screen refuses (a condition no longer in the catalogue) does not stop the others’ run', async () => {
    const broken = await addStock('已下线条件');
    const good = await addStock('照常运行');
    const { db } = session.context.database;
    await db
      .updateTable('screener_strategies')
      .set({ conditions: JSON.stringify({ seqFlags: ['GONE_FLAG'], GONE_FLAG_left: 1 }) })
      .where('id', '=', broken)
      .execute();
    await db
      .updateTable('screener_strategies')
      .set({ run_day: null })
      .where('id', 'in', [broken, good])
      .execute();
    expect(await session.context.app.screenerStrategies.runDue()).toBe(1);
    const rows = await db
      .selectFrom('screener_strategies')
      .select(['id', 'run_day'])
      .where('id', 'in', [broken, good])
      .execute();
    expect(rows.find((row) => row.id === good)?.run_day).not.toBeNull();
    expect(rows.find((row) => row.id === broken)?.run_day).toBeNull();
  });

  it('two passes over the same day (a restart while one runs, or two instances) store it once', async () => {
    const id = await addStock('两次并发');
    const { db } = session.context.database;
    await db.updateTable('screener_strategies').set({ run_day: null }).where('id', '=', id).execute();
    const second = await session.context.restart();
    // The restarted app starts its own pass as it registers; two more race it. None may fail.
    await Promise.all([session.context.app.screenerStrategies.runDue(), second.screenerStrategies.runDue()]);
    await second.screenerStrategies.idle();
    await second.close();
    const stored = await db
      .selectFrom('screener_strategies')
      .select(['run_day', 'result_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.run_day).toBe(20261120);
    const holdings = await db
      .selectFrom('screener_strategy_holdings')
      .select('code')
      .where('strategy_id', '=', id)
      .execute();
    // Stored once: no code twice, and as many as the claimed run counted.
    expect(new Set(holdings.map((row) => row.code)).size).toBe(holdings.length);
    expect(holdings.length).toBe(stored.result_count);
  }, 60_000);

  it('a list read while the after-close pass runs waits for it, so the start need not', async () => {
    const id = await addStock('读时在跑');
    const { db } = session.context.database;
    await db.updateTable('screener_strategies').set({ run_day: null }).where('id', '=', id).execute();
    // As at a start past a close: the pass is started, not awaited, and a page asks at once.
    const pass = session.context.app.screenerStrategies.runDue();
    const listed = (await call(session.context, screener.strategyListV3, {}, { token: alice })).datas.mine;
    expect(listed.find((strategy) => strategy.id === id)?.runDay).toBe(20261120);
    expect(await pass).toBe(1);
  }, 60_000);

  it('a list read after a restart past the close, before its background pass began, runs the pass first', async () => {
    const id = await addStock('重启先读');
    const { db } = session.context.database;
    await db.updateTable('screener_strategies').set({ run_day: null }).where('id', '=', id).execute();
    // As server.ts starts: background work waits for the listen (and the warm-up after it), while
    // the page that reconnected asks at once.
    const restarted = await session.context.restart({ backgroundStarts: 'listening' });
    try {
      const listed = (
        await call(
          { app: restarted, clock: session.context.clock },
          screener.strategyListV3,
          {},
          { token: alice },
        )
      ).datas.mine;
      expect(listed.find((strategy) => strategy.id === id)).toMatchObject({ runDay: 20261120 });
    } finally {
      await restarted.close();
    }
  }, 60_000);
});

describe('stock diagnosis (vipData)', () => {
  it('scores company, trend and value from 0 to 10, with highlights and risks that quote the stock’s figures', async () => {
    const { datas } = await call(session.context, screener.vipData, { body: { code: '600519.SH' } });
    for (const score of Object.values(datas.score1)) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(10);
    }
    const comments = [...datas.comment_new.positive_new, ...datas.comment_new.unpositive_new];
    expect(comments.length).toBeGreaterThan(0);
    // The valuation percentile is the one the valuation card shows (stockBaseInfo's indexGZPer).
    const base = (await call(session.context, api.stock.stockBaseInfo, { query: { code: '600519.SH' } }))
      .datas;
    const valuation = comments.find((comment) => comment.tag.startsWith('估值'));
    if (valuation) expect(valuation.value).toContain(`${base.indexGZPer?.toFixed(1)}% 分位`);
    // ROE is the one 同行业对比 lists.
    const peers = (
      await call(session.context, api.stock.industryCompareDetail, { query: { code: '600519.SH' } })
    ).datas;
    const roe = peers.list.find((row) => row.code === '600519.SH')?.roe;
    const roeComment = comments.find((comment) => comment.tag.includes('ROE'));
    if (roeComment && roe != null) expect(roeComment.value).toBe(`净资产收益率 ${(roe * 100).toFixed(1)}%`);
  });

  it('refuses what is not a stock', async () => {
    const refused = await callRefused(session.context, screener.vipData, { body: { code: '000300.SH' } });
    expect(['400', '404']).toContain(refused.code);
  });
});
