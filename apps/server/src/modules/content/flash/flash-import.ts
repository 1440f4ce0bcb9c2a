import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { ImportFileError, inLineOrder } from '../../../market/providers/import/import-problem.ts';
import { parseJsonLines } from '../../../market/providers/import/json-lines.ts';
import { createFlashRepository, type FlashDraft } from './flash.repository.ts';

/**
 * Loads real 7×24 flashes from a JSON Lines file (docs/content-import.md "快讯"), one flash per
 * line. The file is checked as a whole first; any problem rejects it with every problem named
 * `file:line`, and nothing is written. A good file is written in one transaction, oldest first, so
 * the feed's ids follow the flashes' times. A line's `key` (the vendor's id) makes it idempotent:
 * importing the same flash again writes nothing.
 */

const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{1,12}\.[A-Z]{2,3}$/, '代码应带市场后缀，如 600519.SH、801120.ZSI');

/** ISO 8601 with an offset (2026-11-20T10:31:00+08:00) or epoch milliseconds. */
const time = z.union([
  z.number().int().min(0, '时间不正确'),
  z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
      '时间应为带时区的 ISO 8601，如 2026-11-20T10:31:00+08:00',
    )
    .transform((text) => Date.parse(text))
    .refine((value) => Number.isFinite(value), '时间不正确'),
]);

const flashLine = z.strictObject({
  key: z.string().trim().min(1).max(100).optional(),
  time,
  title: z.string().trim().min(1, '标题不能为空').max(200, '标题最多 200 字'),
  body: z.string().trim().max(5000, '正文最多 5000 字').default(''),
  importance: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { error: '重要度应为 1、2 或 3' })
    .default(1),
  codes: z.array(code).max(20, '相关品种最多 20 个').default([]),
  sectors: z.array(code).max(20, '相关板块最多 20 个').default([]),
});

export interface FlashImportResult {
  file: string;
  /** Flashes written (a flash whose key was imported before is not written again). */
  flashes: number;
  /** Instruments named. */
  instruments: number;
}

export async function importFlashesFile(db: Kysely<Database>, file: string): Promise<FlashImportResult> {
  const text = await readFile(file, 'utf8');
  const { lines, problems } = parseJsonLines(file, text, flashLine);
  const drafts: FlashDraft[] = [];
  const keys = new Map<string, number>();
  for (const { line, value: flash } of lines) {
    if (flash.key !== undefined) {
      const earlier = keys.get(flash.key);
      if (earlier !== undefined) {
        problems.push({ file, line, field: 'key', message: `${flash.key} 已在第 ${earlier} 行出现` });
        continue;
      }
      keys.set(flash.key, line);
    }
    drafts.push({
      time: flash.time,
      title: flash.title,
      body: flash.body,
      importance: flash.importance,
      codes: [...new Set(flash.codes)],
      sectors: [...new Set(flash.sectors)],
      source: 'import',
      eventKey: flash.key === undefined ? null : `import:${flash.key}`,
    });
  }
  if (drafts.length === 0 && problems.length === 0)
    problems.push({ file, line: 0, message: '文件中没有快讯' });
  if (problems.length > 0) throw new ImportFileError(file, inLineOrder(problems));
  drafts.sort((a, b) => a.time - b.time);
  const written = await createFlashRepository(db).insert(drafts);
  return { file, flashes: written.length, instruments: new Set(drafts.flatMap((draft) => draft.codes)).size };
}
