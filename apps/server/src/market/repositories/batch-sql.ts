import { CompiledQuery, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What the market repositories' writes run on: the database, or the transaction a caller opened
 * with MarketRepositories.transaction so that writes to several aggregates commit together.
 */
export type Executor = Kysely<Database> | Transaction<Database>;

// Well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
export const batchRows = 400;

export async function insertBatches<T extends keyof Database & string>(
  executor: Executor,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  // Kysely cannot relate a generic table name to its row type; the signature above checks the rows.
  const placeholders = placeholderStyle(
    executor
      .insertInto(table)
      .values(first as never)
      .compile().sql,
  );
  for (let start = 0; start < rows.length; start += batchRows) {
    const batch = rows.slice(start, start + batchRows);
    const plain =
      placeholders && plainInsert(table, batch as readonly Record<string, unknown>[], placeholders);
    await (plain
      ? executor.executeQuery(plain)
      : executor
          .insertInto(table)
          .values(batch as never)
          .execute());
  }
}

export type Placeholders = 'question' | 'dollar';

/** How the dialect writes a parameter ($1 on PostgreSQL, ? on SQLite), from a query it compiled. */
function placeholderStyle(compiled: string): Placeholders | null {
  return compiled.includes('$1') ? 'dollar' : compiled.includes('?') ? 'question' : null;
}

/**
 * The insert of rows that all have the same columns, written out directly: the query builder's
 * parsing and compiling of every value was most of a first start's writes (~500,000 rows of
 * holdings, fundamentals and members) while the database's own work was less. Null when the rows
 * differ in their columns or leave a value undefined (the builder writes DEFAULT there): those go
 * through the builder.
 */
export function plainInsert(
  table: string,
  rows: readonly Record<string, unknown>[],
  placeholders: Placeholders,
): CompiledQuery | null {
  const first = rows[0];
  if (!first) return null;
  const columns = Object.keys(first);
  const parameters: unknown[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    if (Object.keys(row).length !== columns.length) return null;
    const marks: string[] = [];
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) return null;
      parameters.push(value);
      marks.push(placeholders === 'dollar' ? `$${parameters.length}` : '?');
    }
    tuples.push(`(${marks.join(', ')})`);
  }
  const names = columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
  return CompiledQuery.raw(`insert into "${table}" (${names}) values ${tuples.join(', ')}`, parameters);
}

/**
 * Inserts rows; a row whose key is already stored takes the new values of `update` instead (the
 * same `on conflict … do update` on SQLite and PostgreSQL), so re-imports and roll-forwards agree.
 */
export async function upsertBatches<T extends keyof Database & string>(
  executor: Executor,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  key: readonly (keyof Database[T] & string)[],
  update: readonly (keyof Database[T] & string)[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += batchRows) {
    const batch = rows.slice(start, start + batchRows);
    // As above, the generic table name defeats Kysely's column types; the signature checks them.
    await executor
      .insertInto(table)
      .values(batch as never)
      .onConflict((conflict) =>
        conflict
          .columns(key as never)
          .doUpdateSet(
            (eb) =>
              Object.fromEntries(
                update.map((column) => [column, eb.ref(`excluded.${column}` as never)]),
              ) as never,
          ),
      )
      .execute();
  }
}

/**
 * The latest row of each group: for every combination of `groupBy` columns, the row with the greatest
 * `latest` value (a stock's latest report period, an instrument's latest factor day, a series' latest
 * stored year). One join on a grouped subquery, read through the table's key, on SQLite and
 * PostgreSQL alike. The rows come in no particular order: sorting a series' JSON years would cost
 * more than the callers, which key them by code, gain.
 */
export async function selectLatestPerGroup<T extends keyof Database & string>(
  executor: Executor,
  table: T,
  groupBy: readonly (keyof Database[T] & string)[],
  latest: keyof Database[T] & string,
): Promise<Selectable<Database[T]>[]> {
  // Kysely cannot type a join on a generic table; the signature above keeps the columns the table's.
  const db = executor as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const name: string = table;
  const groups: string[] = [...groupBy];
  const latestColumn: string = latest;
  const latestOfGroup = db
    .selectFrom(name)
    .select(groups)
    .select((eb) => eb.fn.max(latestColumn).as(latestColumn))
    .groupBy(groups)
    .as('latest');
  const rows = await db
    .selectFrom(name)
    .innerJoin(latestOfGroup, (join) =>
      [...groups, latestColumn].reduce(
        (on, column) => on.onRef(`latest.${column}`, '=', `${name}.${column}`),
        join,
      ),
    )
    .selectAll(name)
    .execute();
  return rows as Selectable<Database[T]>[];
}
