import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../../../market/providers/import/import-problem.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { importNoticesFile, importResearchFile } from './notice-import.ts';

let context: TestContext;
let folder: string;
beforeAll(async () => {
  context = await createTestApp();
  await context.database.db
    .insertInto('instruments')
    .values({
      code: '600519.SH',
      name: '贵州茅台',
      type: 'capital',
      board: 'main',
      industry: '801120.ZSI',
      listing_day: 20010827,
      total_shares: 1_256_197_800,
      float_shares: 1_256_197_800,
      pinyin_initials: 'gzmt',
      pinyin: 'guizhoumaotai',
      is_st: 0,
      profile: '{}',
    })
    .execute();
  folder = path.join(context.dataDir, 'content-import');
  mkdirSync(path.join(folder, 'pdfs'), { recursive: true });
  writeFileSync(path.join(folder, 'pdfs', 'q3.pdf'), '%PDF-1.4\n% a tiny test file\n%%EOF\n');
  writeFileSync(path.join(folder, 'pdfs', 'fake.pdf'), 'not a pdf at all');
}, 60_000);
afterAll(async () => {
  await context?.close();
});

const notice = {
  id: 'SSE-600519-2026-Q3',
  code: '600519.SH',
  type: '定期报告',
  date: '2026-10-24',
  title: '贵州茅台2026年第三季度报告',
  summary: '营业总收入1410.47亿元。',
  reportPeriod: '20260930',
  pdf: 'pdfs/q3.pdf',
};

function write(name: string, lines: unknown[]): string {
  const file = path.join(folder, name);
  writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return file;
}

async function count(table: 'notices' | 'research_reports' | 'content_files'): Promise<number> {
  const row = await context.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

async function rejection(run: () => Promise<unknown>): Promise<string> {
  const error = await run().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as ImportFileError).message;
}

describe('npm run import: notices.jsonl and research.jsonl', () => {
  it('rejects a whole file when one PDF is not a PDF by content, naming the line, and writes nothing', async () => {
    const file = write('notices.jsonl', [notice, { ...notice, id: 'two', pdf: 'pdfs/fake.pdf' }]);
    const message = await rejection(() => importNoticesFile(context.database.db, file));
    expect(message).toContain('notices.jsonl:2: pdf: 不是 PDF 文件（内容不以 %PDF- 开头）');
    expect(await count('notices')).toBe(0);
    expect(await count('content_files')).toBe(0);
  });

  it('refuses paths outside the folder, unknown codes, bad types and duplicate ids', async () => {
    const file = write('notices.jsonl', [
      { ...notice, id: 'a', pdf: '../outside.pdf' },
      { ...notice, id: 'b', code: '000001.SZ' },
      { ...notice, id: 'c', type: '传闻' },
      { ...notice, id: 'a' },
    ]);
    const message = await rejection(() => importNoticesFile(context.database.db, file));
    expect(message).toContain(':1: pdf: PDF 路径应在导入文件所在的文件夹内');
    expect(message).toContain(':2: code: 000001.SZ 不在品种表中');
    expect(message).toContain(':3: type: 公告类型不在可选范围内');
    expect(message).toContain(':4: id: a 已在第 1 行出现');
  });

  it('stores good lines with their files, and replaces an item brought again', async () => {
    const file = write('notices.jsonl', [notice]);
    expect(await importNoticesFile(context.database.db, file)).toEqual({ rows: 1, instruments: 1 });
    expect(await importNoticesFile(context.database.db, file)).toEqual({ rows: 1, instruments: 1 });
    expect(await count('notices')).toBe(1);
    expect(await count('content_files')).toBe(1);
    const row = await context.database.db.selectFrom('notices').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      code: '600519.SH',
      type: '定期报告',
      day: 20261024,
      report_period: 20260930,
      source: 'import',
    });
    const served = await context.app.inject({ method: 'GET', url: `/files/notice/${row.id}.pdf` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const research = write('research.jsonl', [
      {
        id: 'R1',
        code: '600519.SH',
        date: '2026-10-28',
        title: '三季报点评',
        institution: '某证券',
        analyst: '张三',
        rating: '买入',
        ratingChange: '维持',
        targetPrice: 1900,
        priceAtDate: 1500,
        summary: '维持买入。',
        pdf: 'pdfs/q3.pdf',
      },
      {
        id: 'R2',
        date: '2026-10-28',
        title: '行业周报',
        institution: '某证券',
        analyst: '张三',
        rating: '增持',
        ratingChange: '首次',
        summary: '',
        pdf: 'pdfs/q3.pdf',
      },
    ]);
    const message = await rejection(() => importResearchFile(context.database.db, research));
    expect(message).toContain('research.jsonl:2: 个股研报应有 code，行业研报应有 industry');
  });
});
