import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, SQLITE_FILE, sqliteRawRead } from './db/database.ts';
import {
  fromColumns,
  prefetchStartReads,
  START_READS_FILE,
  saveStartReads,
  startReadsReport,
  toColumns,
} from './start-reads.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundleId = 'test-bundle';
const membersSql = 'select index_code, member_code, weight, quantity from members order by rowid';
const countSql = 'select count(*) from members';

let workerDir: string;
let workerFile: string;

// The worker as build.mjs bundles it (ES module), here in a temporary folder: better-sqlite3 is
// imported from the server's node_modules by its full path.
beforeAll(async () => {
  workerDir = mkdtempSync(path.join(tmpdir(), 'zhicai-start-reads-worker-'));
  workerFile = path.join(workerDir, 'start-reads-worker.js');
  const sqliteBinding = createRequire(path.join(serverDir, 'package.json')).resolve('better-sqlite3');
  await build({
    entryPoints: [path.join(serverDir, 'src', 'start-reads-worker.ts')],
    outfile: workerFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    plugins: [
      {
        name: 'server-node-modules',
        setup(plugins) {
          plugins.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: sqliteBinding, external: true }));
        },
      },
    ],
    logLevel: 'warning',
  });
});
afterAll(() => rmSync(workerDir, { recursive: true, force: true }));

describe('the start-reads prefetch', () => {
  let dataDir: string;
  let database: string;
  const opened: DatabaseHandle[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'zhicai-start-reads-'));
    database = path.join(dataDir, SQLITE_FILE);
    const sqlite = new SqliteDatabase(database);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table members (index_code text, member_code text, weight real, quantity integer)');
    const insert = sqlite.prepare('insert into members values (?, ?, ?, ?)');
    for (let i = 0; i < 500; i += 1)
      insert.run(`00000${i % 7}.SH`, `60${String(i).padStart(4, '0')}.SH`, i / 3, i % 5 === 0 ? null : i);
    sqlite.close();
  });
  afterEach(async () => {
    saveStartReads();
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('zhicai.startReads')];
    for (const handle of opened.splice(0)) await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A start as the loader and the server do it: the prefetch, then the database opened. */
  function start(options: { workerFile?: string } = {}) {
    prefetchStartReads({ bundleId, dataDir, database, workerFile: options.workerFile ?? workerFile });
    const handle = openDatabase({ dataDir });
    opened.push(handle);
    return handle;
  }

  async function workerFinished(): Promise<void> {
    const until = Date.now() + 20_000;
    while (startReadsReport()?.workerCpuMs === null && startReadsReport()?.status === 'used') {
      if (Date.now() > until) throw new Error('the prefetch worker did not finish');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  function read(handle: DatabaseHandle, sql = membersSql): unknown[][] {
    const reader = sqliteRawRead<unknown[]>(handle.db, sql);
    if (!reader) throw new Error('not SQLite');
    return reader();
  }

  /** The rows of a start without any prefetch, and the list that start leaves. */
  function firstStart(): unknown[][] {
    const rows = read(start());
    expect(startReadsReport()).toMatchObject({ status: 'absent', used: 0 });
    expect(saveStartReads()).toBe(true);
    return rows;
  }

  it('gives the next start the same rows from the worker as its own read would', async () => {
    const without = firstStart();
    expect(without).toHaveLength(500);
    const handle = start();
    await workerFinished();
    expect(read(handle)).toEqual(without);
    expect(startReadsReport()).toMatchObject({ status: 'used', used: 1, of: 1 });
    // Read again later (not a start's read any more): from the database.
    expect(read(handle)).toEqual(without);
    expect(startReadsReport()).toMatchObject({ used: 1 });
  });

  it('discards the prefetch when the process wrote to the database before the read', async () => {
    firstStart();
    const handle = start();
    await workerFinished();
    await handle.db
      .insertInto('members' as never)
      .values({ index_code: '000300.SH', member_code: '688001.SH', weight: 1, quantity: 2 } as never)
      .execute();
    const rows = read(handle);
    expect(rows).toHaveLength(501);
    expect(rows.at(-1)).toEqual(['000300.SH', '688001.SH', 1, 2]);
    expect(startReadsReport()).toMatchObject({
      status: 'discarded',
      reason: 'written before the read',
      used: 0,
    });
  });

  it('discards the prefetch when another process wrote to the database after the worker read it', async () => {
    firstStart();
    const handle = start();
    await workerFinished();
    const importer = new SqliteDatabase(database);
    importer.prepare('delete from members where quantity is null').run();
    importer.close();
    const rows = read(handle);
    expect(rows).toHaveLength(400);
    expect(startReadsReport()).toMatchObject({ status: 'discarded', used: 0 });
  });

  it('reads a statement the list does not hold itself, and records it for the next start', async () => {
    firstStart();
    const handle = start();
    await workerFinished();
    expect(read(handle, countSql)).toEqual([[500]]);
    expect(startReadsReport()).toMatchObject({ status: 'used', used: 0, of: 1 });
    expect(saveStartReads()).toBe(true);
    const list = JSON.parse(readFileSync(path.join(dataDir, START_READS_FILE), 'utf8'));
    expect(list.reads.map((recorded: { sql: string }) => recorded.sql)).toEqual([countSql]);
  });

  it.each([
    [
      'a broken list file',
      () => writeFileSync(path.join(dataDir, START_READS_FILE), '{"bundleId": "test-bu'),
    ],
    [
      'a list of another build',
      () =>
        writeFileSync(
          path.join(dataDir, START_READS_FILE),
          JSON.stringify({ bundleId: 'older', database, reads: [{ sql: membersSql }] }),
        ),
    ],
  ])('starts without a prefetch from %s and reads as before', (_what, prepare) => {
    const before = openDatabase({ dataDir });
    opened.push(before);
    const without = read(before);
    prepare();
    const handle = start();
    expect(read(handle)).toEqual(without);
    expect(startReadsReport()).toMatchObject({ status: 'absent', used: 0, of: 0 });
  });

  it('reads itself when the worker fails', async () => {
    const without = firstStart();
    const handle = start({ workerFile: path.join(dataDir, 'missing-worker.js') });
    const until = Date.now() + 20_000;
    while (startReadsReport()?.status === 'used' && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(read(handle)).toEqual(without);
    expect(startReadsReport()).toMatchObject({ status: 'discarded', used: 0 });
  });
});

describe('rows by column, as the worker posts them', () => {
  it('gives back every row and value, text, numbers and nulls alike', () => {
    const rows = [
      ['600519.SH', '贵州茅台', 'stock', 12.5, null, 0],
      ['000001.SZ', '平安银行', 'stock', -3, 'x', 1],
      ['510300.SH', null, 'fund', 0.1, 'x', null],
    ];
    const columnar = toColumns(rows, 6);
    expect(fromColumns(structuredClone(columnar))).toEqual(rows);
    // The type column crosses as two distinct strings, not three.
    expect(columnar.columns[2]).toMatchObject({ distinct: ['stock', 'fund'] });
  });
});
