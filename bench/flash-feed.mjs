// The 7×24 feed's throughput (issue 17 benchmark): 50 flashes a page by cursor (GET
// /api/v2/news/list?limit=50&lastId=…), mid-session (MARKET_CLOCK_START) while the quotes tick every
// 3 s and the demo writer judges every tick. Budget: ≥ 5,000 requests per server CPU-second.
//
// As in watchlist-list.mjs, the server is pinned to core 0 and autocannon runs in this process on
// core 1 (withPinnedServer); the judged rate is requests per server CPU-second. The feed holds the demo market's own
// flashes plus 5,000 imported ones (written into the prepared database before the server starts),
// and the 10 connections read pages at cursors spread over the whole feed, as readers scrolling
// back do; the chips' instruments are named in each flash, so every page shapes real rows.
import path from 'node:path';
import Database from 'better-sqlite3';
import { serverLoad, tradingSessionStart, withPinnedServer } from './server.mjs';

export const name = '7×24 feed (50 flashes by cursor)';

const perServerCpuSecond = 'req per server CPU-second';
const FLASHES = 5000;
const PAGE = 50;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;
const SECONDS = 10;

/** Writes FLASHES imported flashes, a minute apart before the session, each about two instruments. */
export function seedFlashes(dataDir) {
  const sqlite = new Database(path.join(dataDir, 'zhicai.sqlite'));
  try {
    const codes = sqlite
      .prepare("select code from instruments where type = 'capital' order by code limit 200")
      .all()
      .map((row) => row.code);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const insertFlash = sqlite.prepare(
      `insert into content_flashes (time, title, body, importance, codes, sectors, source, event_key)
       values (?, ?, ?, ?, ?, '[]', 'import', ?)`,
    );
    const insertCode = sqlite.prepare('insert into content_flash_instruments (code, flash_id) values (?, ?)');
    sqlite.transaction(() => {
      for (let index = 0; index < FLASHES; index += 1) {
        const about = [codes[index % codes.length], codes[(index * 7 + 3) % codes.length]];
        const { lastInsertRowid } = insertFlash.run(
          start + index * 60_000,
          `导入快讯 ${index}`,
          `第 ${index} 条导入的快讯，正文约一百字，说明一件与两家公司有关的事。`.repeat(2),
          (index % 10) + 1 > 8 ? 2 : 1,
          JSON.stringify(about),
          `bench:${index}`,
        );
        for (const code of new Set(about)) insertCode.run(code, Number(lastInsertRowid));
      }
    })();
  } finally {
    sqlite.close();
  }
}

async function page(address, lastId) {
  const url = `${address}/api/v2/news/list?limit=${PAGE}${lastId ? `&lastId=${lastId}` : ''}`;
  const answer = await (await fetch(url)).json();
  if (answer.code !== '000') throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.datas;
}

export async function run() {
  const env = { MARKET_CLOCK_START: tradingSessionStart };
  return withPinnedServer('flash-feed', { env, prepare: seedFlashes }, async ({ server, where }) => {
    // Every cursor of the feed, read once as a reader scrolling to its end would.
    const cursors = [undefined];
    let total = 0;
    for (;;) {
      const datas = await page(server.address, cursors.at(-1));
      total += datas.list.length;
      if (datas.list.length !== PAGE && datas.lastId !== null) throw new Error('a short page before the end');
      if (datas.lastId === null) break;
      cursors.push(datas.lastId);
    }
    if (total < FLASHES) throw new Error(`the feed holds ${total} flashes, not at least ${FLASHES}`);
    const requests = cursors.map((cursor) => ({
      method: 'GET',
      path: `/api/v2/news/list?limit=${PAGE}${cursor ? `&lastId=${cursor}` : ''}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    }));
    const { result, failed, perCpuSecond, corePercent, kbEach } = await serverLoad(server, {
      requests,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    });
    return {
      budget: { value: 5000, unit: perServerCpuSecond, atLeast: true },
      value: perCpuSecond,
      detail:
        `wall ${result.requests.average.toFixed(0)} req/s, server at ${corePercent.toFixed(0)}% of a core, ` +
        `${kbEach.toFixed(1)} KB a page (gzip), ${total} flashes over ${cursors.length} cursors, p99 ${result.latency.p99} ms, ` +
        `${CONNECTIONS} connections, ${SECONDS} s${failed > 0 ? `, ${failed} FAILED requests` : ''}; ${where}`,
    };
  });
}
