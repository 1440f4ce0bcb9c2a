import type { Kysely } from 'kysely';

/**
 * Two market records of issue 15.
 *
 * `instruments.delisted_day`: the day an A-share was delisted by the face-value rule (面值退市,
 * domain delisting.ts), or null while it is listed. The share keeps its master row and its history:
 * its page and search still find it, marked 已退市, while lists, ranks, breadth and index membership
 * leave it out.
 *
 * `index_reviews`: an index's members from each review on (June and December, index-composition.ts
 * indexReviewDays), with the quantities its bars were computed with until the next review. The
 * current members stay in `index_members`; these are the history the stored bars follow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').addColumn('delisted_day', 'integer').execute();
  await db.schema
    .createTable('index_reviews')
    .addColumn('index_code', 'text', (column) => column.notNull())
    .addColumn('from_day', 'integer', (column) => column.notNull())
    .addColumn('members', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('index_reviews_pk', ['index_code', 'from_day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('index_reviews').execute();
  await db.schema.alterTable('instruments').dropColumn('delisted_day').execute();
}
