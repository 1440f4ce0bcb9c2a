import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, inSchemaTurn, type TestContext } from '../test/test-app.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDemoContent } from './seed.ts';

describe('SQLite file database', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'zhicai-db-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs in WAL mode with full synchronous writes', async () => {
    const handle = openDatabase({ dataDir });
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
    const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    expect(synchronous.rows[0]?.synchronous).toBe(2);
    expect(handle.location).toBe(path.join(dataDir, 'zhicai.sqlite'));
    await handle.close();
  });

  it('answers a query run again after a migration changed its table with the new columns', async () => {
    // Statements are kept by their SQL text; a kept one must see a later migration's schema.
    const handle = openDatabase({ dataDir });
    await sql`create table notes (id integer primary key, body text)`.execute(handle.db);
    await sql`insert into notes (body) values ('第一条')`.execute(handle.db);
    const read = () => sql<Record<string, unknown>>`select * from notes`.execute(handle.db);
    expect((await read()).rows).toEqual([{ id: 1, body: '第一条' }]);
    await sql`alter table notes add column pinned integer not null default 0`.execute(handle.db);
    expect((await read()).rows).toEqual([{ id: 1, body: '第一条', pinned: 0 }]);
    await handle.close();
  });
});

describe('migrations and demo seed', () => {
  let context: TestContext;
  beforeEach(async () => {
    context = await createTestApp();
  });
  afterEach(async () => {
    await context.close();
  });

  it('seeds the demo user with the zhicai-demo test token', async () => {
    const demo = await context.database.db
      .selectFrom('test_tokens')
      .innerJoin('users', 'users.id', 'test_tokens.user_id')
      .select(['users.nickname', 'users.phone', 'test_tokens.token'])
      .execute();
    expect(demo).toEqual([{ nickname: '知财体验用户', phone: '13800138000', token: 'zhicai-demo' }]);
  });

  it('applies nothing the second time', async () => {
    expect(await migrateToLatest(context.database.db, context.database.schema)).toEqual([]);
  });

  it('applies a migration a database is missing on the next start', async () => {
    const { db, schema } = context.database;
    // As a database from before the latest migration: its bookkeeping row gone and its change undone.
    const latest = await db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow();
    const { down } = await import(`./migrations/${latest.name}.ts`);
    await down(db);
    await db
      .deleteFrom('kysely_migration' as never)
      .where(sql.ref('name'), '=', latest.name)
      .execute();

    // Missing a migration, the migrator reads every schema's tables: on PostgreSQL it takes its turn.
    expect(await inSchemaTurn(() => migrateToLatest(db, schema))).toEqual([latest.name]);
    expect(await migrateToLatest(db, schema)).toEqual([]);
  });

  it('migrates a test schema while no other test file drops one (files run side by side)', async () => {
    // Another file's migration holds its turn; a drop asked for meanwhile waits for it on PostgreSQL,
    // where all files share one database. On SQLite every file has a database of its own.
    const shared = context.database.kind === 'postgres';
    let finishMigration = () => {};
    let migrationStarted = () => {};
    const started = new Promise<void>((resolve) => (migrationStarted = resolve));
    const migrating = inSchemaTurn(
      () =>
        new Promise<void>((resolve) => {
          finishMigration = resolve;
          migrationStarted();
        }),
    );
    const events: string[] = [];
    await started;
    const dropping = inSchemaTurn(async () => {
      events.push('drop');
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    events.push('migrated');
    finishMigration();
    await Promise.all([migrating, dropping]);
    expect(events).toEqual(shared ? ['migrated', 'drop'] : ['drop', 'migrated']);
  });

  it('adds nothing on a second start and keeps operators’ edits', async () => {
    await context.database.db.updateTable('app_menu').set({ title: '板块' }).where('id', '=', 1).execute();
    expect(await seedDemoContent(context.database.db, new Date())).toEqual([]);
    const menus = await context.database.db
      .selectFrom('app_menu')
      .select(['id', 'title'])
      .orderBy('id')
      .execute();
    expect(menus).toHaveLength(10);
    expect(menus[0]).toEqual({ id: 1, title: '板块' });
  });

  it('leaves the data as it was when a seed write fails', async () => {
    await context.database.db.deleteFrom('app_menu').execute();
    await context.database.db.deleteFrom('app_config').where('key', '=', 'topContent').execute();
    // A popup row with id 1 already exists, and a clashing app_config row makes the last insert fail.
    await context.database.db.deleteFrom('activity_popup').execute();
    await context.database.db
      .insertInto('activity_popup')
      .values({
        id: 1,
        page: '/me',
        activity_img: '/x.svg',
        url: '#',
        starts_at: 'z',
        ends_at: 'z',
        enabled: 0,
      })
      .execute();
    await context.database.db.schema
      .createIndex('app_config_value_unique')
      .on('app_config')
      .column('value_json')
      .unique()
      .execute();
    await context.database.db
      .insertInto('app_config')
      .values({
        key: 'decoy',
        value_json: JSON.stringify({ text: '欢迎使用知财：行情、选股、财报，一站看懂', url: '/about' }),
        updated_at: 'now',
      })
      .execute();

    await expect(seedDemoContent(context.database.db, new Date())).rejects.toThrow();
    const menuCount = await context.database.db.selectFrom('app_menu').select('id').execute();
    expect(menuCount).toEqual([]);
  });
});
