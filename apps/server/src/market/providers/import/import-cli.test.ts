import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/database.ts';
import { createMarketRepositories } from '../../repositories/market-repositories.ts';
import { sampleDir } from './test-support.ts';

// The shipped bundle (dist/import.js, what `npm run import` runs), built here like server-process.test.ts.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const bundle = path.join(serverDir, 'dist', 'import.js');
let dataDir: string;
let spoiled: string;

function runImport(...args: string[]) {
  const result = spawnSync(process.execPath, [bundle, ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function storedCounts() {
  const database = openDatabase({ dataDir });
  try {
    const repositories = createMarketRepositories(database.db);
    return {
      instruments: await repositories.instruments.instrumentCount(),
      moutaiBars: (await repositories.series.readSeries('600519.SH', 'day')).map((row) => row[3]),
      statementPeriods: (
        await database.db.selectFrom('financial_statements').select(['code', 'period']).execute()
      ).map((row) => `${row.code} ${row.period}`),
    };
  } finally {
    await database.close();
  }
}

beforeAll(() => {
  execFileSync(process.execPath, [path.join(serverDir, 'build.mjs')]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'zhicai-import-cli-'));
  spoiled = mkdtempSync(path.join(tmpdir(), 'zhicai-import-bad-'));
  cpSync(sampleDir, spoiled, { recursive: true });
  const lines = readFileSync(path.join(spoiled, 'bars.csv'), 'utf8').split('\n');
  lines[1] = '600519.SH,20261102,1478.0,1400,1600,1390,1590,2258400,3379712538';
  lines[5] = '600519.SH,20261106,1506.57,1500,1490,1480,1510,100,150000';
  writeFileSync(path.join(spoiled, 'bars.csv'), lines.join('\n'));
}, 120_000);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(spoiled, { recursive: true, force: true });
});

describe('the import command', () => {
  it('imports a folder into DATA_DIR, printing one line per file', async () => {
    const { status, stdout, stderr } = runImport(sampleDir);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^importing .*sample into sqlite .*zhicai\.sqlite$/m);
    expect(stdout).toMatch(/^ {2}instruments\.csv +instruments +10 rows, 10 instruments$/m);
    expect(stdout).toMatch(/^ {2}bars\/00700\.HK\.csv +bars +10 rows, 1 instruments$/m);
    expect(stdout).toMatch(/^ {2}statements\.jsonl +statements +2 rows, 1 instruments$/m);
    expect(stdout).toMatch(/imported 11 files; start the server with MARKET_SOURCE=import/);
    const stored = await storedCounts();
    expect(stored.instruments).toBe(10);
    expect(stored.statementPeriods.sort()).toEqual(['600519.SH 20231231', '600519.SH 20241231']);
  });

  it('exits 1 with file:line: field: message and leaves the rejected file unwritten', async () => {
    const before = await storedCounts();
    const { status, stdout, stderr } = runImport(spoiled);
    expect(status).toBe(1);
    expect(stderr.split('\n')).toEqual([
      'bars.csv:6: high: 1490 is below max(open, close) = 1510',
      'import stopped: nothing of bars.csv was written; files listed above were imported',
      '',
    ]);
    expect(stdout).toMatch(/holdings\.csv/);
    expect(stdout).not.toMatch(/bars\.csv/);
    expect(await storedCounts()).toEqual(before);
  });

  it('explains its usage and a folder that is not there', () => {
    expect(runImport()).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^usage: npm run import -- <folder>/),
    });
    expect(runImport(path.join(dataDir, 'nowhere'))).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/nowhere: not a folder/),
    });
  });
});
