import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createMarketMetaRepository } from './market-meta.repository.ts';

describe('market meta read at a start', () => {
  let dataDir: string;
  let database: DatabaseHandle;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'zhicai-market-meta-'));
    database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers what readMeta does: the stored value, null when absent, any key', async () => {
    const meta = createMarketMetaRepository(database.db);
    const catalogue = `{"instruments":["贵州茅台",${'1,'.repeat(50_000)}0]}`;
    await meta.writeMeta(database.db, 'demo_catalogue:20190722:full', catalogue);
    await meta.writeMeta(database.db, "it's quoted", 'quoted value');

    expect(await meta.readMetaAtStart('demo_catalogue:20190722:full')).toBe(catalogue);
    expect(await meta.readMetaAtStart("it's quoted")).toBe('quoted value');
    expect(await meta.readMetaAtStart('demo_catalogue:20190722:compact')).toBeNull();
    // A key that would read every row were it not quoted.
    expect(await meta.readMetaAtStart("x' or key like '%")).toBeNull();
  });
});
