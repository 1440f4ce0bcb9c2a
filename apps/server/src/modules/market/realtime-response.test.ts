import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { api, envelopeOf, type Quote, quote } from '@zhicai/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { success } from '../../http/envelope.ts';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession } from '../../test/market-session.ts';
import { createRealtimeResponder, negotiateEncoding } from './realtime-response.ts';

const session = useMarketSession();

/** What the zod response serializer writes for these quotes (the route's former answer). */
function serialized(quotes: readonly Quote[]): string {
  return JSON.stringify(z.encode(envelopeOf(api.market.realTime.datas), success([...quotes])));
}

async function realTime(codes: readonly string[], headers: Record<string, string> = {}) {
  return session.context.app.inject({
    method: 'GET',
    url: `/api/v2/capital/realTime?codes=${codes.join(',')}`,
    headers,
  });
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  if (encoding === 'deflate') return inflateSync(body).toString();
  return body.toString();
}

const manyCodes = () =>
  session.context.market.engine
    .allQuotes()
    .filter((item) => item.type === 'capital')
    .slice(0, 120)
    .map((item) => item.code);

describe('realTime fast path', () => {
  it('answers many codes byte for byte as the zod serializer did, in the contract shape', async () => {
    const codes = [...manyCodes(), '00700.HK', '000001.SH', '999999.SH'];
    const response = await realTime(codes);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe(serialized(session.context.market.engine.quotes(codes)));
    const body = envelopeOf(quote.strict().array()).parse(response.json());
    expect(body.datas).toHaveLength(codes.length - 1);
    expect(body.code).toBe('000');
  });

  it('sends the same answer by POST', async () => {
    const codes = manyCodes().slice(0, 50);
    const posted = await session.context.app.inject({
      method: 'POST',
      url: '/api/v2/capital/realTime',
      payload: { codes },
    });
    expect(posted.body).toBe((await realTime(codes)).body);
  });

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
  ])('compresses a large answer with %s to the same JSON', async (encoding, accept) => {
    const codes = manyCodes().slice(0, 50);
    const plain = await realTime(codes);
    const compressed = await realTime(codes, { 'accept-encoding': accept });
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(decoded(compressed.rawPayload, encoding)).toBe(plain.body);
    // Asked again within the tick: the same bytes.
    const again = await realTime(codes, { 'accept-encoding': accept });
    expect(again.rawPayload.equals(compressed.rawPayload)).toBe(true);
  });

  it('sends a single quote (under 1 KB) and x-no-compression requests uncompressed', async () => {
    const single = await realTime(['600519.SH'], { 'accept-encoding': 'gzip, deflate, br' });
    expect(single.headers['content-encoding']).toBeUndefined();
    expect(single.body).toBe(serialized(session.context.market.engine.quotes(['600519.SH'])));
    const refused = await call(
      session.context,
      api.market.realTime,
      { query: { codes: manyCodes().slice(0, 50).join(',') } },
      { headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } },
    );
    expect(refused.response.headers['content-encoding']).toBeUndefined();
    expect(refused.datas).toHaveLength(50);
  });

  it('answers with the new quotes after a tick, compressed or not', async () => {
    const codes = ['600519.SH', ...manyCodes().slice(0, 49)];
    const before = await realTime(codes, { 'accept-encoding': 'br' });
    const quoteBefore = session.context.market.engine.quote('600519.SH');
    session.now += 60_000;
    await session.context.market.engine.beat();
    const quoteAfter = session.context.market.engine.quote('600519.SH');
    expect(quoteAfter).not.toBe(quoteBefore);
    expect(quoteAfter?.time).not.toBe(quoteBefore?.time);

    const after = await realTime(codes, { 'accept-encoding': 'br' });
    const text = decoded(after.rawPayload, 'br');
    expect(text).not.toBe(decoded(before.rawPayload, 'br'));
    expect(text).toBe(serialized(session.context.market.engine.quotes(codes)));
    expect(JSON.parse(text).datas[0].time).toBe(quoteAfter?.time);
    const single = await call(session.context, api.market.realTime, { query: { codes: '600519.SH' } });
    expect(single.datas).toEqual([quoteAfter]);
  });

  it('still refuses a malformed code list, every time', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refusal = await callRefused(session.context, api.market.realTime, { query: { codes: '600519' } });
      expect(refusal.status).toBe(400);
      expect(refusal.message).toMatch(/代码格式/);
    }
  });
});

describe('realTime ahead of Fastify', () => {
  let address: string;
  beforeAll(async () => {
    address = await session.context.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** A GET over a real socket (inject does not pass the pre-router), and whether it answered. */
  function overHttp(path: string, headers: Record<string, string> = {}) {
    const before = session.context.app.preRouter?.answered() ?? 0;
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; preRouted: boolean }>(
      (resolve, reject) => {
        const outgoing = http.get(`${address}${path}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
              preRouted: (session.context.app.preRouter?.answered() ?? 0) > before,
            }),
          );
        });
        outgoing.on('error', reject);
      },
    );
  }

  it.each([
    ['one quote', 1, {}],
    ['one quote, compression offered', 1, { 'accept-encoding': 'gzip, deflate, br' }],
    ['50 quotes', 50, {}],
    ['50 quotes in br', 50, { 'accept-encoding': 'gzip, deflate, br' }],
    ['50 quotes in gzip', 50, { 'accept-encoding': 'gzip' }],
    ['50 quotes in deflate', 50, { 'accept-encoding': 'deflate' }],
    ['50 quotes refusing compression', 50, { 'accept-encoding': 'br', 'x-no-compression': '1' }],
  ])(
    'answers a repeated GET of %s as Fastify does',
    async (_case, count, headers: Record<string, string>) => {
      const path = `/api/v2/capital/realTime?codes=${manyCodes().slice(0, count).join(',')}`;
      await overHttp(path, headers);
      const fast = await overHttp(path, headers);
      expect(fast.preRouted).toBe(true);
      const normal = await session.context.app.inject({ method: 'GET', url: path, headers });
      expect(fast.status).toBe(200);
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...fastHeaders } = fast.headers;
      const { date: _injectDate, connection: _injectConnection, ...normalHeaders } = normal.headers;
      expect(fastHeaders).toEqual(normalHeaders);
      expect(fast.body.equals(normal.rawPayload)).toBe(true);
      const text = decoded(fast.body, fast.headers['content-encoding']);
      expect(envelopeOf(quote.strict().array()).parse(JSON.parse(text)).datas).toHaveLength(count);
    },
  );

  it('answers a malformed code list with the 400 envelope every time, over HTTP too', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await overHttp('/api/v2/capital/realTime?codes=600519');
      expect(response.preRouted).toBe(false);
      expect(response.status).toBe(400);
      const body = JSON.parse(response.body.toString());
      expect(body).toMatchObject({ code: '400', datas: null });
      expect(body.message).toMatch(/代码格式/);
    }
  });

  it('answers with the new quotes after a tick', async () => {
    const path = '/api/v2/capital/realTime?codes=600519.SH';
    await overHttp(path);
    const before = await overHttp(path);
    session.now += 60_000;
    await session.context.market.engine.beat();
    const after = await overHttp(path);
    expect(after.preRouted).toBe(true);
    expect(after.body.toString()).not.toBe(before.body.toString());
    expect(after.body.toString()).toBe(serialized(session.context.market.engine.quotes(['600519.SH'])));
  });
});

describe('realtime responder', () => {
  const base = (code: string, price: number): Quote => ({
    code,
    name: '测试',
    type: 'capital',
    time: 1_795_140_000_000,
    tradingDay: 20261120,
    status: 'trading',
    price,
    prevClose: 10,
    open: 10,
    high: 11,
    low: 9.5,
    volume: 1000,
    amount: 10_500,
    chg: price - 10,
    chgPct: (price - 10) / 10,
    amplitude: 0.15,
    turnoverRate: 0.001,
    limitUp: 11,
    limitDown: 9,
    pe: 12.5,
    pb: 1.2,
    marketCap: 1e9,
    floatMarketCap: 8e8,
  });

  it('reuses an answer while the quotes are the same objects and rebuilds it when one is replaced', () => {
    const responder = createRealtimeResponder({ compressThreshold: 0 });
    const quotes = [base('600000.SH', 10.5), base('600001.SH', 10.6)];
    const codes = quotes.map((item) => item.code);
    const first = responder.answer(codes, quotes, 'gzip');
    expect(responder.answer(codes, [...quotes], 'gzip').payload).toBe(first.payload);
    const moved = [quotes[0] as Quote, base('600001.SH', 10.7)];
    const next = responder.answer(codes, moved, 'gzip');
    expect(next.payload).not.toBe(first.payload);
    expect(JSON.parse(gunzipSync(next.payload).toString()).datas[1].price).toBe(10.7);
  });

  it('tells code lists apart by their codes, a reused frozen list as a list changed in place', () => {
    const responder = createRealtimeResponder();
    const one = base('600000.SH', 10.5);
    const two = base('600001.SH', 10.6);
    const frozenList = Object.freeze(['600000.SH']);
    const first = responder.answer(frozenList, [one], null);
    expect(responder.answer(frozenList, [one], null).payload).toBe(first.payload);
    expect(responder.answer(['600000.SH'], [one], null).payload).toBe(first.payload);
    const changing = ['600000.SH'];
    responder.answer(changing, [one], null);
    changing[0] = '600001.SH';
    const changed = responder.answer(changing, [two], null);
    expect(JSON.parse(changed.payload.toString()).datas[0].code).toBe('600001.SH');
    expect(responder.cachedLists()).toBe(2);
  });

  it('keeps at most cacheSize code lists, dropping the least recently used', () => {
    const responder = createRealtimeResponder({ cacheSize: 2 });
    const lists = ['600000.SH', '600001.SH', '600002.SH'].map((code) => [base(code, 10)]);
    const answerOf = (list: Quote[]) => responder.answer([list[0]?.code ?? ''], list, null).payload;
    const first = answerOf(lists[0] as Quote[]);
    answerOf(lists[1] as Quote[]);
    expect(answerOf(lists[0] as Quote[])).toBe(first);
    answerOf(lists[2] as Quote[]);
    expect(responder.cachedLists()).toBe(2);
    // The second list was the least recently used one; the first is still there.
    expect(answerOf(lists[0] as Quote[])).toBe(first);
  });

  it('still enforces the quote schema at run time', () => {
    const responder = createRealtimeResponder();
    const broken = { ...base('600000.SH', 10), status: 'halted' } as unknown as Quote;
    expect(() => responder.answer(['600000.SH'], [broken], null)).toThrow();
    expect(() => responder.answer(['600000.SH'], [{ ...base('600000.SH', Number.NaN) }], null)).toThrow();
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate', 'deflate'],
    ['br;q=0.5, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['identity', null],
    ['zstd', null],
    ['', null],
    [undefined, null],
  ])('negotiates %s as %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
