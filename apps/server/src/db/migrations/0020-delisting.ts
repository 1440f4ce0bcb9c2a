import type { Kysely } from 'kysely';

/**
 * The day an A-share was delisted by the face-value rule (面值退市, domain delisting.ts), or null
 * while it is listed (issue 15 item 2). The share keeps its master row and its history: its page and
 * search still find it, marked 已退市, while lists, ranks, breadth and index membership leave it out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').addColumn('delisted_day', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').dropColumn('delisted_day').execute();
}
