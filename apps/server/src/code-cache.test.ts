import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWithCodeCache, saveCodeCache } from './code-cache.ts';

interface Ran {
  url: string;
  file: string;
  dir: string;
  sep: string;
  strict: boolean;
  answer: number;
}

// A bundle as build.mjs writes it: CommonJS, reading its own URL where the sources said import.meta.url.
const bundleSource = `
const sep = require('node:path').sep;
function strict() { return this === undefined; }
function answer(n) { return n * 6; }
globalThis.codeCacheTestRan = { url: __bundleUrl, file: __filename, dir: __dirname, sep, strict: strict(), answer: answer(7) };
`;

function ran(): Ran {
  return (globalThis as unknown as { codeCacheTestRan: Ran }).codeCacheTestRan;
}

describe('the server bundle run through the code cache', () => {
  let dir: string;
  let bundle: string;
  let cache: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'zhicai-code-cache-'));
    bundle = path.join(dir, 'server-main.cjs');
    cache = path.join(dir, 'server-main.test.v8cache');
    writeFileSync(bundle, bundleSource);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    delete (globalThis as Record<string, unknown>).codeCacheTestRan;
  });

  it('runs the bundle as CommonJS in strict mode with its own file, folder and URL', () => {
    runWithCodeCache(bundle, cache);
    expect(ran()).toEqual({
      url: pathToFileURL(bundle).href,
      file: bundle,
      dir,
      sep: path.sep,
      strict: true,
      answer: 42,
    });
  });

  it('writes the cache once served, and the next start compiles from it', () => {
    expect(runWithCodeCache(bundle, cache).status).toBe('absent');
    const written = saveCodeCache();
    expect(written?.status).toBe('absent');
    expect(written?.bytes).toBeGreaterThan(0);
    expect(readFileSync(cache).length).toBe(written?.bytes);
    // Saved once per start.
    expect(saveCodeCache()).toBeNull();

    expect(runWithCodeCache(bundle, cache).status).toBe('used');
    expect(ran().answer).toBe(42);
    // A start that used the cache has nothing new to write.
    expect(saveCodeCache()).toBeNull();
  });

  it('starts from the source when the cache is not V8 data, and replaces it', () => {
    writeFileSync(cache, 'not compiled code');
    expect(runWithCodeCache(bundle, cache).status).toBe('rejected');
    expect(ran().answer).toBe(42);
    expect(saveCodeCache()?.status).toBe('rejected');
    expect(runWithCodeCache(bundle, cache).status).toBe('used');
  });

  it('reads an ASCII bundle (as build.mjs writes it) and one that is not with the same text', () => {
    writeFileSync(
      bundle,
      "globalThis.codeCacheTestRan = { name: '\\u8d35\\u5dde\\u8305\\u53f0', match: /\\u8305\\u53f0/.test('\\u8305\\u53f0') };",
    );
    runWithCodeCache(bundle, cache);
    expect(ran()).toEqual({ name: '贵州茅台', match: true });
    writeFileSync(bundle, "globalThis.codeCacheTestRan = { name: '贵州茅台', match: /茅台/.test('茅台') };");
    runWithCodeCache(bundle, cache);
    expect(ran()).toEqual({ name: '贵州茅台', match: true });
  });

  it('starts without keeping a cache where its folder cannot be written', () => {
    const unwritable = path.join(dir, 'missing-folder', 'server-main.test.v8cache');
    expect(runWithCodeCache(bundle, unwritable).status).toBe('absent');
    expect(ran().answer).toBe(42);
    expect(saveCodeCache()).toBeNull();
    expect(existsSync(unwritable)).toBe(false);
  });
});
