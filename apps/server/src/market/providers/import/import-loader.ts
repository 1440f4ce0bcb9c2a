import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DayNumber, InstrumentType } from '@zhicai/domain';
import { delistingDayOf } from '../../delisting.ts';
import type { MarketRepositories } from '../../repositories/market-repositories.ts';
import { groupByYear, type SeriesKind } from '../../repositories/series.repository.ts';
import type { KnownInstrument, KnownInstruments, ParsedFile } from './import-context.ts';
import { ImportFileError, type ImportProblem } from './import-problem.ts';
import { parseInstruments, parseProfiles } from './instrument-files.ts';
import { parseHoldings, parseMembers } from './membership-files.ts';
import { parseBars, parseFactors, parseNavs, parseShareChanges } from './series-files.ts';

/**
 * The import (issue 4): every recognised file of a folder, in a fixed order, each validated as a whole
 * and then written in one transaction. A file with any bad row is rejected entirely and the import
 * stops there; files before it stay imported, and importing them again changes nothing (rows are
 * upserted or merged by their keys), so the fix is to correct the file and run the import again.
 */

export const importKinds = [
  'instruments',
  'profiles',
  'members',
  'holdings',
  'bars',
  'navs',
  'factors',
  'share-changes',
] as const;
export type ImportKind = (typeof importKinds)[number];

export interface ImportFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the folder with forward slashes, as problems name it (bars/600519.SH.csv). */
  name: string;
  kind: ImportKind;
  /** The instrument of a per-code file (bars/<code>.csv, navs/<code>.csv). */
  code?: string;
}

export interface FileSummary {
  file: string;
  /** An ImportKind, or the kind of an extra file the caller loads (see ImportFolderOptions). */
  kind: string;
  rows: number;
  instruments: number;
  notes: string[];
}

const topLevel: Readonly<Record<string, ImportKind>> = {
  'instruments.csv': 'instruments',
  'profiles.jsonl': 'profiles',
  'members.csv': 'members',
  'holdings.csv': 'holdings',
  'bars.csv': 'bars',
  'navs.csv': 'navs',
  'factors.csv': 'factors',
  'share-changes.csv': 'share-changes',
};
const perCodeFolders: Readonly<Record<string, ImportKind>> = { bars: 'bars', navs: 'navs' };

/**
 * The files of a folder in import order: the master first (every other file refers to its codes),
 * then profiles, memberships and the dated series. Names are matched case-insensitively; anything
 * else is returned as skipped.
 */
export function discoverImportFiles(folder: string): { files: ImportFile[]; skipped: string[] } {
  const files: ImportFile[] = [];
  const skipped: string[] = [];
  for (const entry of readdirSync(folder).sort()) {
    const full = path.join(folder, entry);
    const lower = entry.toLowerCase();
    if (statSync(full).isDirectory()) {
      const kind = perCodeFolders[lower];
      if (!kind) {
        skipped.push(`${entry}/`);
        continue;
      }
      for (const inner of readdirSync(full).sort()) {
        const match = /^(.+)\.csv$/i.exec(inner);
        if (match?.[1] && statSync(path.join(full, inner)).isFile())
          files.push({
            path: path.join(full, inner),
            name: `${entry}/${inner}`,
            kind,
            code: match[1].toUpperCase(),
          });
        else skipped.push(`${entry}/${inner}`);
      }
      continue;
    }
    const kind = topLevel[lower];
    if (kind) files.push({ path: full, name: entry, kind });
    else skipped.push(entry);
  }
  // Stable: within a kind the one-file form (bars.csv) comes before the per-code folder, then by name.
  files.sort(
    (a, b) =>
      importKinds.indexOf(a.kind) - importKinds.indexOf(b.kind) ||
      Number(a.code !== undefined) - Number(b.code !== undefined) ||
      a.name.localeCompare(b.name),
  );
  return { files, skipped };
}

async function knownInstruments(repositories: MarketRepositories): Promise<Map<string, KnownInstrument>> {
  const rows = await repositories.instruments.listInstruments();
  return new Map(rows.map((row) => [row.code, { type: row.type as InstrumentType }]));
}

function rejectIfProblems(file: string, parsed: { problems: ImportProblem[] }): void {
  if (parsed.problems.length > 0) throw new ImportFileError(file, parsed.problems);
}

function summary(file: ImportFile, parsed: ParsedFile<unknown>): FileSummary {
  return {
    file: file.name,
    kind: file.kind,
    rows: parsed.count,
    instruments: parsed.codes,
    notes: parsed.notes,
  };
}

/**
 * Merges imported rows into an instrument's stored series by date (an imported day replaces the
 * stored one): the whole merged series, and the calendar years to write back (only those the
 * import touched).
 */
async function mergedSeries(
  repositories: MarketRepositories,
  code: string,
  kind: SeriesKind,
  imported: readonly (readonly [DayNumber, ...unknown[]])[],
): Promise<{
  merged: (readonly [DayNumber, ...unknown[]])[];
  years: { code: string; kind: SeriesKind; year: number; rows: unknown[][] }[];
}> {
  const byDay = new Map<DayNumber, readonly [DayNumber, ...unknown[]]>();
  for (const row of (await repositories.series.readSeries(code, kind)) as [DayNumber, ...unknown[]][])
    byDay.set(row[0], row);
  const touched = new Set<number>();
  for (const row of imported) {
    byDay.set(row[0], row);
    touched.add(Math.floor(row[0] / 10000));
  }
  const merged = [...byDay.values()].sort((a, b) => a[0] - b[0]);
  const years = [...groupByYear(merged)]
    .filter(([year]) => touched.has(year))
    .map(([year, rows]) => ({ code, kind, year, rows: rows.map((row) => [...row]) }));
  return { merged, years };
}

/**
 * Writes imported rows into the stored series. Bars also decide each share's face-value delisting
 * (面值退市) over its whole merged history, so a later import that corrects a price clears it again.
 */
async function importSeries(
  repositories: MarketRepositories,
  kind: SeriesKind,
  byCode: ReadonlyMap<string, readonly (readonly [DayNumber, ...unknown[]])[]>,
  known: KnownInstruments,
): Promise<void> {
  // Stored rows are read before the transaction: on SQLite the transaction holds the only connection.
  const entries: { code: string; kind: SeriesKind; year: number; rows: unknown[][] }[] = [];
  const delistings: { code: string; delistedDay: DayNumber | null }[] = [];
  let lastDay = 0;
  for (const [code, rows] of byCode) {
    const { merged, years } = await mergedSeries(repositories, code, kind, rows);
    entries.push(...years);
    if (kind === 'day')
      delistings.push({ code, delistedDay: delistingDayOf(code, known.get(code)?.type, merged) });
    lastDay = Math.max(lastDay, rows.at(-1)?.[0] ?? 0);
  }
  const through = Math.max(lastDay, Number((await repositories.meta.readMeta('through')) ?? 0));
  await repositories.transaction(async (trx) => {
    await repositories.series.writeSeries(trx, entries);
    await repositories.instruments.setDelistedDays(trx, delistings);
    await repositories.meta.writeMeta(trx, 'through', String(through));
  });
}

/** Validates one file against the stored market and writes it in one transaction. */
export async function importFile(repositories: MarketRepositories, file: ImportFile): Promise<FileSummary> {
  const text = readFileSync(file.path, 'utf8');
  const known = await knownInstruments(repositories);
  const perCode = { code: file.code };
  switch (file.kind) {
    case 'instruments': {
      const parsed = parseInstruments(file.name, text, known);
      rejectIfProblems(file.name, parsed);
      await repositories.transaction(async (trx) => {
        await repositories.instruments.upsertInstruments(trx, parsed.rows);
        await repositories.meta.writeMeta(trx, 'source', 'import');
      });
      return summary(file, parsed);
    }
    case 'profiles': {
      const parsed = parseProfiles(file.name, text, known);
      rejectIfProblems(file.name, parsed);
      await repositories.transaction((trx) =>
        repositories.instruments.updateProfiles(
          trx,
          parsed.rows.map((row) => ({ code: row.code, profile: JSON.stringify(row.profile) })),
        ),
      );
      return summary(file, parsed);
    }
    case 'members': {
      const parsed = parseMembers(file.name, text, known);
      rejectIfProblems(file.name, parsed);
      const rows = [...parsed.rows].flatMap(([index, list]) =>
        list.map((item) => ({ index_code: index, member_code: item.member, weight: item.weight })),
      );
      await repositories.transaction((trx) =>
        repositories.memberships.replaceIndexMembers(trx, [...parsed.rows.keys()], rows),
      );
      return summary(file, parsed);
    }
    case 'holdings': {
      const parsed = parseHoldings(file.name, text, known);
      rejectIfProblems(file.name, parsed);
      const rows = [...parsed.rows].flatMap(([fund, list]) =>
        list.map((item) => ({
          fund_code: fund,
          member_code: item.member,
          weight: item.weight,
          report_day: item.reportDay,
        })),
      );
      await repositories.transaction((trx) =>
        repositories.memberships.replaceHoldings(trx, [...parsed.rows.keys()], rows),
      );
      return summary(file, parsed);
    }
    case 'bars': {
      const parsed = parseBars(file.name, text, known, perCode);
      rejectIfProblems(file.name, parsed);
      await importSeries(repositories, 'day', parsed.rows, known);
      return summary(file, parsed);
    }
    case 'navs': {
      const parsed = parseNavs(file.name, text, known, perCode);
      rejectIfProblems(file.name, parsed);
      await importSeries(repositories, 'nav', parsed.rows, known);
      return summary(file, parsed);
    }
    case 'factors': {
      const parsed = parseFactors(file.name, text, known);
      rejectIfProblems(file.name, parsed);
      const rows = [...parsed.rows].flatMap(([code, list]) => list.map((item) => ({ code, ...item })));
      await repositories.transaction((trx) => repositories.corporateActions.insertFactors(trx, rows));
      return summary(file, parsed);
    }
    case 'share-changes': {
      const parsed = parseShareChanges(file.name, text, known);
      rejectIfProblems(file.name, parsed);
      const rows = [...parsed.rows].flatMap(([code, list]) =>
        list.map((item) => ({ code, day: item.day, float_shares: item.floatShares })),
      );
      await repositories.transaction((trx) => repositories.corporateActions.insertShareChanges(trx, rows));
      return summary(file, parsed);
    }
  }
}

/**
 * A file another module knows how to load (the CLI adds statements.jsonl from modules/report, which
 * the market layer must not depend on). It runs after the market files, in one transaction of its
 * own, and throws ImportFileError to reject the file.
 */
export interface ExtraImportFile {
  /** The file name in the folder, matched case-insensitively. */
  name: string;
  kind: string;
  load(filePath: string): Promise<{ rows: number; instruments: number }>;
}

export interface ImportFolderOptions {
  /** Called after each file is committed (the CLI prints its line). */
  onFile?: (summary: FileSummary) => void;
  extraFiles?: readonly ExtraImportFile[];
}

export interface ImportFolderResult {
  files: FileSummary[];
  skipped: string[];
}

/**
 * Imports a folder file by file. Throws ImportFileError for the first rejected file (nothing of it
 * written; the files before it stay imported) or when the folder cannot be imported at all.
 */
export async function importFolder(
  repositories: MarketRepositories,
  folder: string,
  options: ImportFolderOptions = {},
): Promise<ImportFolderResult> {
  const source = await repositories.meta.readMeta('source');
  if (source !== null && source !== 'import')
    throw new ImportFileError(folder, [
      {
        file: folder,
        line: 0,
        message: `the database holds the generated ${source} market; import into an empty database (another DATA_DIR or DATABASE_URL)`,
      },
    ]);
  const discovered = discoverImportFiles(folder);
  const { files } = discovered;
  const extras = (options.extraFiles ?? []).flatMap((extra) => {
    const found = discovered.skipped.find((entry) => entry.toLowerCase() === extra.name.toLowerCase());
    return found ? [{ extra, entry: found }] : [];
  });
  const skipped = discovered.skipped.filter((entry) => !extras.some((item) => item.entry === entry));
  if (files.length === 0 && extras.length === 0)
    throw new ImportFileError(folder, [
      {
        file: folder,
        line: 0,
        message:
          'no recognised files (instruments.csv, profiles.jsonl, members.csv, holdings.csv, bars.csv or bars/, navs.csv or navs/, factors.csv, share-changes.csv)',
      },
    ]);
  if (files[0]?.kind !== 'instruments' && (await repositories.instruments.instrumentCount()) === 0)
    throw new ImportFileError(folder, [
      {
        file: folder,
        line: 0,
        message: 'the database has no instruments yet; the first import needs instruments.csv',
      },
    ]);
  const summaries: FileSummary[] = [];
  for (const file of files) {
    const done = await importFile(repositories, file);
    summaries.push(done);
    options.onFile?.(done);
  }
  for (const { extra, entry } of extras) {
    const loaded = await extra.load(path.join(folder, entry));
    const done: FileSummary = { file: entry, kind: extra.kind, notes: [], ...loaded };
    summaries.push(done);
    options.onFile?.(done);
  }
  return { files: summaries, skipped };
}
