import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

/**
 * The server bundle run through V8's code cache (issue 15 item 8: a restart answers within 1 s).
 * Node 20 caches no compiled code for ES modules, so compiling the 6 MB bundle and then each
 * function it calls on the way to serving took a few hundred milliseconds of every start. The
 * bundle is built as CommonJS (build.mjs) and compiled here as a script with the cached data of
 * an earlier run; the server writes that data once it has served (saveCodeCache), so it holds the
 * functions a start compiles, not just the top level.
 *
 * V8 accepts cached data only for the same V8 version and flags, and checks the source by its
 * length alone: the cache file is named after the bundle's content hash (build.mjs), and a build
 * removes every older cache, so a cache never meets a bundle it was not made from.
 */
export interface CodeCacheRun {
  /** What the start found: a cache V8 took, none, or one V8 refused (another Node or flags). */
  status: 'used' | 'absent' | 'rejected';
}

interface CodeCacheHook extends CodeCacheRun {
  save(): { bytes: number; ms: number } | null;
}

// Shared between the loader (dist/server.js) and the bundle it runs: each has its own copy of this file.
const hookKey = Symbol.for('zhicai.codeCache');

/** Compiles and runs the CommonJS bundle with the cache file's data when V8 accepts it. */
export function runWithCodeCache(bundleFile: string, cacheFile: string): CodeCacheRun {
  const source = bundleSource(bundleFile);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The module wrapper Node puts around CommonJS, plus the bundle's own URL (import.meta.url in the
  // sources, build.mjs). Strict, as the ES module bundle was; kept on the first line so the
  // bundle's line numbers stay its own.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __bundleUrl) {"use strict";${source}\n})`,
    {
      filename: bundleFile,
      ...(cachedData ? { cachedData } : {}),
    },
  );
  const status: CodeCacheRun['status'] =
    cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
  let saved = status === 'used';
  const hook: CodeCacheHook = {
    status,
    save() {
      if (saved) return null;
      saved = true;
      const started = performance.now();
      const data = script.createCachedData();
      // Written whole and then renamed: a server starting meanwhile reads the old file or the new
      // one, never half of one. A folder it may not write (a read-only install) keeps no cache.
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, data);
        renameSync(temporary, cacheFile);
      } catch {
        rmSync(temporary, { force: true });
        return null;
      }
      return { bytes: data.length, ms: Math.round(performance.now() - started) };
    },
  };
  (globalThis as Record<symbol, unknown>)[hookKey] = hook;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} };
  wrapper.call(
    undefined,
    module.exports,
    createRequire(bundleFile),
    module,
    bundleFile,
    path.dirname(bundleFile),
    pathToFileURL(bundleFile).href,
  );
  return { status };
}

/**
 * The bundle's text. build.mjs writes it in ASCII (non-ASCII characters escaped), read here as
 * Latin-1: a string of one byte a character, made without UTF-8 decoding, where the 6 MB bundle's
 * Chinese text (in regular expressions and comments) made it a two-byte string decoded in 20-30 ms
 * of every start. A bundle that is not ASCII is read as UTF-8.
 */
function bundleSource(bundleFile: string): string {
  const bytes = readFileSync(bundleFile);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * Keeps the compiled code of this start for the next one, when it was not loaded from a cache
 * already; call it once the server has served (its functions are compiled by then). Null when
 * nothing was written: run without the loader (tests, tsx), a cache already used, or a folder that
 * cannot be written.
 */
export function saveCodeCache(): ({ bytes: number; ms: number } & CodeCacheRun) | null {
  const hook = (globalThis as Record<symbol, CodeCacheHook | undefined>)[hookKey];
  const written = hook?.save();
  return hook && written ? { ...written, status: hook.status } : null;
}

/** How this start loaded its code: through the cache or not, or null without the loader. */
export function codeCacheStatus(): CodeCacheRun['status'] | null {
  return (globalThis as Record<symbol, CodeCacheHook | undefined>)[hookKey]?.status ?? null;
}
