import type { Kysely } from 'kysely';

/**
 * An index member's quantity (issue 15 item 1): free-float shares × cap factor, fixed at the index's
 * rebalancing. The index is computed from its members with it (market/index-composition.ts). Null
 * for a member whose source gives only a weight (an import): such an index keeps its stored levels.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('index_members').addColumn('quantity', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('index_members').dropColumn('quantity').execute();
}
