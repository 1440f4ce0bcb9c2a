import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InstrumentType } from '@zhicai/domain';
import type { KnownInstruments } from './import-context.ts';
import { formatProblem, type ImportProblem } from './import-problem.ts';

/** A stored master for parser tests: code → type. */
export function known(entries: Record<string, InstrumentType>): KnownInstruments {
  return new Map(Object.entries(entries).map(([code, type]) => [code, { type }]));
}

/** The problems of a parse as the CLI prints them, for compact assertions. */
export function printed(parsed: { problems: readonly ImportProblem[] }): string[] {
  return parsed.problems.map(formatProblem);
}

/** The sample vendor folder shipped beside the code (docs/import-format.md describes its files). */
export const sampleDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sample');
