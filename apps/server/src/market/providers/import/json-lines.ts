import type { z } from 'zod';
import type { ImportProblem } from './import-problem.ts';

/**
 * The lines of a JSON Lines import file, each parsed and checked by `schema`: the good ones with
 * their 1-based line numbers, and a problem per bad line (not JSON) or per issue the schema found,
 * named by the key at fault. Empty lines and a byte-order mark are ignored.
 */
export function parseJsonLines<Schema extends z.ZodType>(
  file: string,
  text: string,
  schema: Schema,
): { lines: { line: number; value: z.output<Schema> }[]; problems: ImportProblem[] } {
  const lines: { line: number; value: z.output<Schema> }[] = [];
  const problems: ImportProblem[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = index + 1;
      if (raw.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (error) {
        problems.push({ file, line, message: `不是合法的 JSON：${(error as Error).message}` });
        return;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) {
        lines.push({ line, value: parsed.data });
        return;
      }
      for (const issue of parsed.error.issues)
        problems.push({
          file,
          line,
          ...(issue.path.length > 0 ? { field: issue.path.join('.') } : {}),
          message: issue.message,
        });
    });
  return { lines, problems };
}
