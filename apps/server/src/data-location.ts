import path from 'node:path';

/**
 * Where the server keeps its data when nothing else is said: the data folder's default (config.ts,
 * DATA_DIR) and the SQLite file in it (db/database.ts). The loader (server-loader.ts) finds the
 * database from these before the bundle loads, so this module stays free of other imports.
 */

/** The data folder when DATA_DIR is unset, from the working directory. */
export const DEFAULT_DATA_DIR = './data';

/** The SQLite database's file name in the data folder. */
export const SQLITE_FILE = 'zhicai.sqlite';

/** The SQLite database file of a data folder. */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, SQLITE_FILE);
}
