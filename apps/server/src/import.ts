import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type FileSummary, importFolder } from './market/providers/import/import-loader.ts';
import { ImportFileError } from './market/providers/import/import-problem.ts';
import { createMarketRepositories } from './market/repositories/market-repositories.ts';
import { importArticlesFile } from './modules/content/article/article-import.ts';
import { importFlashesFile } from './modules/content/flash/flash-import.ts';
import { importNoticesFile, importResearchFile } from './modules/content/notice/notice-import.ts';
import { importStatementsFile } from './modules/report/statements-import.ts';

/**
 * `npm run import -- <folder>` (issue 4): loads vendor files (docs/import-format.md) into the database
 * the server uses — same DATA_DIR / DATABASE_URL, same migrations — one transaction per file. Exits 1
 * with `file:line: field: message` lines when a file is rejected; that file is left unwritten.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

function line(summary: FileSummary): string {
  const notes = summary.notes.map((note) => `\n    note: ${note}`).join('');
  return `  ${summary.file.padEnd(28)} ${summary.kind.padEnd(14)} ${String(summary.rows).padStart(7)} rows, ${summary.instruments} instruments${notes}`;
}

async function main(): Promise<number> {
  const folder = process.argv[2];
  if (!folder || process.argv.length > 3) {
    process.stderr.write('usage: npm run import -- <folder>   (file formats: docs/import-format.md)\n');
    return 2;
  }
  // npm runs scripts from the repository root; INIT_CWD is where `npm run import` was typed.
  const resolved = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  if (!existsSync(resolved) || !statSync(resolved).isDirectory()) {
    process.stderr.write(`${folder}: not a folder\n`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, path.resolve(here, '../../web/dist'));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    process.stdout.write(`importing ${resolved} into ${database.kind} ${database.location}\n`);
    const result = await importFolder(createMarketRepositories(database.db), resolved, {
      onFile: (summary) => process.stdout.write(`${line(summary)}\n`),
      extraFiles: [
        {
          // Financial statements (docs/report-statements-format.md), after the instruments they name.
          name: 'statements.jsonl',
          kind: 'statements',
          load: async (filePath) => {
            const loaded = await importStatementsFile(database.db, filePath);
            return { rows: loaded.periods, instruments: loaded.companies };
          },
        },
        {
          // Articles and their columns (docs/content-import.md, 文章); they name no instrument row.
          name: 'articles.jsonl',
          kind: 'articles',
          load: async (filePath) => {
            const loaded = await importArticlesFile(database.db, filePath);
            return { rows: loaded.articles, instruments: 0 };
          },
        },
        {
          // 7×24 flashes (docs/content-import.md "快讯").
          name: 'flashes.jsonl',
          kind: 'flashes',
          load: async (filePath) => {
            const loaded = await importFlashesFile(database.db, filePath);
            return { rows: loaded.flashes, instruments: loaded.instruments };
          },
        },
        // Announcements and research reports with their PDFs (docs/content-import.md).
        {
          name: 'notices.jsonl',
          kind: 'notices',
          load: (filePath) => importNoticesFile(database.db, filePath),
        },
        {
          name: 'research.jsonl',
          kind: 'research',
          load: (filePath) => importResearchFile(database.db, filePath),
        },
      ],
    });
    for (const skipped of result.skipped)
      process.stdout.write(`  ${skipped.padEnd(28)} skipped (not a recognised file name)\n`);
    process.stdout.write(
      `imported ${result.files.length} files; start the server with MARKET_SOURCE=import to serve them\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ImportFileError) {
      process.stderr.write(`${error.message}\n`);
      process.stderr.write(
        `import stopped: nothing of ${error.file} was written; files listed above were imported\n`,
      );
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
