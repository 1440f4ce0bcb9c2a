import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../../../market/providers/import/import-problem.ts';
import { call } from '../../../test/call.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { importArticlesFile } from './article-import.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const folder = mkdtempSync(path.join(tmpdir(), 'articles-import-'));
function file(name: string, lines: readonly unknown[]): string {
  const target = path.join(folder, name);
  writeFileSync(
    target,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'),
  );
  return target;
}

const column = { type: 'column', key: 'macro', name: '宏观观察', author: '王研究员', intro: '宏观数据解读' };
const article = {
  type: 'article',
  key: 'macro-0001',
  column: 'macro',
  author: '王研究员',
  title: '社融数据点评',
  body: '<p onclick="steal()">社融增速回升。</p><script>alert(1)</script><a href="javascript:alert(1)">原文</a>',
  tags: ['宏观'],
  instruments: [{ code: '000001.sh', name: '上证指数' }],
  publishedAt: '2026-03-04T08:00:00+08:00',
};

describe('articles.jsonl import', () => {
  it('stores columns and articles with their bodies sanitised, and serves them', async () => {
    const result = await importArticlesFile(context.database.db, file('articles.jsonl', [column, article]));
    expect(result).toEqual({ columns: 1, articles: 1 });
    const { datas: page } = await call(context, api.content.articleList, { query: { tag: '宏观' } });
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      title: '社融数据点评',
      columnName: '宏观观察',
      summary: '社融增速回升。原文',
      demo: false,
    });
    const { datas } = await call(context, api.content.articleDetail, {
      query: { id: page.list[0]?.id ?? 0 },
    });
    expect(datas.body).toBe('<p>社融增速回升。</p><a>原文</a>');
    expect(datas.instruments).toEqual([{ code: '000001.SH', name: '上证指数' }]);
    expect(datas.publishedAt).toBe('2026-03-04T00:00:00.000Z');
  });

  it('replaces an article imported again under its key, keeping one row', async () => {
    await importArticlesFile(
      context.database.db,
      file('again.jsonl', [{ ...article, title: '社融数据点评（修订）' }]),
    );
    const { datas } = await call(context, api.content.articleList, { query: { tag: '宏观' } });
    expect(datas.list.map((entry) => entry.title)).toEqual(['社融数据点评（修订）']);
  });

  it('rejects a file with any bad line, naming each problem, and writes nothing of it', async () => {
    const bad = file('bad.jsonl', [
      { ...article, key: 'macro-0002', title: '不应写入' },
      { ...article, key: 'macro-0003', column: 'missing' },
      '{not json',
      { ...article, key: 'macro-0004', publishedAt: '昨天' },
      { ...article, key: 'macro-0005', body: '<script>only()</script>' },
    ]);
    const error = await importArticlesFile(context.database.db, bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    const lines = (error as ImportFileError).problems.map(
      (problem) => `${problem.line}:${problem.field ?? ''}`,
    );
    expect(lines).toEqual(['2:column', '3:', '4:publishedAt', '5:body']);
    const { datas } = await call(context, api.content.articleSearch, { query: { keyword: '不应写入' } });
    expect(datas.list).toEqual([]);
  });
});
