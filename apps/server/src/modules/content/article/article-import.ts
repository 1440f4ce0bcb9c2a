import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { ImportFileError, type ImportProblem } from '../../../market/providers/import/import-problem.ts';
import { parseJsonLines } from '../../../market/providers/import/json-lines.ts';
import { richTextToPlain, sanitizeRichText } from '../../../platform/rich-text/sanitize-rich-text.ts';
import { type ArticleValues, type ColumnValues, createArticleRepository } from './article.repository.ts';

/**
 * Loads real articles from a JSON Lines file (docs/content-import.md, section 文章): lines of
 * `"type": "column"` and `"type": "article"`, an article naming its column by key (in the file or
 * imported before). The file is checked as a whole first; any problem rejects it with every problem
 * named `file:line` and nothing is written. A good file is written in one transaction; a column or
 * article already imported under the same key is replaced (its reading count is kept). Every body
 * passes sanitizeRichText before it is stored, like any rich text.
 */

const key = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,48}$/, '键只能含字母、数字和 _ . : -，最长 48 个字符');
const imageUrl = z
  .string()
  .trim()
  .max(400)
  .regex(/^(https?:\/\/|\/(?!\/))/, '图片地址应为 http(s) 地址或本站路径')
  .nullable()
  .default(null);

const columnLine = z.object({
  type: z.literal('column'),
  key,
  name: z.string().trim().min(1).max(40),
  author: z.string().trim().min(1).max(40),
  intro: z.string().trim().max(400).default(''),
  cover: imageUrl,
});

const articleLine = z.object({
  type: z.literal('article'),
  key,
  column: key,
  author: z.string().trim().min(1).max(40),
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().max(400).optional(),
  cover: imageUrl,
  body: z.string().min(1).max(200_000),
  tags: z.array(z.string().trim().min(1).max(20)).max(10).default([]),
  instruments: z
    .array(
      z.object({
        code: z.string().trim().toUpperCase().min(1).max(20),
        name: z.string().trim().min(1).max(40),
      }),
    )
    .max(20)
    .default([]),
  publishedAt: z.iso.datetime({
    offset: true,
    message: '发布时间应为 ISO-8601 时间，如 2026-03-04T08:00:00+08:00',
  }),
});

const contentLine = z.discriminatedUnion('type', [columnLine, articleLine], {
  error: 'type 应为 column 或 article',
});

/** How long a summary taken from the body is, in characters. */
const summaryLength = 120;

export interface ArticlesImportResult {
  columns: number;
  articles: number;
}

const columnKey = (value: string) => `import:column:${value}`;

export async function importArticlesFile(db: Kysely<Database>, file: string): Promise<ArticlesImportResult> {
  const text = await readFile(file, 'utf8');
  const problems: ImportProblem[] = [];
  const columns = new Map<string, ColumnValues>();
  const articles: { line: number; column: string; values: Omit<ArticleValues, 'columnId'> }[] = [];
  const seen = new Map<string, number>();
  const parsedLines = parseJsonLines(file, text, contentLine);
  problems.push(...parsedLines.problems);
  for (const { line, value: entry } of parsedLines.lines) {
    const earlier = seen.get(`${entry.type}|${entry.key}`);
    if (earlier !== undefined) {
      problems.push({ file, line, field: 'key', message: `${entry.key} 已在第 ${earlier} 行出现` });
      continue;
    }
    seen.set(`${entry.type}|${entry.key}`, line);
    if (entry.type === 'column') {
      columns.set(entry.key, {
        sourceKey: columnKey(entry.key),
        name: entry.name,
        author: entry.author,
        intro: entry.intro,
        cover: entry.cover,
        demo: false,
      });
      continue;
    }
    const body = sanitizeRichText(entry.body);
    const plain = richTextToPlain(body);
    if (plain === '') {
      problems.push({ file, line, field: 'body', message: '正文净化后为空' });
      continue;
    }
    articles.push({
      line,
      column: entry.column,
      values: {
        sourceKey: `import:article:${entry.key}`,
        author: entry.author,
        title: entry.title,
        summary: entry.summary ?? plain.slice(0, summaryLength),
        cover: entry.cover,
        body,
        tags: entry.tags,
        instruments: entry.instruments,
        publishedAt: new Date(entry.publishedAt).toISOString(),
        demo: false,
      },
    });
  }

  const stored = new Map(
    (await db.selectFrom('article_columns').select(['source_key', 'id']).execute()).map((row) => [
      row.source_key,
      row.id,
    ]),
  );
  for (const article of articles)
    if (!columns.has(article.column) && !stored.has(columnKey(article.column)))
      problems.push({
        file,
        line: article.line,
        field: 'column',
        message: `专栏 ${article.column} 不在文件中，也未导入过`,
      });
  if (columns.size === 0 && articles.length === 0 && problems.length === 0)
    problems.push({ file, line: 0, message: '文件中没有专栏或文章' });
  if (problems.length > 0)
    throw new ImportFileError(
      file,
      problems.sort((a, b) => a.line - b.line),
    );

  const repository = createArticleRepository(db);
  await db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    for (const [name, column] of columns) ids.set(name, await repository.saveColumn(trx, column, true));
    for (const article of articles) {
      const columnId = ids.get(article.column) ?? stored.get(columnKey(article.column));
      if (columnId === undefined) throw new Error(`column ${article.column} vanished during the import`);
      await repository.saveArticle(trx, { ...article.values, columnId }, true);
    }
  });
  return { columns: columns.size, articles: articles.length };
}
