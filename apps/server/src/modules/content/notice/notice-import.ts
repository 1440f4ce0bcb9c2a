import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { noticeType, ratingChange, reportPeriod, researchRating } from '@zhicai/contract';
import type { Insertable, Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, NoticesTable, ResearchReportsTable } from '../../../db/schema.ts';
import { ImportFileError, type ImportProblem } from '../../../market/providers/import/import-problem.ts';
import { createNoticeRepository } from './notice.repository.ts';

/**
 * Loads real announcements and research reports with their PDF files (docs/content-import.md,
 * sections 公告 and 研报): JSON Lines, one item a line, each naming a PDF by a path relative to the
 * file's folder. The whole file is checked first — shape, known codes, each PDF by its content
 * (the %PDF- signature, not its name) and size — and any problem rejects it with every problem named
 * `file:line`; a good file is written in one transaction. An item brought again (same `id`) is
 * replaced, keeping its id on our side.
 */

/** A PDF larger than this is refused: announcements run to a few megabytes at most. */
export const maxPdfBytes = 20 * 1024 * 1024;
const pdfSignature = Buffer.from('%PDF-', 'latin1');

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期应为 YYYY-MM-DD')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), '日期无效');
const stockCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(\d{6}\.(SH|SZ|BJ)|\d{5}\.HK)$/, '代码应为 A 股或港股代码，如 600519.SH、00700.HK');
const common = {
  id: z.string().trim().min(1, '缺少 id').max(80, 'id 不超过 80 个字符'),
  date: isoDate,
  title: z.string().trim().min(1, '缺少标题').max(200, '标题不超过 200 个字符'),
  summary: z.string().trim().max(2000, '摘要不超过 2000 个字符'),
  pdf: z.string().trim().min(1, '缺少 PDF 文件路径'),
};

const noticeLine = z.object({
  ...common,
  code: stockCode,
  type: noticeType,
  reportPeriod: z.union([z.string(), z.number().int()]).transform(String).pipe(reportPeriod).nullish(),
});

const researchLine = z
  .object({
    ...common,
    code: stockCode.nullish(),
    industry: z.string().trim().toUpperCase().max(20, '行业代码过长').nullish(),
    institution: z.string().trim().min(1, '缺少机构').max(40, '机构名称不超过 40 个字符'),
    analyst: z.string().trim().min(1, '缺少分析师').max(60, '分析师不超过 60 个字符'),
    rating: researchRating,
    ratingChange,
    targetPrice: z.number().positive('目标价应为正数').nullish(),
    priceAtDate: z.number().positive('收盘价应为正数').nullish(),
  })
  .refine((line) => line.code || line.industry, { message: '个股研报应有 code，行业研报应有 industry' });

type Kind = 'notice' | 'research';

export interface ContentImportResult {
  rows: number;
  instruments: number;
}

/** The PDF a line names: inside the folder, a regular file, starting with %PDF-, within the size limit. */
async function readPdf(folder: string, relative: string): Promise<{ body: Buffer } | { problem: string }> {
  const resolved = path.resolve(folder, relative);
  if (!resolved.startsWith(folder + path.sep))
    return { problem: `PDF 路径应在导入文件所在的文件夹内：${relative}` };
  let size: number;
  try {
    const info = await stat(resolved);
    if (!info.isFile()) return { problem: `不是文件：${relative}` };
    size = info.size;
  } catch {
    return { problem: `找不到 PDF 文件：${relative}` };
  }
  if (size > maxPdfBytes) return { problem: `PDF 文件超过 ${maxPdfBytes / 1024 / 1024} MB：${relative}` };
  const body = await readFile(resolved);
  if (!body.subarray(0, pdfSignature.length).equals(pdfSignature))
    return { problem: `不是 PDF 文件（内容不以 %PDF- 开头）：${relative}` };
  return { body };
}

function dayOf(date: string): number {
  return Number(date.replaceAll('-', ''));
}

async function importContentFile(
  db: Kysely<Database>,
  file: string,
  kind: Kind,
): Promise<ContentImportResult> {
  const folder = path.dirname(path.resolve(file));
  const text = await readFile(file, 'utf8');
  const known = new Set((await db.selectFrom('instruments').select('code').execute()).map((row) => row.code));
  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  const items: { row: Insertable<NoticesTable> | Insertable<ResearchReportsTable>; pdf: Buffer }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      problems.push({ file, line, message: `不是合法的 JSON：${(error as Error).message}` });
      continue;
    }
    const parsed = (kind === 'notice' ? noticeLine : researchLine).safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({
          file,
          line,
          ...(issue.path.length > 0 ? { field: issue.path.join('.') } : {}),
          message: issue.message,
        });
      continue;
    }
    const data = parsed.data;
    const earlier = seen.get(data.id);
    if (earlier !== undefined) {
      problems.push({ file, line, field: 'id', message: `${data.id} 已在第 ${earlier} 行出现` });
      continue;
    }
    seen.set(data.id, line);
    const code = 'code' in data ? data.code : null;
    if (code && !known.has(code)) {
      problems.push({ file, line, field: 'code', message: `${code} 不在品种表中，请先导入 instruments.csv` });
      continue;
    }
    const pdf = await readPdf(folder, data.pdf);
    if ('problem' in pdf) {
      problems.push({ file, line, field: 'pdf', message: pdf.problem });
      continue;
    }
    const base = {
      dedupe_key: `import|${data.id}`,
      day: dayOf(data.date),
      title: data.title,
      summary: data.summary,
      body: '',
      source: 'import' as const,
    };
    if (kind === 'notice') {
      const notice = noticeLine.parse(value);
      items.push({
        row: {
          ...base,
          code: notice.code,
          type: notice.type,
          report_period: notice.reportPeriod ? Number(notice.reportPeriod) : null,
        },
        pdf: pdf.body,
      });
    } else {
      const report = researchLine.parse(value);
      items.push({
        row: {
          ...base,
          code: report.code ?? null,
          industry: report.industry ?? null,
          institution: report.institution,
          analyst: report.analyst,
          rating: report.rating,
          rating_change: report.ratingChange,
          target_price: report.targetPrice ?? null,
          price_at_date: report.priceAtDate ?? null,
        },
        pdf: pdf.body,
      });
    }
  }
  if (items.length === 0 && problems.length === 0)
    problems.push({ file, line: 0, message: kind === 'notice' ? '文件中没有公告' : '文件中没有研报' });
  if (problems.length > 0) throw new ImportFileError(file, problems);

  const repository = createNoticeRepository(db);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const item of items) {
      const fileId = await repository.insertFile(trx, item.pdf, 'application/pdf', now);
      if (kind === 'notice')
        await repository.upsertNotice(trx, { ...(item.row as Insertable<NoticesTable>), file_id: fileId });
      else
        await repository.upsertResearch(trx, {
          ...(item.row as Insertable<ResearchReportsTable>),
          file_id: fileId,
        });
    }
  });
  const codes = new Set(items.map((item) => item.row.code).filter(Boolean));
  return { rows: items.length, instruments: codes.size };
}

export function importNoticesFile(db: Kysely<Database>, file: string): Promise<ContentImportResult> {
  return importContentFile(db, file, 'notice');
}

export function importResearchFile(db: Kysely<Database>, file: string): Promise<ContentImportResult> {
  return importContentFile(db, file, 'research');
}
