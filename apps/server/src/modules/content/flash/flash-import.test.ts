import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { api } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../../../market/providers/import/import-problem.ts';
import { call } from '../../../test/call.ts';
import { openQuoteSocket } from '../../../test/quote-socket-client.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { importFlashesFile } from './flash-import.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ apiLock: false });
}, 60_000);
afterAll(async () => {
  await context?.close();
});

function write(name: string, lines: unknown[]): string {
  const file = path.join(context.dataDir, name);
  writeFileSync(
    file,
    `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`,
  );
  return file;
}

async function feed() {
  return (await call(context, api.content.newsList, { query: { limit: 100 } })).datas.list;
}

describe('importFlashesFile', () => {
  it('loads a good file oldest first, so the feed reads newest first, and marks the flashes imported', async () => {
    const file = write('flashes.jsonl', [
      {
        key: 'v-2',
        time: '2026-11-20T10:31:00+08:00',
        title: '第二条',
        body: '正文二',
        importance: 2,
        codes: ['600519.sh'],
      },
      { key: 'v-1', time: Date.parse('2026-11-20T01:00:00Z'), title: '第一条' },
      '',
    ]);
    const result = await importFlashesFile(context.database.db, file);
    expect(result).toMatchObject({ flashes: 2, instruments: 1 });
    const list = await feed();
    expect(list.map((flash) => flash.title)).toEqual(['第二条', '第一条']);
    expect(list[0]).toMatchObject({
      importance: 2,
      source: 'import',
      time: Date.parse('2026-11-20T02:31:00Z'),
    });
  });

  it('writes a flash whose key was imported before only once', async () => {
    const file = write('again.jsonl', [
      { key: 'v-1', time: '2026-11-20T09:00:00+08:00', title: '第一条' },
      { key: 'v-3', time: '2026-11-20T11:00:00+08:00', title: '第三条' },
    ]);
    expect((await importFlashesFile(context.database.db, file)).flashes).toBe(1);
    expect((await feed()).map((flash) => flash.title)).toEqual(['第三条', '第二条', '第一条']);
  });

  it('refuses a file with bad lines, naming each line, and writes nothing of it', async () => {
    const file = write('bad.jsonl', [
      { key: 'v-9', time: '2026-11-20T12:00:00+08:00', title: '好的一条' },
      '{"time": ',
      { time: '2026-11-20 12:00', title: '无时区' },
      { time: 1, title: '', importance: 5 },
      { key: 'v-9', time: 2, title: '重复' },
    ]);
    const error = await importFlashesFile(context.database.db, file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    const message = (error as ImportFileError).message;
    expect(message).toContain('bad.jsonl:2: 不是合法的 JSON');
    expect(message).toContain('bad.jsonl:3: time:');
    expect(message).toContain('bad.jsonl:4: title: 标题不能为空');
    expect(message).toContain('bad.jsonl:4: importance: 重要度应为 1、2 或 3');
    expect(message).toContain('bad.jsonl:5: key: v-9 已在第 1 行出现');
    expect((await feed()).some((flash) => flash.title === '好的一条')).toBe(false);
  });
});

describe('an imported flash on the 7×24 page', () => {
  it('is pushed to the sockets on the flash channel once, while the backlog it came with is not', async () => {
    const { app } = context;
    const socket = await openQuoteSocket(app);
    await socket.nextIs('hello');
    socket.socket.send(JSON.stringify({ type: 'join', channel: 'flash' }));
    // The join has no answer; a ping after it proves the server read it.
    socket.socket.send(JSON.stringify({ type: 'ping', id: 'joined' }));
    await socket.nextOf('pong');

    const now = context.clock().getTime();
    const file = write('live.jsonl', [
      { key: 'live-old', time: now - 60 * 60 * 1000, title: '一小时前的快讯' },
      { key: 'live-new', time: now, title: '刚刚导入的快讯', importance: 2, codes: ['600519.SH'] },
    ]);
    expect((await importFlashesFile(context.database.db, file)).flashes).toBe(2);
    // What the server's periodic look does; the import ran beside it, as `npm run import` does.
    expect(await app.flashPush.check()).toBe(1);
    // Oldest first: had the backlog gone out, it would come first.
    const pushed = await socket.nextOf('flashes');
    expect(pushed.flashes).toHaveLength(1);
    expect(pushed.flashes[0]).toMatchObject({ title: '刚刚导入的快讯', importance: 2, source: 'import' });
    expect((await feed())[0]?.id).toBe(pushed.flashes[0]?.id);
    expect(await app.flashPush.check()).toBe(0);
    socket.socket.terminate();
  });
});
