import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NoticesTable, ResearchReportsTable } from '../../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type NoticeRow = Selectable<NoticesTable>;
export type ResearchRow = Selectable<ResearchReportsTable>;

/** Where a page starts: after the item (day, id) last shown, newest first. */
export interface Cursor {
  day: number;
  id: number;
}

export interface NoticeFilter {
  code?: string | undefined;
  type?: string | undefined;
}

export interface ResearchFilter {
  code?: string | undefined;
  industry?: string | undefined;
  rating?: string | undefined;
  institution?: string | undefined;
}

/** Rows inserted per statement: SQLite binds at most 32,766 parameters (16 columns a row). */
const batchSize = 500;

/** SQL of announcements, research reports, their imported files and the demo marks (migration 0013). */
export function createNoticeRepository(db: Kysely<Database>) {
  return {
    /** Inserts the rows whose dedupe key is new; a key already stored keeps its row (and its id). */
    async insertNotices(executor: Executor, rows: readonly Insertable<NoticesTable>[]): Promise<void> {
      for (let start = 0; start < rows.length; start += batchSize)
        await executor
          .insertInto('notices')
          .values(rows.slice(start, start + batchSize))
          .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
          .execute();
    },
    async insertResearch(
      executor: Executor,
      rows: readonly Insertable<ResearchReportsTable>[],
    ): Promise<void> {
      for (let start = 0; start < rows.length; start += batchSize)
        await executor
          .insertInto('research_reports')
          .values(rows.slice(start, start + batchSize))
          .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
          .execute();
    },
    /** An import replaces an item it brings again (same key): its text and file change, its id stays. */
    async upsertNotice(executor: Executor, row: Insertable<NoticesTable>): Promise<void> {
      const { dedupe_key: key, ...changes } = row;
      const before = await executor
        .selectFrom('notices')
        .select('file_id')
        .where('dedupe_key', '=', key)
        .executeTakeFirst();
      await executor
        .insertInto('notices')
        .values(row)
        .onConflict((conflict) => conflict.column('dedupe_key').doUpdateSet(changes))
        .execute();
      // The file the item carried before is nobody's now.
      if (before?.file_id != null && before.file_id !== row.file_id)
        await executor.deleteFrom('content_files').where('id', '=', before.file_id).execute();
    },
    async upsertResearch(executor: Executor, row: Insertable<ResearchReportsTable>): Promise<void> {
      const { dedupe_key: key, ...changes } = row;
      const before = await executor
        .selectFrom('research_reports')
        .select('file_id')
        .where('dedupe_key', '=', key)
        .executeTakeFirst();
      await executor
        .insertInto('research_reports')
        .values(row)
        .onConflict((conflict) => conflict.column('dedupe_key').doUpdateSet(changes))
        .execute();
      // The file the item carried before is nobody's now.
      if (before?.file_id != null && before.file_id !== row.file_id)
        await executor.deleteFrom('content_files').where('id', '=', before.file_id).execute();
    },

    async listNotices(filter: NoticeFilter, after: Cursor | null, limit: number): Promise<NoticeRow[]> {
      let query = db.selectFrom('notices').selectAll();
      if (filter.code) query = query.where('code', '=', filter.code);
      if (filter.type) query = query.where('type', '=', filter.type);
      if (after)
        query = query.where((eb) =>
          eb.or([eb('day', '<', after.day), eb.and([eb('day', '=', after.day), eb('id', '<', after.id)])]),
        );
      return query.orderBy('day', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    noticeById(id: number): Promise<NoticeRow | undefined> {
      return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listResearch(filter: ResearchFilter, after: Cursor | null, limit: number): Promise<ResearchRow[]> {
      let query = db.selectFrom('research_reports').selectAll();
      if (filter.code) query = query.where('code', '=', filter.code);
      if (filter.industry) query = query.where('industry', '=', filter.industry);
      if (filter.rating) query = query.where('rating', '=', filter.rating);
      if (filter.institution) query = query.where('institution', '=', filter.institution);
      if (after)
        query = query.where((eb) =>
          eb.or([eb('day', '<', after.day), eb.and([eb('day', '=', after.day), eb('id', '<', after.id)])]),
        );
      return query.orderBy('day', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    researchById(id: number): Promise<ResearchRow | undefined> {
      return db.selectFrom('research_reports').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async institutions(): Promise<string[]> {
      const rows = await db
        .selectFrom('research_reports')
        .select('institution')
        .distinct()
        .orderBy('institution')
        .execute();
      return rows.map((row) => row.institution);
    },

    async insertFile(
      executor: Executor,
      body: Buffer,
      contentType: string,
      createdAt: string,
    ): Promise<number> {
      const row = await executor
        .insertInto('content_files')
        .values({
          content_type: contentType,
          size: body.length,
          body_base64: body.toString('base64'),
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async readFile(id: number): Promise<Buffer | undefined> {
      const row = await db
        .selectFrom('content_files')
        .select('body_base64')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? Buffer.from(row.body_base64, 'base64') : undefined;
    },

    /** The market day through which a subject's demo items are written; null when never. */
    async demoMark(key: string): Promise<number | null> {
      const row = await db
        .selectFrom('content_demo_marks')
        .select('through_day')
        .where('code', '=', key)
        .executeTakeFirst();
      return row?.through_day ?? null;
    },
    async setDemoMark(executor: Executor, key: string, throughDay: number): Promise<void> {
      await executor
        .insertInto('content_demo_marks')
        .values({ code: key, through_day: throughDay })
        .onConflict((conflict) => conflict.column('code').doUpdateSet({ through_day: throughDay }))
        .execute();
    },
  };
}

export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
