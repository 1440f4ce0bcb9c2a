import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import { transformSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of CONVENTIONS "Layout": no import cycles (a cycle leaves a module's exports
 * undefined while the other half of the cycle evaluates, and ties two parts into one whatever the
 * folders say), and a web feature is used by others only through its index.ts. Every kind of import
 * is an edge: a dynamic `import('./send.ts')` inside request.ts still makes request.ts and send.ts
 * one unit when send.ts imports request.ts back, and a type-only import back is still a dependency
 * of the one on the other.
 */

const repo = path.resolve(import.meta.dirname, '..');
const roots = [
  'packages/contract/src',
  'packages/domain/src',
  'apps/server/src',
  'apps/web/src',
  'e2e',
  'tools',
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(repo, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(relative);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** `import type … from` and `export type … from`: esbuild drops them, so they are read here. */
const typeOnlyImport = /^\s*(?:import|export)\s+type\s[^;]*?from\s+['"](\.[^'"]+)['"]/gms;

/** Relative imports of a file (static, dynamic and type-only), resolved to repo-relative paths. */
function relativeImports(file: string): string[] {
  const source = readFileSync(path.join(repo, file), 'utf8');
  // verbatimModuleSyntax keeps every value import, used or not, and drops only type-only ones.
  const { code } = transformSync(source, {
    loader: file.endsWith('x') ? 'tsx' : 'ts',
    jsx: 'automatic',
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  });
  const [imports] = parse(code);
  const specifiers = [
    ...imports.map((entry) => entry.n),
    ...Array.from(source.matchAll(typeOnlyImport), (match) => match[1]),
  ];
  return specifiers
    .filter((specifier): specifier is string => specifier?.startsWith('.') ?? false)
    .map((specifier) => path.join(path.dirname(file), specifier));
}

let graph: Map<string, string[]>;

beforeAll(async () => {
  await init;
  graph = new Map(roots.flatMap(sourceFiles).map((file) => [file, relativeImports(file)]));
});

/** Strongly connected components with more than one file (Tarjan). */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const featureOf = (file: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

describe('import boundaries', () => {
  it('finds cycles, including through a dynamic import (checked on a made-up graph)', () => {
    const edges = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(edges)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no import cycle anywhere', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('lets a web feature reach another feature only through its index.ts', () => {
    const crossings: string[] = [];
    for (const [file, imports] of graph) {
      const from = featureOf(file);
      if (from === null) continue;
      for (const target of imports) {
        const to = featureOf(target);
        if (to !== null && to !== from && target !== `apps/web/src/features/${to}/index.ts`)
          crossings.push(`${file} → ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('keeps shared web code (ui, charts, platform) free of features and the shell', () => {
    const upward: string[] = [];
    for (const [file, imports] of graph) {
      if (!/^apps\/web\/src\/(ui|charts|platform)\//.test(file)) continue;
      for (const target of imports)
        if (/^apps\/web\/src\/(features|app)\//.test(target)) upward.push(`${file} → ${target}`);
    }
    expect(upward).toEqual([]);
  });

  it('keeps the packages free of the apps, and the domain free of the contract', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      if (!file.startsWith('packages/')) continue;
      for (const target of imports)
        if (!target.startsWith(file.split('/').slice(0, 2).join('/'))) wrong.push(`${file} → ${target}`);
    }
    const domain = readdirSync(path.join(repo, 'packages/domain/src')).map((name) =>
      readFileSync(path.join(repo, 'packages/domain/src', name), 'utf8'),
    );
    expect(wrong).toEqual([]);
    expect(domain.filter((source) => source.includes("from '@zhicai/contract'"))).toEqual([]);
  });
});
