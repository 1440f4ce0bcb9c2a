import { type Kysely, sql, type Transaction } from 'kysely';
import type { ArticlesTable, BannersTable, Database, PapersTable } from '../../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ColumnValues {
  sourceKey: string;
  name: string;
  author: string;
  intro: string;
  cover: string | null;
  demo: boolean;
}

export interface ArticleValues {
  sourceKey: string;
  columnId: number;
  author: string;
  title: string;
  summary: string;
  cover: string | null;
  /** Already sanitised (sanitizeRichText): the repository stores what it is given. */
  body: string;
  tags: readonly string[];
  instruments: readonly { code: string; name: string }[];
  publishedAt: string;
  demo: boolean;
}

export interface PaperValues {
  kind: string;
  date: string;
  title: string;
  sectionsJson: string;
  figuresJson: string;
  publishedAt: string;
  demo: boolean;
}

export interface BannerValues {
  sourceKey: string;
  title: string;
  image: string;
  link: string;
  order: number;
  startsAt: string | null;
  endsAt: string | null;
  body: string;
  demo: boolean;
}

export interface ArticleCursor {
  columnId?: number | undefined;
  tag?: string | undefined;
  keyword?: string | undefined;
  lastId?: number | undefined;
  limit: number;
}

const summaryColumns = [
  'articles.id',
  'articles.column_id',
  'article_columns.name as column_name',
  'articles.author',
  'articles.title',
  'articles.summary',
  'articles.cover',
  'articles.tags_json',
  'articles.read_count',
  'articles.published_at',
  'articles.demo',
] as const;

/** `%` and `_` are wildcards of LIKE; a keyword is matched as typed. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** LIKE with the backslash as its escape, which SQLite does not have by default. */
function contains(column: 'articles.title' | 'articles.summary', pattern: string) {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

export function createArticleRepository(db: Kysely<Database>) {
  return {
    db,

    async saveColumn(executor: Executor, values: ColumnValues, replace: boolean): Promise<number> {
      const row = {
        source_key: values.sourceKey,
        name: values.name,
        author: values.author,
        intro: values.intro,
        cover: values.cover,
        demo: values.demo ? 1 : 0,
        created_at: new Date().toISOString(),
      };
      await executor
        .insertInto('article_columns')
        .values(row)
        .onConflict((conflict) =>
          replace
            ? conflict.column('source_key').doUpdateSet({
                name: row.name,
                author: row.author,
                intro: row.intro,
                cover: row.cover,
              })
            : conflict.column('source_key').doNothing(),
        )
        .execute();
      const saved = await executor
        .selectFrom('article_columns')
        .select('id')
        .where('source_key', '=', values.sourceKey)
        .executeTakeFirstOrThrow();
      return saved.id;
    },

    /** Writes an article and its tags; an article already stored under the key is replaced or kept. */
    async saveArticle(executor: Executor, values: ArticleValues, replace: boolean): Promise<void> {
      const row: Omit<ArticlesTable, 'id' | 'read_count'> = {
        source_key: values.sourceKey,
        column_id: values.columnId,
        author: values.author,
        title: values.title,
        summary: values.summary,
        cover: values.cover,
        body: values.body,
        tags_json: JSON.stringify(values.tags),
        instruments_json: JSON.stringify(values.instruments),
        published_at: values.publishedAt,
        demo: values.demo ? 1 : 0,
      };
      const existing = await executor
        .selectFrom('articles')
        .select('id')
        .where('source_key', '=', values.sourceKey)
        .executeTakeFirst();
      if (existing && !replace) return;
      let id: number;
      if (existing) {
        const { source_key: _key, ...changes } = row;
        await executor.updateTable('articles').set(changes).where('id', '=', existing.id).execute();
        await executor.deleteFrom('article_tags').where('article_id', '=', existing.id).execute();
        id = existing.id;
      } else {
        const inserted = await executor
          .insertInto('articles')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      }
      const tags = [...new Set(values.tags)];
      if (tags.length > 0)
        await executor
          .insertInto('article_tags')
          .values(tags.map((tag) => ({ article_id: id, tag })))
          .execute();
    },

    /**
     * One page of articles, newest first (published_at, then id), after the article `lastId`: a
     * cursor, so articles published meanwhile do not shift the page.
     */
    async listArticles(cursor: ArticleCursor) {
      let query = db
        .selectFrom('articles')
        .innerJoin('article_columns', 'article_columns.id', 'articles.column_id')
        .select(summaryColumns);
      if (cursor.columnId !== undefined) query = query.where('articles.column_id', '=', cursor.columnId);
      if (cursor.tag !== undefined) {
        const tag = cursor.tag;
        query = query.where('articles.id', 'in', (sub) =>
          sub.selectFrom('article_tags').select('article_id').where('tag', '=', tag),
        );
      }
      if (cursor.keyword !== undefined) {
        const pattern = likePattern(cursor.keyword);
        const keyword = cursor.keyword;
        query = query.where((where) =>
          where.or([
            contains('articles.title', pattern),
            contains('articles.summary', pattern),
            where(
              'articles.id',
              'in',
              where.selectFrom('article_tags').select('article_id').where('tag', '=', keyword),
            ),
          ]),
        );
      }
      if (cursor.lastId !== undefined) {
        const last = await db
          .selectFrom('articles')
          .select(['published_at', 'id'])
          .where('id', '=', cursor.lastId)
          .executeTakeFirst();
        // An unknown cursor (a deleted article) pages from the start rather than failing the reader.
        if (last)
          query = query.where((where) =>
            where.or([
              where('articles.published_at', '<', last.published_at),
              where.and([
                where('articles.published_at', '=', last.published_at),
                where('articles.id', '<', last.id),
              ]),
            ]),
          );
      }
      return query
        .orderBy('articles.published_at', 'desc')
        .orderBy('articles.id', 'desc')
        .limit(cursor.limit + 1)
        .execute();
    },

    findArticle(id: number) {
      return db
        .selectFrom('articles')
        .innerJoin('article_columns', 'article_columns.id', 'articles.column_id')
        .select([...summaryColumns, 'articles.body', 'articles.instruments_json'])
        .where('articles.id', '=', id)
        .executeTakeFirst();
    },

    /** Counts a reading once per reader: true when this reader had not read the article before. */
    recordRead(articleId: number, reader: string, at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('article_reads')
          .values({ article_id: articleId, reader, read_at: at })
          .onConflict((conflict) => conflict.columns(['article_id', 'reader']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx
          .updateTable('articles')
          .set((set) => ({ read_count: set('read_count', '+', 1) }))
          .where('id', '=', articleId)
          .execute();
        return true;
      });
    },

    listColumns() {
      return db
        .selectFrom('article_columns')
        .leftJoin('articles', 'articles.column_id', 'article_columns.id')
        .select((select) => [
          'article_columns.id',
          'article_columns.name',
          'article_columns.author',
          'article_columns.intro',
          'article_columns.cover',
          'article_columns.demo',
          select.fn.count<number>('articles.id').as('article_count'),
        ])
        .groupBy([
          'article_columns.id',
          'article_columns.name',
          'article_columns.author',
          'article_columns.intro',
          'article_columns.cover',
          'article_columns.demo',
        ])
        .orderBy('article_columns.id')
        .execute();
    },

    async savePaper(executor: Executor, values: PaperValues): Promise<void> {
      const row: Omit<PapersTable, 'id'> = {
        kind: values.kind,
        date: values.date,
        title: values.title,
        sections_json: values.sectionsJson,
        figures_json: values.figuresJson,
        published_at: values.publishedAt,
        demo: values.demo ? 1 : 0,
      };
      await executor
        .insertInto('papers')
        .values(row)
        .onConflict((conflict) => conflict.columns(['kind', 'date']).doNothing())
        .execute();
    },

    /** The paper of a kind on a date, or the latest one published by `now` when no date is given. */
    findPaper(kind: string, date: string | undefined, now: string) {
      let query = db
        .selectFrom('papers')
        .selectAll()
        .where('kind', '=', kind)
        .where('published_at', '<=', now);
      query = date === undefined ? query.orderBy('date', 'desc') : query.where('date', '=', date);
      return query.limit(1).executeTakeFirst();
    },

    async neighbourDates(kind: string, date: string, now: string) {
      const [previous, next] = await Promise.all([
        db
          .selectFrom('papers')
          .select('date')
          .where('kind', '=', kind)
          .where('date', '<', date)
          .orderBy('date', 'desc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('papers')
          .select('date')
          .where('kind', '=', kind)
          .where('date', '>', date)
          .where('published_at', '<=', now)
          .orderBy('date', 'asc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { previous: previous?.date ?? null, next: next?.date ?? null };
    },

    latestPaperDate(kind: string) {
      return db
        .selectFrom('papers')
        .select('date')
        .where('kind', '=', kind)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async saveBanner(executor: Executor, values: BannerValues): Promise<number> {
      const row: Omit<BannersTable, 'id'> = {
        source_key: values.sourceKey,
        title: values.title,
        image: values.image,
        link: values.link,
        sort_order: values.order,
        starts_at: values.startsAt,
        ends_at: values.endsAt,
        body: values.body,
        demo: values.demo ? 1 : 0,
      };
      await executor
        .insertInto('banners')
        .values(row)
        .onConflict((conflict) => conflict.column('source_key').doNothing())
        .execute();
      const saved = await executor
        .selectFrom('banners')
        .select('id')
        .where('source_key', '=', values.sourceKey)
        .executeTakeFirstOrThrow();
      return saved.id;
    },

    setBannerLink(executor: Executor, id: number, link: string) {
      return executor.updateTable('banners').set({ link }).where('id', '=', id).execute();
    },

    /** Banners whose window holds `now`, in their order. */
    listActiveBanners(now: string) {
      return db
        .selectFrom('banners')
        .selectAll()
        .where((where) => where.or([where('starts_at', 'is', null), where('starts_at', '<=', now)]))
        .where((where) => where.or([where('ends_at', 'is', null), where('ends_at', '>', now)]))
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },
  };
}

export type ArticleRepository = ReturnType<typeof createArticleRepository>;
