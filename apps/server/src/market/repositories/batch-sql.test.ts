import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { insertBatches, plainInsert } from './batch-sql.ts';

const holdings = Array.from({ length: 950 }, (_, i) => ({
  fund_code: `F${String(i % 37).padStart(4, '0')}`,
  member_code: `${String(600000 + i)}.SH`,
  weight: i / 1000,
  report_day: 20260930,
}));

describe('batched inserts', () => {
  it('store every row as given on SQLite, in batches written without the query builder', async () => {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
    });
    await db.schema
      .createTable('fund_holdings')
      .addColumn('fund_code', 'text')
      .addColumn('member_code', 'text')
      .addColumn('weight', 'real')
      .addColumn('report_day', 'integer')
      .execute();
    await insertBatches(db, 'fund_holdings', holdings);
    const stored = await db.selectFrom('fund_holdings').selectAll().orderBy('member_code').execute();
    expect(stored).toEqual(holdings);
    await db.destroy();
  });

  it('write the insert the query builder writes, on PostgreSQL too', () => {
    const rows = holdings.slice(0, 3);
    const postgres = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: async () => Promise.reject(new Error('compile only')) }),
    });
    const built = postgres.insertInto('fund_holdings').values(rows).compile();
    const plain = plainInsert('fund_holdings', rows, 'dollar');
    expect(plain?.sql).toBe(built.sql);
    expect(plain?.parameters).toEqual(built.parameters);
  });

  it('leave rows whose columns differ to the query builder', () => {
    const row = { fund_code: 'F0001', member_code: '600000.SH', weight: 0.1, report_day: 20260930 };
    expect(plainInsert('fund_holdings', [row, { ...row, weight: undefined }], 'question')).toBeNull();
    expect(
      plainInsert('fund_holdings', [row, { fund_code: 'F1', member_code: 'x', weight: 1 }], 'question'),
    ).toBeNull();
    expect(plainInsert('fund_holdings', [row, row], 'question')?.sql).toBe(
      'insert into "fund_holdings" ("fund_code", "member_code", "weight", "report_day") values (?, ?, ?, ?), (?, ?, ?, ?)',
    );
  });
});
