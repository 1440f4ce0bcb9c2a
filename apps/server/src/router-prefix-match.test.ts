import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allEndpoints } from '@zhicai/contract';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routerPrefixMatchPlugin, withoutCompiledPrefixMatch } from '../router-prefix-match.mjs';

interface Found {
  handler: () => string;
  params: Record<string, string>;
}
interface Router {
  on(method: string, url: string, handler: () => string): void;
  find(method: string, url: string): Found | null;
}
type RouterFactory = () => Router;

const require = createRequire(import.meta.url);
const installedNodeSource = () => readFileSync(require.resolve('find-my-way/lib/node.js'), 'utf8');

let dir: string;
let bundledRouter: RouterFactory;
let bundledSource: string;
beforeAll(async () => {
  // find-my-way as build.mjs bundles it into the server.
  dir = mkdtempSync(path.join(tmpdir(), 'zhicai-router-'));
  const file = path.join(dir, 'find-my-way.cjs');
  const bundled = await build({
    entryPoints: [require.resolve('find-my-way')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [routerPrefixMatchPlugin],
  });
  bundledSource = bundled.outputFiles[0]?.text ?? '';
  writeFileSync(file, bundledSource);
  bundledRouter = require(file) as RouterFactory;
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the bundle's router (router-prefix-match.mjs)", () => {
  it('tests route prefixes without compiling a function per prefix', () => {
    expect(installedNodeSource()).toContain("new Function('path', 'i'");
    const source = withoutCompiledPrefixMatch(installedNodeSource());
    expect(source).not.toContain('new Function');
    expect(source).toContain('path.startsWith(prefix, i)');
    expect(bundledSource).toContain('path.startsWith(prefix, i)');
    expect(bundledSource).not.toContain('new Function("path", "i"');
  });

  it('stops the build when find-my-way no longer has the compiled test it replaces', () => {
    expect(() => withoutCompiledPrefixMatch('function compilePrefixMatch (prefix) {}')).toThrow(
      /compilePrefixMatch changed/,
    );
  });

  it("finds the same route and parameters as find-my-way's own for every contract path and near misses", () => {
    const routers = [require('find-my-way') as RouterFactory, bundledRouter].map((create) => {
      const router = create();
      for (const endpoint of allEndpoints) {
        router.on(endpoint.method, endpoint.path, () => `${endpoint.method} ${endpoint.path}`);
        if (endpoint.method === 'GET') router.on('HEAD', endpoint.path, () => `HEAD ${endpoint.path}`);
      }
      router.on('GET', '/', () => 'GET /');
      router.on('GET', '/*', () => 'GET /*');
      return router;
    });
    const urls = allEndpoints.flatMap((endpoint) => {
      const url = endpoint.path.replaceAll(/:[A-Za-z]+/g, '600519.SH');
      return [
        url,
        `${url}x`,
        url.slice(0, -1),
        url.toUpperCase(),
        `${url}/extra`,
        url.replace('/api/', '/apj/'),
      ];
    });
    expect(urls.length).toBeGreaterThan(1000);
    const lookups = (router: Router) =>
      urls.flatMap((url) =>
        ['GET', 'POST', 'HEAD'].map((method) => {
          const found = router.find(method, url);
          return found ? `${method} ${url} → ${found.handler()} ${JSON.stringify(found.params)}` : null;
        }),
      );
    const [original, bundled] = routers.map(lookups);
    expect(bundled).toEqual(original);
    expect(original?.filter(Boolean).length).toBeGreaterThan(allEndpoints.length);
  });
});
