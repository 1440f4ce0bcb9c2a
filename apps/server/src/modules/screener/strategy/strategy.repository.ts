import type { Kysely, Selectable } from 'kysely';
import type { Database, ScreenerStrategiesTable } from '../../../db/schema.ts';
import type { ResultsDiff } from './strategy-diff.ts';

export type StrategyRow = Selectable<ScreenerStrategiesTable>;

export interface NewStrategy {
  userId: number | null;
  kind: string;
  houseKey: string | null;
  name: string;
  description: string;
  conditions: string;
  position: number;
  at: string;
}

export interface ChangeRow {
  strategy_id: number;
  day: number;
  code: string;
  direction: string;
}

/** Strategies, their results (holdings), their changes and what each user has seen: SQL only. */
export function createStrategyRepository(db: Kysely<Database>) {
  return {
    /** The house strategies of a kind and the user's own, house first, each in its order. */
    listVisible(userId: number | null, kind: string): Promise<StrategyRow[]> {
      return db
        .selectFrom('screener_strategies')
        .selectAll()
        .where('kind', '=', kind)
        .where((eb) =>
          userId === null
            ? eb('user_id', 'is', null)
            : eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]),
        )
        .orderBy('user_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    listAll(): Promise<StrategyRow[]> {
      return db.selectFrom('screener_strategies').selectAll().orderBy('id').execute();
    },

    find(id: number): Promise<StrategyRow | undefined> {
      return db.selectFrom('screener_strategies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async countOwn(userId: number, kind: string): Promise<number> {
      const row = await db
        .selectFrom('screener_strategies')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async insert(strategy: NewStrategy): Promise<number> {
      const row = await db
        .insertInto('screener_strategies')
        .values({
          user_id: strategy.userId,
          kind: strategy.kind,
          house_key: strategy.houseKey,
          name: strategy.name,
          description: strategy.description,
          conditions: strategy.conditions,
          position: strategy.position,
          run_day: null,
          result_count: null,
          created_at: strategy.at,
          updated_at: strategy.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Writes the shipped house strategies: new ones are added, known ones take the shipped text. */
    async upsertHouse(strategy: NewStrategy & { houseKey: string }): Promise<void> {
      const known = await db
        .selectFrom('screener_strategies')
        .select(['id', 'conditions'])
        .where('house_key', '=', strategy.houseKey)
        .executeTakeFirst();
      if (!known) {
        await this.insert(strategy);
        return;
      }
      await db
        .updateTable('screener_strategies')
        .set({ name: strategy.name, description: strategy.description, position: strategy.position })
        .where('id', '=', known.id)
        .execute();
      if (known.conditions !== strategy.conditions)
        await this.setConditions(known.id, strategy.conditions, strategy.at);
    },

    async rename(id: number, name: string, at: string): Promise<void> {
      await db
        .updateTable('screener_strategies')
        .set({ name, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** New conditions: the old results and changes describe another screen, so they go. */
    async setConditions(id: number, conditions: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('screener_strategy_holdings').where('strategy_id', '=', id).execute();
        await trx.deleteFrom('screener_strategy_changes').where('strategy_id', '=', id).execute();
        await trx
          .updateTable('screener_strategies')
          .set({ conditions, updated_at: at, run_day: null, result_count: null })
          .where('id', '=', id)
          .execute();
      });
    },

    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('screener_strategy_seen').where('strategy_id', '=', id).execute();
        await trx.deleteFrom('screener_strategy_holdings').where('strategy_id', '=', id).execute();
        await trx.deleteFrom('screener_strategy_changes').where('strategy_id', '=', id).execute();
        await trx.deleteFrom('screener_strategies').where('id', '=', id).execute();
      });
    },

    async holdings(strategyId: number): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('screener_strategy_holdings')
        .select(['code', 'since_day'])
        .where('strategy_id', '=', strategyId)
        .execute();
      return new Map(rows.map((row) => [row.code, row.since_day]));
    },

    /** The strategies (of those given) holding a code, with the day it entered each. */
    holdersOf(code: string, strategyIds: readonly number[]) {
      if (strategyIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('screener_strategy_holdings')
        .select(['strategy_id', 'since_day'])
        .where('code', '=', code)
        .where('strategy_id', 'in', [...strategyIds])
        .execute();
    },

    /**
     * Stores a run: the results after it, the day's entries and exits (none for a first run, whose
     * results are where the strategy starts), and the run's day and count. The day is claimed first,
     * so of two passes over the same day (two instances, or a restart while the last pass runs) one
     * stores and the other gets false.
     */
    async storeRun(
      strategyId: number,
      day: number,
      diff: ResultsDiff,
      recordChanges: boolean,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('screener_strategies')
          .set({ run_day: day, result_count: diff.holdings.size })
          .where('id', '=', strategyId)
          .where((eb) => eb.or([eb('run_day', 'is', null), eb('run_day', '<', day)]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return false;
        for (let start = 0; start < diff.exits.length; start += 500) {
          await trx
            .deleteFrom('screener_strategy_holdings')
            .where('strategy_id', '=', strategyId)
            .where('code', 'in', diff.exits.slice(start, start + 500))
            .execute();
        }
        // 3 parameters a row: 300 rows stay far below both databases' bound-parameter limits.
        for (let start = 0; start < diff.entries.length; start += 300) {
          await trx
            .insertInto('screener_strategy_holdings')
            .values(
              diff.entries
                .slice(start, start + 300)
                .map((code) => ({ strategy_id: strategyId, code, since_day: day })),
            )
            .execute();
        }
        if (recordChanges) {
          const changes = [
            ...diff.entries.map((code) => ({ strategy_id: strategyId, day, code, direction: 'in' })),
            ...diff.exits.map((code) => ({ strategy_id: strategyId, day, code, direction: 'out' })),
          ];
          for (let start = 0; start < changes.length; start += 200) {
            await trx
              .insertInto('screener_strategy_changes')
              .values(changes.slice(start, start + 200))
              .onConflict((conflict) => conflict.columns(['strategy_id', 'day', 'code']).doNothing())
              .execute();
          }
        }
        return true;
      });
    },

    /** Each strategy's latest change day with its entries and exits counted. */
    async latestChanges(
      strategyIds: readonly number[],
    ): Promise<Map<number, { day: number; entries: number; exits: number }>> {
      if (strategyIds.length === 0) return new Map();
      const latest = db
        .selectFrom('screener_strategy_changes')
        .select(['strategy_id', (eb) => eb.fn.max('day').as('day')])
        .where('strategy_id', 'in', [...strategyIds])
        .groupBy('strategy_id')
        .as('latest');
      const rows = await db
        .selectFrom('screener_strategy_changes as change')
        .innerJoin(latest, (join) =>
          join.onRef('latest.strategy_id', '=', 'change.strategy_id').onRef('latest.day', '=', 'change.day'),
        )
        .select([
          'change.strategy_id',
          'change.day',
          'change.direction',
          (eb) => eb.fn.countAll<number>().as('count'),
        ])
        .groupBy(['change.strategy_id', 'change.day', 'change.direction'])
        .execute();
      const byStrategy = new Map<number, { day: number; entries: number; exits: number }>();
      for (const row of rows) {
        const entry = byStrategy.get(row.strategy_id) ?? { day: row.day, entries: 0, exits: 0 };
        if (row.direction === 'in') entry.entries = Number(row.count);
        else entry.exits = Number(row.count);
        byStrategy.set(row.strategy_id, entry);
      }
      return byStrategy;
    },

    /** The changes of the given strategies on their latest `days` change days, newest first. */
    async changes(strategyIds: readonly number[], days: number): Promise<ChangeRow[]> {
      if (strategyIds.length === 0) return [];
      const recentDays = await db
        .selectFrom('screener_strategy_changes')
        .select('day')
        .distinct()
        .where('strategy_id', 'in', [...strategyIds])
        .orderBy('day', 'desc')
        .limit(days)
        .execute();
      if (recentDays.length === 0) return [];
      return db
        .selectFrom('screener_strategy_changes')
        .selectAll()
        .where('strategy_id', 'in', [...strategyIds])
        .where(
          'day',
          'in',
          recentDays.map((row) => row.day),
        )
        .orderBy('day', 'desc')
        .orderBy('strategy_id')
        .orderBy('code')
        .execute();
    },

    async seen(userId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('screener_strategy_seen')
        .select(['strategy_id', 'seen_day'])
        .where('user_id', '=', userId)
        .execute();
      return new Map(rows.map((row) => [row.strategy_id, row.seen_day]));
    },

    async markSeen(userId: number, seen: ReadonlyMap<number, number>): Promise<void> {
      if (seen.size === 0) return;
      await db
        .insertInto('screener_strategy_seen')
        .values(
          [...seen].map(([strategyId, day]) => ({ user_id: userId, strategy_id: strategyId, seen_day: day })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'strategy_id'])
            .doUpdateSet((eb) => ({ seen_day: eb.ref('excluded.seen_day') })),
        )
        .execute();
    },

    async latestRunDay(): Promise<number | null> {
      const row = await db
        .selectFrom('screener_strategies')
        .select((eb) => eb.fn.max('run_day').as('day'))
        .executeTakeFirst();
      return row?.day ?? null;
    },
  };
}

export type StrategyRepository = ReturnType<typeof createStrategyRepository>;
