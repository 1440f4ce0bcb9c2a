import { createHash } from 'node:crypto';
import {
  type ArticleColumn,
  type ArticleDetail,
  type ArticlePage,
  type ArticleSummary,
  type Banner,
  Codes,
  contentInstrument,
  type Paper,
  paperFigures,
  paperSection,
} from '@zhicai/contract';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.ts';
import type { ArticleCursor, ArticleRepository } from './article.repository.ts';

const tagList = z.array(z.string());
const instrumentList = z.array(contentInstrument);
const sectionList = z.array(paperSection);

type SummaryRow = Awaited<ReturnType<ArticleRepository['listArticles']>>[number];

function summaryOf(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    columnId: row.column_id,
    columnName: row.column_name,
    author: row.author,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    tags: tagList.parse(JSON.parse(row.tags_json)),
    readCount: row.read_count,
    publishedAt: row.published_at,
    demo: row.demo === 1,
  };
}

/** Who reads: a signed-in user, or a visitor known by the client's address and browser. */
export function readerKey(userId: number | null, ip: string, userAgent: string): string {
  if (userId !== null) return `user:${userId}`;
  return `visitor:${createHash('sha256').update(`${ip}|${userAgent}`).digest('hex').slice(0, 40)}`;
}

/** Monday of the week holding a YYYY-MM-DD day: a 周报 is filed under its week's Monday. */
export function weekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - offset);
  return day.toISOString().slice(0, 10);
}

export function createArticleService(repository: ArticleRepository, clock: () => Date) {
  async function page(cursor: ArticleCursor): Promise<ArticlePage> {
    const rows = await repository.listArticles(cursor);
    return { list: rows.slice(0, cursor.limit).map(summaryOf), hasMore: rows.length > cursor.limit };
  }

  async function paper(kind: 'morning' | 'evening' | 'weekly', date: string | undefined): Promise<Paper> {
    const now = clock().toISOString();
    const row = await repository.findPaper(kind, date, now);
    const name = kind === 'weekly' ? '周报' : kind === 'morning' ? '晨报' : '晚报';
    if (!row) throw new AppError(Codes.notFound, date ? `${date} 没有${name}` : `暂无${name}`, 404);
    const { previous, next } = await repository.neighbourDates(kind, row.date, now);
    return {
      id: row.id,
      kind,
      date: row.date,
      title: row.title,
      sections: sectionList.parse(JSON.parse(row.sections_json)),
      figures: paperFigures.parse(JSON.parse(row.figures_json)),
      previousDate: previous,
      nextDate: next,
      publishedAt: row.published_at,
      demo: row.demo === 1,
    };
  }

  return {
    list: (query: {
      columnId?: number | undefined;
      tag?: string | undefined;
      lastId?: number | undefined;
      limit: number;
    }) => page(query),

    search: (query: { keyword: string; lastId?: number | undefined; limit: number }) => page(query),

    /** The article; the first reading by each reader raises its reading count (answered already raised). */
    async detail(id: number, reader: string): Promise<ArticleDetail> {
      const found = await repository.findArticle(id);
      if (!found) throw new AppError(Codes.notFound, '文章不存在或已下线', 404);
      const counted = await repository.recordRead(id, reader, clock().toISOString());
      return {
        ...summaryOf(found),
        readCount: found.read_count + (counted ? 1 : 0),
        body: found.body,
        instruments: instrumentList.parse(JSON.parse(found.instruments_json)),
      };
    },

    async columns(): Promise<ArticleColumn[]> {
      const rows = await repository.listColumns();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        author: row.author,
        intro: row.intro,
        cover: row.cover,
        articleCount: Number(row.article_count),
        demo: row.demo === 1,
      }));
    },

    async column(id: number): Promise<ArticleColumn> {
      const column = (await this.columns()).find((candidate) => candidate.id === id);
      if (!column) throw new AppError(Codes.notFound, '专栏不存在', 404);
      return column;
    },

    dailyPaper: (kind: 'morning' | 'evening', date: string | undefined) => paper(kind, date),
    weeklyPaper: (date: string | undefined) => paper('weekly', date === undefined ? undefined : weekOf(date)),

    async banners(): Promise<Banner[]> {
      const rows = await repository.listActiveBanners(clock().toISOString());
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        image: row.image,
        link: row.link,
        order: row.sort_order,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        body: row.body,
      }));
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
