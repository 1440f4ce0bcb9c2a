import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/**
 * The big SQLite reads of a start, prefetched on the second core while the main thread loads the
 * bundle (issue 15 item 8), in the spirit of the code cache (code-cache.ts). Each start records, in
 * the data folder, the SQL of the raw reads (database.ts sqliteRawRead) it did; the next start's
 * loader (server-loader.ts) runs those statements in a worker thread on a read-only connection
 * before it loads the bundle, and sqliteRawRead takes a result for the same SQL from there.
 * Measured on the full market (restarts of this build and the one before, alternated; load 0.7-1.5):
 * spawn to first answer, median 79-92 ms sooner in three runs of 6-7 pairs; the main thread takes
 * the master and the index members in 30-80 ms where it read them in ~170; the worker costs
 * 210-380 ms of CPU on the other core, its Node thread start included.
 *
 * A prefetched result is taken only when it is what a read now would give: the same bundle (hence
 * the same schema and migrations) recorded the list, the connection is the database the worker
 * read, and this process has written nothing to it (`total_changes()` is 0: a migration or any
 * other write discards every prefetched result), nor has another (an import run during the start:
 * nothing enforces one process per data folder) since the worker read it: the database file and its
 * write-ahead log, which every commit appends to, are as the worker saw them around its read.
 */

/** The size and modification time of the database and its write-ahead log: a commit changes them. */
export function databaseFileState(database: string): string {
  return ['', '-wal']
    .map((suffix) => {
      const stat = statSync(`${database}${suffix}`, { throwIfNoEntry: false });
      // The server's own connection creates an empty log when the last one closed took it away.
      return stat && stat.size > 0 ? `${stat.size}@${stat.mtimeMs}` : 'empty';
    })
    .join(' ');
}

/** The list of a start's reads, in the data folder beside the database. */
export const START_READS_FILE = 'start-reads.json';

export interface RecordedRead {
  sql: string;
  /** The main thread's own read, when it did one: the longest worth waiting for the worker. */
  readMs?: number;
  /** The worker's read of it on the last prefetch. */
  workerMs?: number;
}

interface RecordedReads {
  bundleId: string;
  database: string;
  reads: RecordedRead[];
}

/**
 * A statement's rows by column: a column of text (or null) as its distinct values and each row's
 * index among them, any other column as its values. Receiving a copied string costs the main thread
 * about as much as reading it; the master's types, boards and industries and the members' index and
 * member codes repeat, so each distinct string crosses once (and the rows share it, as equal strings).
 */
export interface ColumnarRows {
  length: number;
  columns: ({ distinct: (string | null)[]; indices: Uint32Array } | { values: unknown[] })[];
}

export function toColumns(rows: unknown[][], width: number): ColumnarRows {
  const columns: ColumnarRows['columns'] = [];
  for (let column = 0; column < width; column += 1) {
    const distinct: (string | null)[] = [];
    const positions = new Map<string | null, number>();
    const indices = new Uint32Array(rows.length);
    let text = true;
    for (let row = 0; row < rows.length && text; row += 1) {
      const value = rows[row]?.[column];
      if (typeof value !== 'string' && value !== null) {
        text = false;
        break;
      }
      let position = positions.get(value);
      if (position === undefined) {
        position = distinct.push(value) - 1;
        positions.set(value, position);
      }
      indices[row] = position;
    }
    columns.push(text ? { distinct, indices } : { values: rows.map((row) => row[column]) });
  }
  return { length: rows.length, columns };
}

export function fromColumns(columnar: ColumnarRows): unknown[][] {
  const rows: unknown[][] = new Array(columnar.length);
  const width = columnar.columns.length;
  for (let row = 0; row < columnar.length; row += 1) rows[row] = new Array(width);
  columnar.columns.forEach((column, index) => {
    if ('values' in column) {
      const { values } = column;
      for (let row = 0; row < columnar.length; row += 1) (rows[row] as unknown[])[index] = values[row];
    } else {
      const { distinct, indices } = column;
      for (let row = 0; row < columnar.length; row += 1)
        (rows[row] as unknown[])[index] = distinct[indices[row] as number];
    }
  });
  return rows;
}

/** What the worker posts: one per statement (rows or the error), then its CPU once done. */
export type PrefetchMessage =
  | { sql: string; rows: ColumnarRows; ms: number; fileState: string }
  | { sql: string; error: string }
  | { done: true; cpuMs: number | null; error?: string };

/** What the worker is given (start-reads-worker.ts). */
export interface PrefetchWorkerData {
  database: string;
  statements: string[];
  port: MessagePort;
  /** [index of the statement being read, statements posted, ms since `since` it began]. */
  progress: Int32Array;
  since: number;
}

/** What a start did with its prefetch, for the 'server ready' line. */
export interface StartReadsReport {
  status: 'used' | 'absent' | 'discarded';
  reason?: string;
  /** Prefetched results taken, of the statements asked for. */
  used: number;
  of: number;
  /** Main-thread ms taking the worker's rows (receiving them, and waiting, of which waitedMs). */
  takeMs: number;
  waitedMs: number;
  /** The worker thread's CPU (on the other core), once it has finished. */
  workerCpuMs: number | null;
}

interface StartReadsHook {
  bundleId: string;
  dataDir: string;
  take(sql: string, database: string, writes: () => number): unknown[][] | undefined;
  record(sql: string, readMs: number | undefined): void;
  report(): StartReadsReport;
  save(): boolean;
}

// Shared between the loader (dist/server.js) and the bundle it runs: each has its own copy of this file.
const hookKey = Symbol.for('zhicai.startReads');

function readList(file: string): RecordedReads | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RecordedReads>;
    if (
      typeof parsed.bundleId !== 'string' ||
      typeof parsed.database !== 'string' ||
      !Array.isArray(parsed.reads)
    )
      return undefined;
    const reads = parsed.reads.filter(
      (read): read is RecordedRead =>
        typeof read === 'object' && read !== null && typeof read.sql === 'string',
    );
    return { bundleId: parsed.bundleId, database: parsed.database, reads };
  } catch {
    return undefined;
  }
}

export interface PrefetchOptions {
  bundleId: string;
  /** The data folder and its SQLite file, as config.ts and database.ts make them. */
  dataDir: string;
  database: string;
  workerFile: string;
}

/**
 * Starts the worker on the reads the last start of this bundle recorded, and installs the hook
 * sqliteRawRead takes them through and records into. Call it before loading the bundle.
 */
export function prefetchStartReads(options: PrefetchOptions): void {
  const listFile = path.join(options.dataDir, START_READS_FILE);
  const list = readList(listFile);
  const usable = list && list.bundleId === options.bundleId && list.database === options.database;
  const planned = usable ? list.reads : [];
  const results = new Map<string, PrefetchMessage>();
  let status: StartReadsReport['status'] = planned.length > 0 ? 'used' : 'absent';
  let reason: string | undefined = list && !usable ? 'recorded by another build or database' : undefined;
  let port: MessagePort | undefined;
  let worker: Worker | undefined;
  let workerCpuMs: number | null = null;
  let workerDone = false;
  const progress = new Int32Array(new SharedArrayBuffer(12));
  const since = Date.now();
  if (planned.length > 0) {
    const channel = new MessageChannel();
    port = channel.port1;
    const data: PrefetchWorkerData = {
      database: options.database,
      statements: planned.map((read) => read.sql),
      port: channel.port2,
      progress,
      since,
    };
    progress[0] = -1;
    try {
      worker = new Worker(options.workerFile, { workerData: data, transferList: [channel.port2] });
      // The worker must never keep a server that is closing alive, nor fail it.
      worker.unref();
      worker.on('error', (error) => discard(`the worker failed: ${error.message}`));
    } catch {
      discard('the worker did not start');
    }
  }

  function drain(): void {
    for (
      let message = port && receiveMessageOnPort(port);
      message;
      message = port && receiveMessageOnPort(port)
    ) {
      const posted = message.message as PrefetchMessage;
      if ('done' in posted) {
        workerDone = true;
        workerCpuMs = posted.cpuMs;
        if (posted.error) discard(`the worker failed: ${posted.error}`);
      } else results.set(posted.sql, posted);
    }
  }

  function discard(why: string): void {
    if (status === 'discarded') return;
    status = 'discarded';
    reason = why;
    results.clear();
  }

  const taken = new Set<string>();
  let takeMs = 0;
  let waitedMs = 0;
  let saved = false;
  const recorded = new Map<string, RecordedRead>();

  const hook: StartReadsHook = {
    bundleId: options.bundleId,
    dataDir: options.dataDir,
    take(sql, database, writes) {
      const index = planned.findIndex((read) => read.sql === sql);
      if (status !== 'used' || saved || index < 0 || taken.has(sql)) return undefined;
      if (database !== options.database) {
        discard('another database');
        return undefined;
      }
      if (writes() !== 0) {
        discard('written before the read');
        return undefined;
      }
      const started = performance.now();
      try {
        drain();
        if (!results.has(sql) && !workerDone && status === 'used') waitForWorker(index);
        const result = results.get(sql);
        results.delete(sql);
        if (!result || !('rows' in result)) return undefined;
        if (result.fileState !== databaseFileState(database)) {
          discard('written by another process since the prefetch');
          return undefined;
        }
        taken.add(sql);
        const read = recorded.get(sql) ?? { ...planned[index] };
        recorded.set(sql, { ...read, sql, workerMs: Math.round(result.ms) });
        return fromColumns(result.rows);
      } finally {
        takeMs += performance.now() - started;
      }
    },
    record(sql, readMs) {
      const known = recorded.get(sql) ?? planned.find((read) => read.sql === sql);
      recorded.set(sql, { ...known, sql, ...(readMs === undefined ? {} : { readMs: Math.round(readMs) }) });
    },
    report() {
      drain();
      return {
        status,
        ...(reason ? { reason } : {}),
        used: taken.size,
        of: planned.length,
        takeMs: Math.round(takeMs),
        waitedMs: Math.round(waitedMs),
        workerCpuMs,
      };
    },
    save() {
      drain();
      saved = true;
      results.clear();
      if (!workerDone) void worker?.terminate();
      port?.close();
      const next: RecordedReads = {
        bundleId: options.bundleId,
        database: options.database,
        reads: [...recorded.values()],
      };
      // Written whole and then renamed, as the code cache is; a folder it may not write keeps none.
      const temporary = `${listFile}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, `${JSON.stringify(next, null, 1)}\n`);
        renameSync(temporary, listFile);
        return true;
      } catch {
        rmSync(temporary, { force: true });
        return false;
      }
    },
  };

  /**
   * Waits for the statement the worker is reading when it should be done within half of what the
   * main thread's own read took; otherwise (the worker still starting, or far behind) the main thread
   * reads it itself.
   */
  function waitForWorker(index: number): void {
    const read = planned[index];
    const ownMs = read?.readMs ?? read?.workerMs;
    if (ownMs === undefined || Atomics.load(progress, 0) !== index) return;
    const expectedMs = read?.workerMs ?? ownMs;
    const leftMs = expectedMs - (Date.now() - since - Atomics.load(progress, 2));
    if (leftMs > ownMs / 2) return;
    const posted = Atomics.load(progress, 1);
    const started = performance.now();
    if (posted <= index) Atomics.wait(progress, 1, posted, Math.max(1, leftMs + 5));
    waitedMs += performance.now() - started;
    drain();
  }

  (globalThis as Record<symbol, unknown>)[hookKey] = hook;
}

function currentHook(): StartReadsHook | undefined {
  return (globalThis as Record<symbol, StartReadsHook | undefined>)[hookKey];
}

/**
 * A raw read of a start through the prefetch: the worker's rows for this SQL when they are what a
 * read now would give, else the read itself; either way the SQL is recorded for the next start.
 * Without the loader (tests, tsx) just the read.
 */
export function readThroughPrefetch<Row>(
  sql: string,
  database: string,
  writes: () => number,
  read: () => Row[],
): Row[] {
  const hook = currentHook();
  if (!hook) return read();
  const prefetched = hook.take(sql, database, writes) as Row[] | undefined;
  if (prefetched) {
    hook.record(sql, undefined);
    return prefetched;
  }
  const started = performance.now();
  const rows = read();
  hook.record(sql, performance.now() - started);
  return rows;
}

/** How this start used its prefetch, or null without the loader. */
export function startReadsReport(): StartReadsReport | null {
  return currentHook()?.report() ?? null;
}

/**
 * Keeps the reads this start did for the next one, and lets go of the prefetch; call it once the
 * server has served. False without the loader or when the folder cannot be written.
 */
export function saveStartReads(): boolean {
  return currentHook()?.save() ?? false;
}
