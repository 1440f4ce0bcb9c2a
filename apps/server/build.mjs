// Bundles the server (and the import CLI, dist/import.js, and the demo market's walk worker), each with its workspace packages and npm
// dependencies, into one ES module. One file starts far faster than thousands of small module files
// (start-to-ready budget ≤ 1 s); only the native SQLite binding stays in node_modules. CommonJS
// dependencies get a `require` through the banner.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    import: new URL('./src/import.ts', import.meta.url).pathname,
    // The demo market's walk worker (market/providers/demo/parallel-walks.ts), found beside server.js.
    'walk-worker': new URL('./src/market/providers/demo/walk-worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  minifySyntax: true,
  // better-sqlite3 loads its compiled .node file; pg-native is pg's optional native driver; pdfkit
  // reads its font metrics and ICC data beside its own files, and the report fonts are found
  // through their package at runtime; tesseract.js starts its worker script and wasm core from its
  // own files.
  external: ['better-sqlite3', 'pg-native', 'pdfkit', '@embedpdf/fonts-sc', 'tesseract.js'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
