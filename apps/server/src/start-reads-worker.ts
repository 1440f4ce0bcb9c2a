// The start-reads prefetch's worker (start-reads.ts): runs the recorded statements on a read-only
// connection and posts each statement's rows as arrays of column values, as sqliteRawRead reads them.
import { readFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import {
  databaseFileState,
  type PrefetchMessage,
  type PrefetchWorkerData,
  toColumns,
} from './start-reads.ts';

const { database, statements, port, progress, since } = workerData as PrefetchWorkerData;

/** This thread's CPU so far (Linux), for the bench: the prefetch is work on the other core. */
function threadCpuMs(): number | null {
  try {
    // Fields 14 and 15 of stat (user and system time, in clock ticks of 10 ms), after the name in parentheses.
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const post = (message: PrefetchMessage) => port.postMessage(message);

try {
  const sqlite = new SqliteDatabase(database, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  // One read transaction: every statement sees the same state of the database.
  sqlite.exec('begin');
  statements.forEach((sql, index) => {
    Atomics.store(progress, 2, Date.now() - since);
    Atomics.store(progress, 0, index);
    const started = performance.now();
    try {
      // Rows read while another process committed are not posted: the state around the read must hold.
      const fileState = databaseFileState(database);
      const statement = sqlite.prepare(sql).raw();
      const rows = toColumns(statement.all() as unknown[][], statement.columns().length);
      const transfer = rows.columns.flatMap((column) =>
        'indices' in column ? [column.indices.buffer as ArrayBuffer] : [],
      );
      if (databaseFileState(database) !== fileState)
        throw new Error('written by another process during the read');
      port.postMessage(
        { sql, rows, ms: performance.now() - started, fileState } satisfies PrefetchMessage,
        transfer,
      );
    } catch (error) {
      post({ sql, error: String(error) });
    }
    Atomics.add(progress, 1, 1);
    Atomics.notify(progress, 1);
  });
  sqlite.exec('commit');
  sqlite.close();
  post({ done: true, cpuMs: threadCpuMs() });
} catch (error) {
  post({ done: true, cpuMs: threadCpuMs(), error: String(error) });
  // Whoever waits for a statement stops waiting.
  Atomics.store(progress, 1, statements.length);
  Atomics.notify(progress, 1);
}
port.close();
