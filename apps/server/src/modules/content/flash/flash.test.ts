import { gunzipSync } from 'node:zlib';
import { api, envelopeOf, type Flash, flashPage, type ServerMessage } from '@zhicai/contract';
import { formatAmount, formatPercent } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { beijingInstant, type EngineTick } from '../../../market/quote-engine.ts';
import { call, callRefused } from '../../../test/call.ts';
import { FRIDAY_SESSION, useMarketSession } from '../../../test/market-session.ts';
import { openQuoteSocket } from '../../../test/quote-socket-client.ts';
import { listenOnLoopback, rawRequest } from '../../../test/raw-request.ts';
import { createMarketService } from '../../market/market.service.ts';
import { createDemoFlashWriter } from './demo-flash-writer.ts';
import { createFlashRepository, type FlashDraft, type FlashRepository } from './flash.repository.ts';

const session = useMarketSession(FRIDAY_SESSION, { apiLock: false });
/** Friday 2026-11-20 as a trading day. */
const FRIDAY = 20261120;
const SSE = '000001.SH';

async function feed(query: { lastId?: number; limit?: number; type?: number; code?: string } = {}) {
  return (await call(session.context, api.content.newsList, { query })).datas;
}

/** Every flash of the feed, newest first, read page by page. */
async function wholeFeed(limit = 50): Promise<Flash[]> {
  const all: Flash[] = [];
  let lastId: number | undefined;
  for (;;) {
    const page = await feed({ limit, ...(lastId ? { lastId } : {}) });
    all.push(...page.list);
    if (page.lastId === null) return all;
    lastId = page.lastId;
  }
}

describe('the demo feed on first start', () => {
  it('holds the recent sessions, written from their stored bars and marked as demo', async () => {
    const all = await wholeFeed();
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((flash) => flash.source === 'demo')).toBe(true);
    const closes = all.filter((flash) => flash.title.startsWith('A股收盘'));
    expect(closes).toHaveLength(3);
    // Newest first, and written in the order of their events.
    const times = all.map((flash) => flash.time);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("states the index close the K-line's stored bar holds", async () => {
    const { datas } = await call(session.context, api.market.dayKV2, { params: { code: SSE } });
    const closes = (await wholeFeed()).filter((flash) => flash.title.startsWith('A股收盘'));
    const newest = closes[0];
    const bar = datas.list.find((row) => beijingInstant(row[0], 1500) === newest?.time);
    expect(bar).toBeDefined();
    expect(newest?.body).toContain(`上证指数`);
    expect(newest?.body).toContain(`报${bar?.[5]?.toFixed(2)}点`);
  });

  it('is not written twice by a restart', async () => {
    const before = (await wholeFeed()).length;
    const restarted = await session.context.restart();
    const page = await call({ ...session.context, app: restarted }, api.content.newsList, {
      query: { limit: 100 },
    });
    expect(page.datas.list.length).toBeLessThanOrEqual(100);
    expect((await wholeFeed()).length).toBe(before);
    await restarted.close();
  });
});

describe('paging by cursor', () => {
  it('loses and repeats nothing when a flash is written between two pages', async () => {
    const expected = await wholeFeed();
    const first = await feed({ limit: 4 });
    expect(first.list.map((flash) => flash.id)).toEqual(expected.slice(0, 4).map((flash) => flash.id));

    const repository = createFlashRepository(session.context.database.db);
    const [written] = await repository.insert([
      {
        time: session.now,
        title: '插入的快讯',
        body: '翻页之间写入的一条快讯。',
        importance: 1,
        codes: [],
        sectors: [],
        source: 'import',
        eventKey: null,
      },
    ]);

    const rest: Flash[] = [];
    let lastId = first.lastId ?? undefined;
    while (lastId !== undefined) {
      const page = await feed({ limit: 4, lastId });
      rest.push(...page.list);
      lastId = page.lastId ?? undefined;
    }
    const ids = [...first.list, ...rest].map((flash) => flash.id);
    expect(ids).toEqual(expected.map((flash) => flash.id));
    expect(new Set(ids).size).toBe(ids.length);

    // The new flash heads the next read of the newest page, though that page was read before it
    // was written and was written by another hand than this server's (as an import is).
    expect((await feed({ limit: 4 })).list[0]?.id).toBe(written?.id);
  });

  it('filters by importance and by instrument, each by its own cursor', async () => {
    const important = await feed({ type: 2, limit: 100 });
    expect(important.list.length).toBeGreaterThan(0);
    expect(important.list.every((flash) => flash.importance >= 2)).toBe(true);

    const headlines = (await call(session.context, api.content.newsJhList, { query: { limit: 100 } })).datas;
    expect(headlines.list.every((flash) => flash.importance === 3)).toBe(true);
    expect(headlines.list.length).toBe(3);

    const about = await feed({ code: SSE.toLowerCase(), limit: 2 });
    expect(about.list.length).toBe(2);
    expect(about.list.every((flash) => flash.instruments.some((ref) => ref.code === SSE))).toBe(true);
    const next = await feed({ code: SSE, limit: 2, lastId: about.lastId ?? 0 });
    expect(next.list.every((flash) => flash.id < (about.list.at(-1)?.id ?? 0))).toBe(true);
  });

  it('opens one flash by id and refuses an unknown one with the catalogue code', async () => {
    const [newest] = (await feed({ limit: 1 })).list;
    const { datas } = await call(session.context, api.content.newsJhGet, { query: { id: newest?.id ?? 0 } });
    expect(datas).toEqual(newest);
    const refused = await callRefused(session.context, api.content.newsJhGet, { query: { id: 99_999_999 } });
    expect(refused.code).toBe('404');
    const bad = await callRefused(session.context, api.content.newsList, { query: { limit: 500 } });
    expect(bad.code).toBe('400');
  });
});

/** The app's loopback address (inject does not pass the pre-router), listening from the first use. */
let listening: Promise<string> | undefined;
const address = () => {
  listening ??= listenOnLoopback(session.context.app);
  return listening;
};

/** A GET over a real socket, and whether the pre-router answered it. */
async function overHttp(path: string, headers: Record<string, string> = {}) {
  const { app } = session.context;
  const before = app.preRouter?.answered() ?? 0;
  const answer = await rawRequest(await address(), path, { headers });
  return { ...answer, preRouted: (app.preRouter?.answered() ?? 0) > before };
}

describe('the feed ahead of Fastify', () => {
  it.each([
    ['the newest page', '/api/v2/news/list?limit=5', {}],
    ['the newest page in gzip', '/api/v2/news/list?limit=5', { 'accept-encoding': 'gzip, deflate, br' }],
    ['a page by cursor', '/api/v2/news/list?limit=3&lastId=LAST', {}],
    ['a page by cursor in gzip', '/api/v2/news/list?limit=3&lastId=LAST', { 'accept-encoding': 'gzip' }],
    ['an instrument page', `/api/v2/news/list?limit=2&code=${SSE}&type=1`, { 'accept-encoding': 'gzip' }],
    ['the headlines', '/api/v2/news/jh/list?limit=2', {}],
  ])('answers a repeated GET of %s byte for byte as Fastify does', async (_case, template, headers) => {
    const [, second] = (await feed({ limit: 2 })).list;
    const path = template.replace('LAST', String(second?.id));
    await overHttp(path, headers);
    const fast = await overHttp(path, headers);
    expect(fast.preRouted).toBe(true);
    const normal = await session.context.app.inject({ method: 'GET', url: path, headers });
    expect(fast.status).toBe(200);
    const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...fastHeaders } = fast.headers;
    const { date: _injectDate, connection: _injectConnection, ...normalHeaders } = normal.headers;
    expect(fastHeaders).toEqual(normalHeaders);
    expect(fast.bytes.equals(normal.rawPayload)).toBe(true);
    const text = fast.headers['content-encoding'] === 'gzip' ? gunzipSync(fast.bytes).toString() : fast.body;
    expect(envelopeOf(flashPage).parse(JSON.parse(text)).datas.list.length).toBeGreaterThan(0);
  });

  it('leaves a bad querystring to Fastify every time', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const bad = await overHttp('/api/v2/news/list?limit=500');
      expect(bad.preRouted).toBe(false);
      expect(JSON.parse(bad.body).code).toBe('400');
    }
  });
});

describe('flashes of the running market', () => {
  it("writes the open with the opening levels the quotes hold, pushes the tick's flashes to the flash channel in one message and heads the newest page at once", async () => {
    const { app, market } = session.context;
    // The newest page, read twice: the pre-router now holds it.
    await overHttp('/api/v2/news/list?limit=3');
    expect((await overHttp('/api/v2/news/list?limit=3')).preRouted).toBe(true);
    const socket = await openQuoteSocket(app);
    // A socket on a page that also shows a quote: it reads the beat's tick beside the flash.
    const quoting = await openQuoteSocket(app);
    for (const { socket: ws } of [socket, quoting]) {
      ws.send(JSON.stringify({ type: 'join', channel: 'flash' }));
      // The join has no answer; a ping after it proves the server read it.
      ws.send(JSON.stringify({ type: 'ping', id: 'joined' }));
    }
    quoting.socket.send(JSON.stringify({ type: 'subscribe', codes: [SSE] }));
    await socket.nextOf('pong');
    await quoting.nextOf('snapshot');

    session.now += 3000;
    const seq = market.engine.seq() + 1;
    await market.engine.beat();
    await app.demoFlashes?.idle();
    // Subscribed to no code, the 7×24 page's socket is sent the flashes and no tick: every flash
    // the open's tick wrote (the open, stocks opening at a limit) in one message, oldest first.
    const pushed = await socket.nextIs('flashes');
    const live = (await wholeFeed()).filter((flash) => flash.time >= session.now);
    expect(pushed.flashes.map(({ id }) => id)).toEqual(live.map(({ id }) => id).reverse());
    // A socket that also reads quotes gets the beat's tick and the same flashes. The tick's fan-out
    // waits for the beat's flashes (announced by the writer), so they go in the same write, ahead
    // of the tick (websocket-hub.ts, whose tests hold both); an insert slower than announcedWaitMs
    // (a stalled database) would follow the tick in a write of its own.
    const received: { type: string }[] = [];
    const has = (type: string) => received.some((message) => message.type === type);
    while (!has('tick') || !has('flashes')) received.push(await quoting.next());
    expect(received.filter((message) => message.type === 'flashes')).toEqual([pushed]);
    expect(market.engine.seq()).toBe(seq);
    const open = live.find((flash) => flash.title === 'A股开盘' && flash.time > beijingInstant(FRIDAY, 900));
    expect(open).toBeDefined();
    const quote = market.engine.quote(SSE);
    expect(quote?.open).not.toBeNull();
    const change = ((quote?.open ?? 0) - (quote?.prevClose ?? 0)) / (quote?.prevClose ?? 1);
    expect(open?.body).toContain(
      `上证指数${change >= 0 ? '涨' : '跌'}${formatPercent(Math.abs(change), { sign: false })}，报${quote?.open?.toFixed(2)}点`,
    );
    expect(pushed.flashes[0]?.title).toBe(open?.title);
    const newest = await overHttp('/api/v2/news/list?limit=3');
    expect(newest.preRouted).toBe(false);
    const ids = envelopeOf(flashPage)
      .parse(JSON.parse(newest.body))
      .datas.list.map((flash) => flash.id);
    expect(ids).toContain(pushed.flashes[0]?.id);
    socket.socket.terminate();
    quoting.socket.terminate();
  });

  it('writes a stock at its limit with the close and change of its stored bar', async () => {
    const limits = (await wholeFeed()).filter((flash) => /(涨停|跌停)$/.test(flash.title));
    expect(limits.length).toBeGreaterThan(0);
    for (const flash of limits.slice(0, 3)) {
      const [stock] = flash.instruments;
      if (!stock) throw new Error(`${flash.title} names no stock`);
      const { datas } = await call(session.context, api.market.dayKV2, { params: { code: stock.code } });
      const bar = datas.list.find(
        (row) => beijingInstant(row[0], 1500) <= flash.time && flash.time < beijingInstant(row[0], 1600),
      );
      const [, prevClose, , , , close] = bar ?? [];
      const change = ((close ?? 0) - (prevClose ?? 0)) / (prevClose ?? 1);
      expect(flash.body).toContain(
        `报${close?.toFixed(2)}元，${change > 0 ? '涨' : '跌'}${formatPercent(Math.abs(change), { sign: false })}`,
      );
    }
  });

  it("judges a tick's shares at a limit in slices and writes the flashes one pass would", async () => {
    const { market } = session.context;
    // The trading shares that open a slice of the judging (every 64th row), put at their limit-up
    // in the engine the writers read: a row lost across a yield would lose its flash.
    const priced = market.engine.allQuotes().filter((quote) => quote.price !== null);
    const atLimit = new Map(
      priced
        .filter(
          (quote, row) =>
            row % 64 === 0 &&
            quote.type === 'capital' &&
            quote.status === 'trading' &&
            quote.limitUp !== null,
        )
        .map((quote) => [quote.code, { ...quote, price: quote.limitUp, high: quote.limitUp }]),
    );
    const engine = {
      ...market.engine,
      quote: (code: string) => atLimit.get(code) ?? market.engine.quote(code),
    };
    // Every quote in one tick, as the open's tick carries them.
    const rows: EngineTick['rows'] = priced.flatMap((quote) => {
      const { code, price, open, high, low, volume, amount } = atLimit.get(quote.code) ?? quote;
      return price === null
        ? []
        : [[code, price, open ?? price, high ?? price, low ?? price, volume, amount]];
    });
    const tick: EngineTick = { seq: market.engine.seq(), time: session.now, tradingDay: FRIDAY, rows };
    const writtenBy = async (judgeSliceMs: number) => {
      const written: FlashDraft[] = [];
      const writer = createDemoFlashWriter({
        market: { ...market, engine },
        marketService: createMarketService(market),
        // What it would store, kept apart: both writers judge the same events anew.
        repository: {
          insert: async (drafts: FlashDraft[]) => {
            written.push(...drafts);
            return [];
          },
        } as unknown as FlashRepository,
        onWritten: () => {},
        onError: (error) => {
          throw error;
        },
        judgeSliceMs,
      });
      await writer.onTick(tick);
      return written;
    };
    // Slices of 0 ms: the judging yields after every 64 rows.
    const sliced = await writtenBy(0);
    expect(atLimit.size).toBeGreaterThan(1);
    expect(sliced.filter((draft) => draft.title.endsWith('涨停')).map((draft) => draft.codes[0])).toEqual(
      [...atLimit.keys()].sort(),
    );
    expect(sliced).toEqual(await writtenBy(60_000));
  });

  it('writes the close with the amount and breadth the market overview shows', async () => {
    const { app } = session.context;
    session.now = beijingInstant(FRIDAY, 1530);
    await session.context.market.engine.beat();
    app.demoFlashes?.checkClose();
    await app.demoFlashes?.idle();
    const { datas: summary } = await call(session.context, api.market.marketSummary, {
      query: { isCN: 'true' },
    });
    const close = (await feed({ type: 3, limit: 1 })).list[0];
    expect(close?.time).toBe(beijingInstant(FRIDAY, 1500));
    expect(close?.body).toContain(`两市成交额${formatAmount(summary.amount)}元`);
    expect(close?.body).toContain(`${summary.rise_fall_stat.r}只个股上涨，${summary.rise_fall_stat.f}只下跌`);
    expect(close?.body).toContain(`${summary.limitUp}只涨停`);

    // Judged again (the next timer round, or another instance): still one close of the day.
    app.demoFlashes?.checkClose();
    await app.demoFlashes?.idle();
    const closes = (await wholeFeed()).filter((flash) => flash.time === beijingInstant(FRIDAY, 1500));
    expect(closes).toHaveLength(1);
  });
});

describe('the open of the next session', () => {
  it("writes A股开盘 from the open the call auction fixed and pushes it ahead of the open's tick, with the levels and limit prices the quotes hold", async () => {
    const { app, market } = session.context;
    const { socket, next, nextOf } = await openQuoteSocket(app);
    socket.send(JSON.stringify({ type: 'join', channel: 'flash' }));
    socket.send(JSON.stringify({ type: 'ping', id: 'joined' }));
    await nextOf('pong');
    socket.send(JSON.stringify({ type: 'subscribe', codes: [SSE] }));
    await nextOf('snapshot');

    // Monday 2026-11-23: a beat in the call auction works the open out, the open's beat pushes it.
    const monday = 20261123;
    session.now = beijingInstant(monday, 920);
    await market.engine.beat();
    session.now = beijingInstant(monday, 930) + 1000;
    await market.engine.beat();
    await app.demoFlashes?.idle();
    const received: ServerMessage[] = [];
    const indexOf = (type: string) => received.findIndex((message) => message.type === type);
    while (indexOf('tick') < 0) received.push(await next());
    // The open's flashes came first, in a write before the open's tick.
    expect(indexOf('flashes')).toBeGreaterThanOrEqual(0);
    expect(indexOf('flashes')).toBeLessThan(indexOf('tick'));
    const pushed = received.flatMap((message) => (message.type === 'flashes' ? message.flashes : []));
    const open = pushed.find((flash) => flash.title === 'A股开盘');
    expect(open?.time).toBe(session.now);
    const quote = market.engine.quote(SSE);
    const change = ((quote?.open ?? 0) - (quote?.prevClose ?? 0)) / (quote?.prevClose ?? 1);
    expect(open?.body).toContain(
      `上证指数${change >= 0 ? '涨' : '跌'}${formatPercent(Math.abs(change), { sign: false })}，报${quote?.open?.toFixed(2)}点`,
    );
    // A share opening at a limit is told at the price and limit its quote holds after the beat.
    for (const flash of pushed.filter(({ title }) => /(涨停|跌停)$/.test(title))) {
      const [stock] = flash.instruments;
      const stockQuote = stock ? market.engine.quote(stock.code) : undefined;
      const limit = flash.title.endsWith('涨停') ? stockQuote?.limitUp : stockQuote?.limitDown;
      expect(stockQuote?.price, flash.title).toBe(limit);
      expect(flash.body).toContain(`报${stockQuote?.price?.toFixed(2)}元`);
    }
    // The open's tick found its events written: nothing of the open is written twice.
    const opens = (await wholeFeed()).filter(
      (flash) => flash.title === 'A股开盘' && flash.time >= session.now,
    );
    expect(opens).toHaveLength(1);
    socket.terminate();
  }, 120_000);
});
