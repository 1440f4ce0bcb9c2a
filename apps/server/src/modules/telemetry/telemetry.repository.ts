import type { Kysely } from 'kysely';
import type { Database, ErrorReportsTable, EventsTable, PageViewsTable } from '../../db/schema.ts';

export function createTelemetryRepository(db: Kysely<Database>) {
  return {
    async insertPageView(view: Omit<PageViewsTable, 'id'>): Promise<void> {
      await db.insertInto('page_views').values(view).execute();
    },
    async insertErrorReport(report: Omit<ErrorReportsTable, 'id'>): Promise<void> {
      await db.insertInto('error_reports').values(report).execute();
    },
    async insertEvent(event: Omit<EventsTable, 'id'>): Promise<void> {
      await db.insertInto('events').values(event).execute();
    },
  };
}

export type TelemetryRepository = ReturnType<typeof createTelemetryRepository>;
