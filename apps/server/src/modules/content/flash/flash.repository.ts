import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ContentFlashesTable, Database } from '../../../db/schema.ts';

export type FlashRow = Selectable<ContentFlashesTable>;

/** A flash to write. `eventKey` names a demo flash's event; an imported flash has none. */
export interface FlashDraft {
  time: number;
  title: string;
  body: string;
  importance: 1 | 2 | 3;
  codes: readonly string[];
  sectors: readonly string[];
  source: 'demo' | 'import';
  eventKey: string | null;
}

export interface FlashPageQuery {
  /** Only flashes with an id below this (the cursor); the newest without. */
  beforeId?: number;
  limit: number;
  minImportance: number;
  /** Only flashes about this instrument. */
  code?: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** The 7×24 flashes: SQL only. */
export function createFlashRepository(db: Kysely<Database>) {
  /** Writes one flash and its instruments; undefined when its event already has a flash. */
  async function insertOne(executor: Executor, draft: FlashDraft): Promise<FlashRow | undefined> {
    const row = await executor
      .insertInto('content_flashes')
      .values({
        time: draft.time,
        title: draft.title,
        body: draft.body,
        importance: draft.importance,
        codes: JSON.stringify(draft.codes),
        sectors: JSON.stringify(draft.sectors),
        source: draft.source,
        event_key: draft.eventKey,
      })
      .onConflict((conflict) => conflict.column('event_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    const codes = [...new Set(draft.codes)];
    if (row && codes.length > 0)
      await executor
        .insertInto('content_flash_instruments')
        .values(codes.map((code) => ({ code, flash_id: row.id })))
        .execute();
    return row;
  }

  return {
    /**
     * Writes the flashes in order, in one transaction (an import is all or nothing); answers the
     * rows written, leaving out those whose event already had a flash.
     */
    insert(drafts: readonly FlashDraft[]): Promise<FlashRow[]> {
      if (drafts.length === 0) return Promise.resolve([]);
      return db.transaction().execute(async (trx) => {
        const written: FlashRow[] = [];
        for (const draft of drafts) {
          const row = await insertOne(trx, draft);
          if (row) written.push(row);
        }
        return written;
      });
    },

    /** Newest first, below the cursor. */
    page({ beforeId, limit, minImportance, code }: FlashPageQuery): Promise<FlashRow[]> {
      if (code !== undefined) {
        let query = db
          .selectFrom('content_flash_instruments as about')
          .innerJoin('content_flashes as flash', 'flash.id', 'about.flash_id')
          .selectAll('flash')
          .where('about.code', '=', code);
        if (beforeId !== undefined) query = query.where('about.flash_id', '<', beforeId);
        if (minImportance > 1) query = query.where('flash.importance', '>=', minImportance);
        return query.orderBy('about.flash_id', 'desc').limit(limit).execute();
      }
      let query = db.selectFrom('content_flashes').selectAll();
      if (beforeId !== undefined) query = query.where('id', '<', beforeId);
      if (minImportance > 1) query = query.where('importance', '>=', minImportance);
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    async newestId(): Promise<number> {
      const row = await db
        .selectFrom('content_flashes')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? 0;
    },

    /** The newest `limit` flashes with an id above `afterId`, oldest first. */
    async newestAfter(afterId: number, limit: number): Promise<FlashRow[]> {
      const rows = await db
        .selectFrom('content_flashes')
        .selectAll()
        .where('id', '>', afterId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    find(id: number): Promise<FlashRow | undefined> {
      return db.selectFrom('content_flashes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Whether any flash of this source is stored (the demo backfills an empty feed once). */
    async hasAny(source: 'demo' | 'import'): Promise<boolean> {
      const row = await db
        .selectFrom('content_flashes')
        .select('id')
        .where('source', '=', source)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The event keys among these that already have a flash. */
    async existingEvents(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('content_flashes')
        .select('event_key')
        .where('event_key', 'in', keys)
        .execute();
      return new Set(rows.flatMap((row) => (row.event_key === null ? [] : [row.event_key])));
    },
  };
}

export type FlashRepository = ReturnType<typeof createFlashRepository>;
