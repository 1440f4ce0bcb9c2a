// Bundles the server (and the import CLI, dist/import.js, and the demo market's walk worker), each with its workspace packages and npm
// dependencies, into one file. One file starts far faster than thousands of small module files
// (start-to-ready budget ≤ 1 s); only the native SQLite binding stays in node_modules.
// The server itself is a CommonJS bundle (dist/server-main.cjs) started by a small loader
// (dist/server.js, src/server-loader.ts) that compiles it with V8's code cache (src/code-cache.ts):
// Node 20 keeps no compiled code for ES modules. The ES module bundles get a `require` through the
// banner for their CommonJS dependencies.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { routerPrefixMatchPlugin } from './router-prefix-match.mjs';

const dist = new URL('./dist/', import.meta.url);
const source = (file) => new URL(`./src/${file}`, import.meta.url).pathname;

// Cached code belongs to the bundle it was made from; a new build starts without any.
if (existsSync(dist))
  for (const file of readdirSync(dist)) if (file.includes('.v8cache')) rmSync(new URL(file, dist));

const common = {
  outdir: dist.pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  minifySyntax: true,
  // better-sqlite3 loads its compiled .node file; pg-native is pg's optional native driver; pdfkit
  // reads its font metrics and ICC data beside its own files, and the report fonts are found
  // through their package at runtime; tesseract.js starts its worker script and wasm core from its
  // own files.
  external: ['better-sqlite3', 'pg-native', 'pdfkit', '@embedpdf/fonts-sc', 'tesseract.js'],
  logLevel: 'warning',
  // Fastify's router without a compiled function per route prefix (router-prefix-match.mjs).
  plugins: [routerPrefixMatchPlugin],
};

/**
 * Libraries no start runs (issue 15 item 8), each bundled on its own beside the server and
 * required on its first call, so a restart neither reads nor evaluates them: sanitize-html (with
 * htmlparser2, postcss and the HTML entity tables) cleans rich text when articles are written.
 * Each exports one function, which the server bundle gets as a stub that loads the side bundle.
 */
const sideBundles = { 'sanitize-html': 'side-sanitize-html' };
const lazySideBundles = {
  name: 'lazy-side-bundles',
  setup(build) {
    build.onResolve({ filter: /^sanitize-html$/ }, ({ path }) => ({ path, namespace: 'side-bundle' }));
    build.onLoad({ filter: /.*/, namespace: 'side-bundle' }, ({ path }) => ({
      // __dirname and require are the bundle's own (code-cache.ts): dist/ and a require from there;
      // a path esbuild cannot read at build time, so the side bundle stays out of this one.
      contents: `let loaded;
module.exports = function sideBundleFunction(...args) {
  loaded ??= require(require('node:path').join(__dirname, ${JSON.stringify(`${sideBundles[path]}.cjs`)}));
  return loaded(...args);
};`,
      loader: 'js',
    }));
  },
};
const resolvePackage = createRequire(import.meta.url).resolve;

await Promise.all([
  build({
    ...common,
    entryPoints: Object.fromEntries(
      Object.entries(sideBundles).map(([name, bundle]) => [bundle, resolvePackage(name)]),
    ),
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
  }),
  build({
    ...common,
    plugins: [...common.plugins, lazySideBundles],
    entryPoints: { 'server-main': source('server.ts') },
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // The loader passes the bundle's own URL, which the sources read as import.meta.url.
    define: { 'import.meta.url': '__bundleUrl' },
    // The external packages loaded on first use (pdfkit, tesseract.js) are CommonJS: required, since a
    // compiled script's import() would need Node's experimental vm loader.
    supported: { 'dynamic-import': false },
  }),
  build({
    ...common,
    entryPoints: {
      import: source('import.ts'),
      // The demo market's walk worker (market/providers/demo/parallel-walks.ts), found beside the server bundle.
      'walk-worker': source('market/providers/demo/walk-worker.ts'),
      // The start-reads prefetch's worker (start-reads.ts), started by the loader beside it.
      'start-reads-worker': source('start-reads-worker.ts'),
    },
    format: 'esm',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  }),
]);

// The server bundle in ASCII, which the loader reads without decoding (code-cache.ts bundleSource):
// esbuild escapes non-ASCII characters in strings and names but keeps them in regular expressions
// and comments. In both a \uXXXX escape reads the same (each UTF-16 unit of an astral character in
// turn); the source map's columns shift after an escape on its line.
const serverBundle = new URL('server-main.cjs', dist);
const serverSource = readFileSync(serverBundle, 'utf8');
// A raw line separator would end a comment where its escape does not, and an escaped character
// (`\中` in a regular expression) would become a backslash and the escape's letters.
if (/[\u2028\u2029]|\\[\u0080-\uffff]/.test(serverSource))
  throw new Error('server bundle: a line separator or an escaped non-ASCII character left by esbuild');
writeFileSync(
  serverBundle,
  serverSource.replace(
    /[\u0080-\uffff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  ),
);

const bundleId = createHash('sha256').update(readFileSync(serverBundle)).digest('hex').slice(0, 16);
await build({
  ...common,
  entryPoints: { server: source('server-loader.ts') },
  format: 'esm',
  define: { SERVER_BUNDLE_ID: JSON.stringify(bundleId) },
});
