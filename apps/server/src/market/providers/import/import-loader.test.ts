import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createMarketRepositories, type MarketRepositories } from '../../repositories/market-repositories.ts';
import { discoverImportFiles, importFolder } from './import-loader.ts';
import { ImportFileError } from './import-problem.ts';
import { sampleDir } from './test-support.ts';

const marketTables = [
  'instruments',
  'index_members',
  'fund_holdings',
  'daily_series',
  'adjustment_factors',
  'share_changes',
  'market_meta',
] as const;

/** Every row of every market table, in a stable order: two equal snapshots are equal databases. */
async function snapshot(): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of marketTables) {
    const rows = await context.database.db.selectFrom(table).selectAll().execute();
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** A copy of the sample folder to spoil. */
function sampleCopy(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'zhicai-import-'));
  cpSync(sampleDir, folder, { recursive: true });
  return folder;
}

async function rejection(work: Promise<unknown>): Promise<ImportFileError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

let context: TestContext;
let repositories: MarketRepositories;
const folders: string[] = [];

beforeEach(async () => {
  context = await createTestApp({ apiLock: false });
  repositories = createMarketRepositories(context.database.db);
});
afterEach(async () => {
  await context.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('discovering a folder', () => {
  it('orders the master first, then profiles, memberships and series (one-file form before per-code files)', () => {
    const { files, skipped } = discoverImportFiles(sampleDir);
    expect(files.map((file) => file.name)).toEqual([
      'instruments.csv',
      'profiles.jsonl',
      'members.csv',
      'holdings.csv',
      'bars.csv',
      'bars/00700.HK.csv',
      'bars/HSI.HI.csv',
      'navs.csv',
      'factors.csv',
      'share-changes.csv',
    ]);
    expect(files.find((file) => file.name === 'bars/HSI.HI.csv')?.code).toBe('HSI.HI');
    // statements.jsonl belongs to the report module; the CLI hands it in as an extra file.
    expect(skipped).toEqual(['statements.jsonl']);
  });
});

describe('importing the sample', () => {
  it('loads every file and reports rows and instruments per file', async () => {
    const result = await importFolder(repositories, sampleDir);
    expect(result.files.map((file) => [file.file, file.rows, file.instruments])).toEqual([
      ['instruments.csv', 10, 10],
      ['profiles.jsonl', 3, 3],
      ['members.csv', 7, 4],
      ['holdings.csv', 5, 2],
      ['bars.csv', 70, 7],
      ['bars/00700.HK.csv', 10, 1],
      ['bars/HSI.HI.csv', 10, 1],
      ['navs.csv', 10, 1],
      ['factors.csv', 4, 3],
      ['share-changes.csv', 2, 2],
    ]);
    expect(await repositories.instruments.instrumentCount()).toBe(10);
    const bars = await repositories.series.readSeries('000858.SZ', 'day');
    expect(bars).toHaveLength(10);
    // 2026-11-05 is a suspension: the day is kept with its prevClose and nothing traded.
    expect(bars[3]).toEqual([20261105, 123.18, null, null, null, null, 0, 0]);
    expect(await repositories.series.readSeries('110022.OF', 'nav')).toHaveLength(10);
    expect(await repositories.corporateActions.readFactors('600519.SH')).toEqual([
      [20261102, 1],
      [20261110, 1.016473],
    ]);
    expect(await repositories.corporateActions.readShareChanges('600519.SH')).toEqual([
      [20261102, 1256197800],
    ]);
    expect((await repositories.memberships.listHoldings('110022.OF')).map((row) => row.member_code)).toEqual([
      '600519.SH',
      '000858.SZ',
    ]);
    const moutai = (await repositories.instruments.listInstruments()).find((row) => row.code === '600519.SH');
    expect(moutai?.pinyin_initials).toBe('gzmt');
    expect(JSON.parse((await repositories.instruments.readProfile('600519.SH')) ?? '{}').fullName).toBe(
      '贵州茅台酒股份有限公司',
    );
    expect(await repositories.meta.readMeta('source')).toBe('import');
    expect(await repositories.meta.readMeta('through')).toBe('20261113');
  });

  it('changes nothing when the same folder is imported again', async () => {
    await importFolder(repositories, sampleDir);
    const first = await snapshot();
    await importFolder(repositories, sampleDir);
    expect(await snapshot()).toEqual(first);
  });

  it('merges a later bars file into the stored series by date: new days append, a stored day is replaced', async () => {
    await importFolder(repositories, sampleDir);
    const folder = mkdtempSync(path.join(tmpdir(), 'zhicai-import-'));
    folders.push(folder);
    writeFileSync(
      path.join(folder, 'bars.csv'),
      'code,date,prev_close,open,high,low,close,volume,amount\n600519.SH,20261113,1500,1500,1500,1500,1500,100,150000\n600519.SH,20261116,1500,1510,1530,1505,1520,200,304000\n',
    );
    await importFolder(repositories, folder);
    const bars = await repositories.series.readSeries('600519.SH', 'day');
    expect(bars).toHaveLength(11);
    expect(bars.at(-2)).toEqual([20261113, 1500, 1500, 1500, 1500, 1500, 100, 150000]);
    expect(bars.at(-1)?.[0]).toBe(20261116);
    expect(await repositories.meta.readMeta('through')).toBe('20261116');
  });
});

describe('a bad row', () => {
  it('rejects its whole file with file:line and leaves the database exactly as it was', async () => {
    await importFolder(repositories, sampleDir);
    const before = await snapshot();
    const folder = sampleCopy();
    folders.push(folder);
    // Valid changes above and below the bad row: none of them may be written.
    const lines = readFileSync(path.join(folder, 'bars.csv'), 'utf8').split('\n');
    lines[1] = '600519.SH,20261102,1478.0,1400,1600,1390,1590,2258400,3379712538';
    lines[30] = '300750.SZ,20261113,382.4,380,379,370,381,1000,380000';
    lines[60] = '801730.ZSI,20261113,8530.2,8500,8600,8400,8550,100,855000';
    writeFileSync(path.join(folder, 'bars.csv'), lines.join('\n'));

    const error = await rejection(importFolder(repositories, folder));
    expect(error.file).toBe('bars.csv');
    expect(error.message).toBe('bars.csv:31: high: 379 is below max(open, close) = 381');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the files before it, writes nothing of its file and stops before the files after it', async () => {
    const folder = sampleCopy();
    folders.push(folder);
    const text = readFileSync(path.join(folder, 'navs.csv'), 'utf8');
    writeFileSync(path.join(folder, 'navs.csv'), text.replace('110022.OF,20261106', '110022.OF,20261107'));
    const error = await rejection(importFolder(repositories, folder));
    expect(error.message).toBe(
      'navs.csv:6: date: 20261107 is not a trading day of the mainland market (weekend or exchange holiday)',
    );
    expect(await repositories.series.readSeries('600519.SH', 'day')).toHaveLength(10);
    expect(await repositories.series.readSeries('110022.OF', 'nav')).toEqual([]);
    expect(await repositories.corporateActions.readFactors('600519.SH')).toEqual([]);
  });

  it('rolls back a file whose write fails half way (one transaction per file)', async () => {
    await importFolder(repositories, sampleDir);
    const before = await snapshot();
    const folder = sampleCopy();
    folders.push(folder);
    writeFileSync(
      path.join(folder, 'bars.csv'),
      readFileSync(path.join(folder, 'bars.csv'), 'utf8').replaceAll('1478.0', '1477.0'),
    );
    const failing: MarketRepositories = {
      ...repositories,
      meta: {
        ...repositories.meta,
        // The series rows are written, then the transaction fails before it commits.
        async writeMeta() {
          throw new Error('disk full');
        },
      },
    };
    await expect(importFolder(failing, folder)).rejects.toThrow('disk full');
    expect(await snapshot()).toEqual(before);
  });

  it('lists at most 20 problems of a file and counts the rest', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'zhicai-import-'));
    folders.push(folder);
    const rows = Array.from(
      { length: 25 },
      (_, index) => `60${String(index).padStart(4, '0')}.SH,名称,stock,20200101`,
    );
    writeFileSync(path.join(folder, 'instruments.csv'), `code,name,type,listing_date\n${rows.join('\n')}\n`);
    const error = await rejection(importFolder(repositories, folder));
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[0]).toMatch(/^instruments\.csv:2: type: must be one of/);
    expect(lines[20]).toBe('… and 5 more problems in instruments.csv');
    expect(await repositories.instruments.instrumentCount()).toBe(0);
  });
});

describe('what the import refuses', () => {
  it('a database that holds the demo market', async () => {
    await repositories.transaction((trx) => repositories.meta.writeMeta(trx, 'source', 'demo'));
    const error = await rejection(importFolder(repositories, sampleDir));
    expect(error.message).toMatch(/holds the generated demo market/);
    expect(await repositories.instruments.instrumentCount()).toBe(0);
  });

  it('a first import without instruments.csv, and a folder with nothing it knows (naming what it skipped)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'zhicai-import-'));
    folders.push(folder);
    writeFileSync(path.join(folder, 'readme.txt'), 'hello');
    expect((await rejection(importFolder(repositories, folder))).message).toMatch(/no recognised files/);
    cpSync(path.join(sampleDir, 'bars.csv'), path.join(folder, 'bars.csv'));
    expect((await rejection(importFolder(repositories, folder))).message).toMatch(/needs instruments\.csv/);
    expect(discoverImportFiles(folder).skipped).toEqual(['readme.txt']);
  });
});
