import { api, dayKDatas, minuteRow, quote } from '@zhicai/contract';
import { zstokv1 } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { useMarketSession } from '../../test/market-session.ts';
import { openQuoteSocket } from '../../test/quote-socket-client.ts';
import { TEST_API_LOCK_KEY } from '../../test/test-app.ts';

const session = useMarketSession();

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await session.context.app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    body: response.json() as { code: string; message: string; datas: never },
  };
}

async function signed() {
  const token = (await get('/api/v2/system/apiOuth')).body.datas as string;
  return zstokv1(token, Date.now(), TEST_API_LOCK_KEY);
}

describe('quotes', () => {
  it('serves realTime by GET and POST in the contract shape, skipping unknown codes', async () => {
    const { body } = await get('/api/v2/capital/realTime?codes=600519.SH,00700.HK,000001.SH,999999.SH');
    expect(body.code).toBe('000');
    const quotes = quote.array().parse(body.datas);
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
    const posted = await session.context.app.inject({
      method: 'POST',
      url: '/api/v2/capital/realTime',
      payload: { codes: ['600519.SH'] },
    });
    expect(posted.json().datas[0].price).toBe(moutai?.price);
  });

  it('answers a malformed code list with a Chinese validation failure', async () => {
    const { status, body } = await get('/api/v2/capital/realTime?codes=600519');
    expect(status).toBe(400);
    expect(body.message).toMatch(/代码格式/);
  });

  it('serves the full daily history with factors and float shares (protocol shape)', async () => {
    const { body } = await get('/api/v4/dayKV2/600519SH?t=17901455864346');
    const datas = dayKDatas.parse(body.datas);
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

  it('refuses a dayKV2 path that is not a code, and a fund without bars', async () => {
    expect((await get('/api/v4/dayKV2/abc')).status).toBe(400);
    const fund = await get('/api/v4/dayKV2/005827OF');
    expect(fund.status).toBe(404);
    expect(fund.body.message).toMatch(/净值/);
  });

  it('serves the session so far minute by minute', async () => {
    const { body } = await get('/api/v2/k/subscribeShare?code=600519.SH&days=1&isCN=true');
    const rows = minuteRow.array().parse(body.datas);
    // 9:30 … 10:30 is 61 minutes.
    expect(rows.length).toBe(61);
    expect(rows[0]?.[4]).toBe(930);
    expect(rows.at(-1)?.[4]).toBe(1030);
    const live = (await get('/api/v2/capital/realTime?codes=600519.SH')).body.datas as { open: number }[];
    expect(rows[0]?.[1]).toBe(live[0]?.open);
    const fiveDays = minuteRow
      .array()
      .parse((await get('/api/v2/k/subscribeShare?code=600519.SH&days=5')).body.datas);
    expect(new Set(fiveDays.map((row) => row[0])).size).toBe(5);
  });

  it('draws each earlier day of 五日 as its daily bar traded: open, high, low, close and volume', async () => {
    // Regression: every earlier day used to be regenerated from the last stored close instead of its
    // own previous close, so older days opened and closed at prices their bars never saw.
    const minutes = minuteRow
      .array()
      .parse((await get('/api/v2/k/subscribeShare?code=600519.SH&days=5')).body.datas);
    const bars = dayKDatas.parse((await get('/api/v4/dayKV2/600519SH')).body.datas).list;
    const earlierDays = [...new Set(minutes.map((row) => row[0]))].slice(0, 4);
    expect(earlierDays).toHaveLength(4);
    for (const day of earlierDays) {
      const rows = minutes.filter((row) => row[0] === day);
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

describe('search', () => {
  it('finds 贵州茅台 by initials, full pinyin, name and code', async () => {
    for (const keyword of ['gzmt', 'guizhoumaotai', '茅台', '600519']) {
      const { body } = await get(`/api/v2/capital/search?keyword=${encodeURIComponent(keyword)}`);
      expect((body.datas as { name: string }[])[0]?.name, keyword).toBe('贵州茅台');
    }
  });

  it('groups results by kind and searches Hong Kong alone', async () => {
    const grouped = (await get('/api/v2/capital/searchV4?keyword=300')).body.datas as Record<
      string,
      { code: string }[]
    >;
    expect(grouped.indices?.map((hit) => hit.code)).toContain('000300.SH');
    expect(grouped.funds?.map((hit) => hit.code)).toContain('510300.SH');
    const hk = (await get('/api/v2/capital/hk/search?keyword=tx')).body.datas as {
      code: string;
      name: string;
    }[];
    expect(hk.every((hit) => hit.code.endsWith('.HK'))).toBe(true);
    expect(hk.map((hit) => hit.name)).toContain('腾讯控股');
  });
});

describe('market overview', () => {
  it('counts every trading A-share once in the 21 breadth buckets', async () => {
    const { body } = await get('/api/v4/market/marketSummary?isCN=true');
    const datas = body.datas as {
      rise_fall_stat: { r: number; f: number; p: number; list: { name: string; value: number }[] };
      indices: { code: string }[];
    };
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
    const unsigned = await get('/api/v3/market/plateStatPc?ascOrDesc=-1&step=1&type=13&isCN=true');
    expect(unsigned.status).toBe(403);
    const { body } = await get('/api/v3/market/plateStatPc?ascOrDesc=-1&step=1&type=13&isCN=true', {
      ...(await signed()),
    });
    const rows = (body.datas as { data: { name: string; chg: number }[] }).data;
    expect(rows).toHaveLength(31);
    const changes = rows.map((row) => row.chg);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
  });

  it('ranks stocks, funds and managers', async () => {
    const names = (await get('/api/v2/rank/getRankNames')).body.datas as { id: string }[];
    for (const { id } of names) {
      const page = (await get(`/api/v2/rank/getRank?id=${id}&size=5`)).body.datas as {
        total: number;
        list: { rank: number; value: number | null }[];
      };
      expect(
        page.list.map((row) => row.rank),
        id,
      ).toEqual([1, 2, 3, 4, 5]);
      const values = page.list.map((row) => row.value ?? -Infinity);
      expect(values, id).toEqual([...values].sort((a, b) => b - a));
    }
    const rise = (await get('/api/v2/rank/riseFallCapitals?sort=rise&size=3')).body.datas as {
      chgPct: number;
    }[];
    expect(rise[0]?.chgPct).toBeGreaterThanOrEqual(rise[2]?.chgPct ?? 0);
  });

  it('getLevelTree holds SW levels 1–3, each child under its parent, and getRank filters by any level', async () => {
    type Node = { code: string; name: string; level: number; children: Node[] };
    const tree = (await get('/api/v2/rank/getLevelTree')).body.datas as Node[];
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
      const page = (await get(`/api/v2/rank/getRank?id=stock-rise&industry=${code}&size=50`)).body.datas as {
        list: { code: string }[];
      };
      expect(page.list.length, code).toBeGreaterThan(0);
      for (const row of page.list) expect(directory.get(row.code)?.swPath, row.code).toContain(code);
      expect(page.list.map((row) => row.code)).toContain('600519.SH');
    }
  });

  it('answers every market endpoint in the contract schema', async () => {
    for (const [name, url] of [
      ['northSummary', '/api/v2/market/northSummary'],
      ['southSummary', '/api/v2/market/southSummary'],
      ['plateStatV2Page', '/api/v2/market/plateStatV2Page?plate=concept'],
      ['getLevelTree', '/api/v2/rank/getLevelTree'],
      ['sameIndustry', '/api/v2/capital/sameIndustry?code=600519.SH'],
      ['queryName', '/api/v2/capital/queryName?codes=600519.SH,161725.OF'],
    ] as const) {
      const { body } = await get(url);
      expect(api.market[name].datas.safeParse(body.datas).success, name).toBe(true);
    }
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
