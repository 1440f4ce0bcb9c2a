import { api, type IndustryTreeNode } from '@zhicai/contract';
import { adjustBars, headlineIndices, hotEtfs } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession } from '../../test/market-session.ts';
import { openQuoteSocket } from '../../test/quote-socket-client.ts';

const session = useMarketSession();

const realTime = async (codes: string) =>
  (await call(session.context, api.market.realTime, { query: { codes } })).datas;
const minutes = async (days: number) =>
  (await call(session.context, api.market.subscribeShare, { query: { code: '600519.SH', days } })).datas;

describe('quotes', () => {
  it('serves realTime by GET and POST in the contract shape, skipping unknown codes', async () => {
    const answer = await call(session.context, api.market.realTime, {
      query: { codes: '600519.SH,00700.HK,000001.SH,999999.SH' },
    });
    expect(answer.code).toBe('000');
    const quotes = answer.datas;
    expect(quotes.map((item) => item.code)).toEqual(['600519.SH', '00700.HK', '000001.SH']);
    const moutai = quotes[0];
    expect(moutai?.name).toBe('贵州茅台');
    expect(moutai?.status).toBe('trading');
    expect(moutai?.tradingDay).toBe(20261120);
    // Main board: ±10% limits around the previous close.
    expect(moutai?.limitUp).toBeCloseTo((moutai?.prevClose ?? 0) * 1.1, 1);
    expect(moutai?.chgPct).toBeCloseTo(
      ((moutai?.price ?? 0) - (moutai?.prevClose ?? 0)) / (moutai?.prevClose ?? 1),
      5,
    );
    const posted = await call(session.context, api.market.realTimePost, { body: { codes: ['600519.SH'] } });
    expect(posted.datas).toHaveLength(1);
    expect(posted.datas[0]?.price).toBe(moutai?.price);
  });

  it('answers a malformed code list with a Chinese validation failure', async () => {
    const { status, message } = await callRefused(session.context, api.market.realTime, {
      query: { codes: '600519' },
    });
    expect(status).toBe(400);
    expect(message).toMatch(/代码格式/);
  });

  it('serves the full daily history with factors and float shares (protocol shape)', async () => {
    const { datas } = await call(session.context, api.market.dayKV2, {
      params: { code: '600519SH' },
      query: { t: '17901455864346' },
    });
    // Five years of trading days, ending with today's live row.
    expect(datas.list.length).toBeGreaterThan(5 * 240);
    expect(datas.list.at(-1)?.[0]).toBe(20261120);
    expect(datas.factors[0]?.[1]).toBe(1);
    for (const [index, row] of datas.list.entries()) {
      const [, prevClose, open, high, low, close] = row;
      if (close === null) continue;
      expect(high).toBeGreaterThanOrEqual(Math.max(open ?? 0, close));
      expect(low).toBeLessThanOrEqual(Math.min(open ?? Infinity, close));
      // Main-board limit: a close never moves more than 10% (plus rounding) from the previous close.
      expect(Math.abs(close / (prevClose ?? close) - 1)).toBeLessThanOrEqual(0.1005);
      // Without an ex-date the day opens from yesterday's close.
      const previous = datas.list[index - 1];
      const exDate = datas.factors.some(([day]) => day === row[0]);
      if (previous && previous[5] !== null && !exDate) expect(prevClose).toBe(previous[5]);
    }
  });

  // 后复权 and 前复权 are computed on the client from dayKV2's factors (@zhicai/domain adjustBars), so
  // the server's part is factors that obey protocol.md: 1 on the first day, stepping only on
  // ex-dates by previous close ÷ that day's prevClose. Then back-adjusted prices run on without a gap.
  it('serves factors that make back-adjusted (后复权) prices continuous across every ex-date', async () => {
    for (const code of ['600519.SH', '00700.HK']) {
      const { list, factors } = (await call(session.context, api.market.dayKV2, { params: { code } })).datas;
      expect(factors.length, code).toBeGreaterThan(1);
      expect(factors[0], code).toEqual([list[0]?.[0], 1]);
      for (const [index, [date, factor]] of factors.entries()) {
        if (index === 0) continue;
        const at = list.findIndex((row) => row[0] === date);
        const previousClose = list.slice(0, at).findLast((row) => row[5] !== null)?.[5];
        const prevClose = list[at]?.[1];
        expect(at, `${code} ${date}`).toBeGreaterThan(0);
        // Prices are in fen, so the ratio is exact to the rounding of the ex-right reference price.
        expect(factor / (factors[index - 1]?.[1] ?? 1), `${code} ${date}`).toBeCloseTo(
          (previousClose ?? 0) / (prevClose ?? 1),
          3,
        );
      }
      const adjusted = adjustBars(list, factors, 'backward');
      for (const [index, row] of adjusted.entries()) {
        const previous = adjusted.slice(0, index).findLast((bar) => bar[5] !== null);
        if (!previous || row[1] === null || previous[5] === null) continue;
        expect(row[1] / previous[5], `${code} ${row[0]}`).toBeCloseTo(1, 3);
      }
      // The first day is raw under 后复权; the last is raw under 前复权.
      expect(adjusted[0]?.[5]).toBe(list[0]?.[5]);
      expect(adjustBars(list, factors, 'forward').at(-1)?.[5]).toBeCloseTo(list.at(-1)?.[5] ?? 0, 9);
    }
  });

  it('refuses a dayKV2 path that is not a code, and a fund without bars', async () => {
    expect((await callRefused(session.context, api.market.dayKV2, { params: { code: 'abc' } })).status).toBe(
      400,
    );
    const fund = await callRefused(session.context, api.market.dayKV2, { params: { code: '005827OF' } });
    expect(fund.status).toBe(404);
    expect(fund.message).toMatch(/净值/);
  });

  it('serves the session so far minute by minute', async () => {
    const { datas: rows } = await call(session.context, api.market.subscribeShare, {
      query: { code: '600519.SH', days: 1, isCN: 'true' },
    });
    // 9:30 … 10:30 is 61 minutes.
    expect(rows.length).toBe(61);
    expect(rows[0]?.[4]).toBe(930);
    expect(rows.at(-1)?.[4]).toBe(1030);
    const live = await realTime('600519.SH');
    expect(live).toHaveLength(1);
    expect(rows[0]?.[1]).toBe(live[0]?.open);
    const fiveDays = await minutes(5);
    expect(new Set(fiveDays.map((row) => row[0])).size).toBe(5);
  });

  it('draws each earlier day of 五日 as its daily bar traded: open, high, low, close and volume', async () => {
    // Regression: every earlier day used to be regenerated from the last stored close instead of its
    // own previous close, so older days opened and closed at prices their bars never saw.
    const fiveDays = await minutes(5);
    const bars = (await call(session.context, api.market.dayKV2, { params: { code: '600519.SH' } })).datas
      .list;
    const earlierDays = [...new Set(fiveDays.map((row) => row[0]))].slice(0, 4);
    expect(earlierDays).toHaveLength(4);
    for (const day of earlierDays) {
      const rows = fiveDays.filter((row) => row[0] === day);
      const bar = bars.find((row) => String(row[0]) === day);
      if (!bar) throw new Error(`no daily bar for ${day}`);
      const [, , open, high, low, close, volume] = bar;
      const prices = rows.map((row) => row[1] ?? Number.NaN);
      expect(prices[0], day).toBe(open);
      expect(prices.at(-1), day).toBe(close);
      expect(Math.max(...prices), day).toBe(high);
      expect(Math.min(...prices), day).toBe(low);
      // Minute volumes are rounded to lots of 100 shares each.
      const traded = rows.reduce((sum, row) => sum + (row[2] ?? 0), 0);
      expect(Math.abs(traded - (volume ?? 0)), day).toBeLessThanOrEqual(100 * rows.length);
    }
  });
});

describe('featured instruments', () => {
  // Regression: the ETF tab listed 159919.SZ, which the market lacked: its row read `-- --` and its
  // page failed with four 404s. Every code the app lists by itself must be a market instrument.
  it('finds every headline index and hot ETF in the market, each with a price', async () => {
    for (const { code } of [...headlineIndices, ...hotEtfs]) {
      const [quote] = await realTime(code);
      expect(quote?.code, code).toBe(code);
      expect(quote?.price, code).toBeGreaterThan(0);
      const { status } = await call(session.context, api.market.dayKV2, { params: { code } });
      expect(status, code).toBe(200);
    }
  });
});

describe('search', () => {
  it('finds 贵州茅台 by initials, full pinyin, name and code', async () => {
    for (const keyword of ['gzmt', 'guizhoumaotai', '茅台', '600519']) {
      const { datas } = await call(session.context, api.market.search, { query: { keyword } });
      expect(datas[0]?.name, keyword).toBe('贵州茅台');
    }
  });

  // Regression: 白酒 found the concept and the funds but not one liquor maker. Stocks are found by
  // their industry (SW levels 1–3) and concept names too, after every hit by name.
  it('finds the liquor makers by 白酒, after the hits by name', async () => {
    const { datas } = await call(session.context, api.market.search, {
      query: { keyword: '白酒', size: 50 },
    });
    const names = datas.map((hit) => hit.name);
    for (const maker of ['贵州茅台', '五粮液', '山西汾酒']) expect(names, maker).toContain(maker);
    const firstStock = datas.findIndex((hit) => hit.type === 'capital' && !hit.name.includes('白酒'));
    const lastByName = datas.findLastIndex((hit) => hit.name.includes('白酒'));
    expect(lastByName).toBeGreaterThanOrEqual(0);
    expect(firstStock).toBeGreaterThan(lastByName);
    const grouped = (await call(session.context, api.market.searchV4, { query: { keyword: '白酒' } })).datas;
    expect(grouped.stocks.map((hit) => hit.name)).toEqual(expect.arrayContaining(['贵州茅台', '五粮液']));
    // The heaviest maker first: 茅台 leads the industry by market value.
    expect(grouped.stocks[0]?.name).toBe('贵州茅台');
  });

  it('groups results by kind and searches Hong Kong alone', async () => {
    const grouped = (await call(session.context, api.market.searchV4, { query: { keyword: '300' } })).datas;
    expect(grouped.indices.map((hit) => hit.code)).toContain('000300.SH');
    expect(grouped.funds.map((hit) => hit.code)).toContain('510300.SH');
    const hk = (await call(session.context, api.market.hkSearch, { query: { keyword: 'tx' } })).datas;
    expect(hk.every((hit) => hit.code.endsWith('.HK'))).toBe(true);
    expect(hk.map((hit) => hit.name)).toContain('腾讯控股');
  });
});

describe('market overview', () => {
  it('counts every trading A-share once in the 21 breadth buckets', async () => {
    const { datas } = await call(session.context, api.market.marketSummary, { query: { isCN: 'true' } });
    const stat = datas.rise_fall_stat;
    expect(stat.list).toHaveLength(21);
    expect(stat.list[0]?.name).toBe('跌停');
    expect(stat.list[20]?.name).toBe('涨停');
    const total = stat.list.reduce((sum, bucket) => sum + bucket.value, 0);
    expect(total).toBe(stat.r + stat.f + stat.p);
    expect(total).toBeGreaterThan(300);
    expect(datas.indices.map((index) => index.code)).toEqual([
      '000001.SH',
      '399001.SZ',
      '399006.SZ',
      '000300.SH',
      '000688.SH',
      'HSI.HI',
    ]);
  });

  it('refuses an unsigned /v3/ call and serves a signed one with chg in percent', async () => {
    const query = { ascOrDesc: '-1', step: '1', type: '13', isCN: 'true' } as const;
    const unsigned = await callRefused(
      session.context,
      api.market.plateStatPc,
      { query },
      { unsigned: true },
    );
    expect(unsigned.status).toBe(403);
    const rows = (await call(session.context, api.market.plateStatPc, { query })).datas.data;
    expect(rows).toHaveLength(31);
    const changes = rows.map((row) => row.chg);
    expect(changes).toEqual([...changes].sort((a, b) => (b ?? 0) - (a ?? 0)));
  });

  it('ranks stocks, funds and managers', async () => {
    const names = (await call(session.context, api.market.getRankNames)).datas;
    for (const { id } of names) {
      const page = (await call(session.context, api.market.getRank, { query: { id, size: 5 } })).datas;
      expect(
        page.list.map((row) => row.rank),
        id,
      ).toEqual([1, 2, 3, 4, 5]);
      const values = page.list.map((row) => row.value ?? -Infinity);
      expect(values, id).toEqual([...values].sort((a, b) => b - a));
    }
    // Regression: the manager ranking carried only a price of null; a manager row has its own figures.
    const managers = (
      await call(session.context, api.market.getRank, { query: { id: 'manager-return', size: 50 } })
    ).datas.list;
    for (const row of managers) {
      expect(row.manager?.funds, row.name).toBeGreaterThan(0);
      expect(row.subtitle).toContain(`在管 ${row.manager?.funds} 只`);
      expect(row.manager?.careerYears, row.name).toBeGreaterThan(0);
      expect(row.manager?.careerYears, row.name).toBeLessThan(40);
      expect(row.manager?.scale, row.name).toBeGreaterThan(0);
    }
    expect(names.find((name) => name.id === 'stock-turnover')?.figure).toBe('rate');
    expect(names.find((name) => name.id === 'stock-rise')?.figure).toBe('chgPct');
    const rise = (
      await call(session.context, api.market.riseFallCapitals, { query: { sort: 'rise', size: 3 } })
    ).datas;
    expect(rise[0]?.chgPct).toBeGreaterThanOrEqual(rise[2]?.chgPct ?? 0);
  });

  it('getLevelTree holds SW levels 1–3, each child under its parent, and getRank filters by any level', async () => {
    const tree: IndustryTreeNode[] = (await call(session.context, api.market.getLevelTree)).datas;
    expect(tree).toHaveLength(31);
    const { directory } = session.context.market;
    const stocks = directory.ofType('capital');
    for (const level1 of tree) {
      expect(level1.level).toBe(1);
      expect(level1.children.length, level1.code).toBeGreaterThan(0);
      for (const level2 of level1.children) {
        expect(level2.level).toBe(2);
        expect(level2.children.length, level2.code).toBeGreaterThan(0);
        for (const level3 of level2.children) {
          expect(level3).toMatchObject({ level: 3, children: [] });
          // A level-3 node is listed only when a stock sits in it, and then under the right parents.
          const members = stocks.filter((stock) => stock.swPath[2] === level3.code);
          expect(members.length, level3.code).toBeGreaterThan(0);
          for (const stock of members) expect(stock.swPath).toEqual([level1.code, level2.code, level3.code]);
        }
      }
    }
    const food = tree.find((node) => node.code === '801120.ZSI');
    const liquor = food?.children.find((node) => node.code === '801125.ZSI');
    expect(liquor).toMatchObject({
      name: '白酒Ⅱ',
      children: [{ code: '851251.ZSI', name: '白酒Ⅲ', level: 3 }],
    });

    // The rank page may narrow a stock ranking to a level-2 or level-3 node.
    for (const code of ['801125.ZSI', '851251.ZSI']) {
      const page = (
        await call(session.context, api.market.getRank, {
          query: { id: 'stock-rise', industry: code, size: 50 },
        })
      ).datas;
      expect(page.list.length, code).toBeGreaterThan(0);
      for (const row of page.list) expect(directory.get(row.code)?.swPath, row.code).toContain(code);
      expect(page.list.map((row) => row.code)).toContain('600519.SH');
    }
  });

  it('answers every market endpoint in the contract schema', async () => {
    // call() parses each answer with the endpoint's schema and fails on any drift.
    const { context } = session;
    await call(context, api.market.northSummary);
    await call(context, api.market.southSummary);
    await call(context, api.market.plateStatV2Page, { query: { plate: 'concept' } });
    await call(context, api.market.getLevelTree);
    await call(context, api.market.sameIndustry, { query: { code: '600519.SH' } });
    await call(context, api.market.queryName, { query: { codes: '600519.SH,161725.OF' } });
  });
});

describe('live socket', () => {
  it('sends a snapshot on subscribe and a numbered tick per beat with the codes that moved', async () => {
    await session.context.app.ready();
    const { socket, next, nextIs } = await openQuoteSocket(session.context.app, '/ws?node=3');
    expect(await next()).toMatchObject({ type: 'hello', v: 1 });
    socket.send(JSON.stringify({ type: 'subscribe', codes: ['600519.SH', '000001.SH', 'NOPE.SH'] }));
    const snapshot = await nextIs('snapshot');
    expect(snapshot.type).toBe('snapshot');
    expect(snapshot.quotes.map((item) => item.code)).toEqual(['600519.SH', '000001.SH']);

    session.now += 60_000;
    await session.context.market.engine.beat();
    const tick = await nextIs('tick');
    expect(tick.type).toBe('tick');
    expect(tick.seq).toBe(snapshot.seq + 1);
    expect(tick.rows.map((row) => row[0]).sort()).toEqual(['000001.SH', '600519.SH']);
    const price = session.context.market.engine.quote('600519.SH')?.price;
    expect(tick.rows.find((row) => row[0] === '600519.SH')?.[1]).toBe(price);

    socket.send(JSON.stringify({ type: 'unsubscribe', codes: ['000001.SH'] }));
    // The pong proves the server has read the unsubscribe before the next beat.
    socket.send(JSON.stringify({ type: 'ping', id: 'after-unsubscribe' }));
    expect(await next()).toMatchObject({ type: 'pong', id: 'after-unsubscribe' });
    session.now += 60_000;
    await session.context.market.engine.beat();
    const second = await nextIs('tick');
    expect(second.seq).toBe(tick.seq + 1);
    expect(second.rows.map((row) => row[0])).toEqual(['600519.SH']);
    socket.terminate();
  });

  it('sends no ticks while the markets are closed', async () => {
    const listener: unknown[] = [];
    const off = session.context.market.engine.onTick((tick) => listener.push(tick));
    const saved = session.now;
    session.now = Date.parse('2026-11-21T02:30:00Z'); // Saturday
    await session.context.market.engine.beat();
    expect(listener).toHaveLength(0);
    expect(session.context.market.engine.quote('600519.SH')?.status).toBe('closed');
    session.now = saved;
    off();
  });
});
