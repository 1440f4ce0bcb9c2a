import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The Fastify server (apps/server) answers /api, /healthz and /ws; in development Vite forwards them so
// the app talks to the same origin as in production.
const backend = 'http://localhost:8080';

// TanStack Query's infinite-query observer and hook serve two list pages only, so they stay out of
// the framework chunk and load with those pages.
const firstPaintLibraries =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)(?![\\/]build[\\/]modern[\\/](infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js)|zustand)[\\/]/;

// react-router's package exports point at its development build (dev warnings compiled in); it ships
// a production build beside it, identical but for those warnings, which the production bundle uses.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * The first paint of / in three app chunks instead of fifteen (fewer requests, fewer gzip streams
 * each starting without a dictionary):
 * - shell: the app modules the entry imports statically, which every route's first paint runs;
 * - market-common: the modules the home page shares with other pages (quote UI, live quotes, the
 *   request wrapper, formatting), so a deep link to another page does not carry them in the shell;
 * - the home page's own chunk keeps what only it uses.
 * The sets are read from the module graph once it is built, before chunking asks the groups.
 */
const homePage = '/src/features/market/pages/home-page.tsx';
// Only the app's own modules are named; the packages' modules follow as their dependencies, keeping
// just what is used (both packages are reached through barrels that re-export everything).
const appSource = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const contractSource = /[\\/]packages[\\/]contract[\\/]/;
// The contract's table of lazily loaded groups holds no schema: its groups load through dynamic
// imports, so importing it does not bring the contract into a chunk.
const contractGroupsTable = /[\\/]packages[\\/]contract[\\/]src[\\/]api-groups\.ts$/;
const shellModules = new Set<string>();
const marketCommonModules = new Set<string>();

function firstPaintChunksPlugin(): Plugin {
  return {
    name: 'zhicai:first-paint-chunks',
    apply: 'build',
    buildEnd() {
      shellModules.clear();
      marketCommonModules.clear();
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      // The app modules a module imports statically, directly or through other app modules.
      const closure = (start: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || !appSource.test(id)) return;
          seen.add(id);
          for (const next of info(id)?.importedIds ?? []) visit(next);
        };
        for (const next of info(start)?.importedIds ?? []) visit(next);
        return seen;
      };
      const entry = ids.find((id) => info(id)?.isEntry);
      const home = ids.find((id) => id.endsWith(homePage));
      if (!entry || !home) return;
      // A group takes its modules' dependencies along, and the contract's barrel would bring every
      // zod schema: modules that import the contract at run time (the route table) stay with the
      // bundler, which keeps only the table.
      const reachesContract = new Set<string>();
      const pending = ids.filter((id) => contractSource.test(id) && !contractGroupsTable.test(id));
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (reachesContract.has(id)) continue;
        reachesContract.add(id);
        pending.push(...(info(id)?.importers ?? []));
      }
      const otherPages = new Set<string>();
      for (const id of ids) {
        if (id === home || !info(id)?.dynamicImporters.length) continue;
        for (const reached of closure(id)) otherPages.add(reached);
      }
      const shell = closure(entry);
      for (const id of shell) if (!reachesContract.has(id)) shellModules.add(id);
      for (const id of closure(home)) {
        if (shell.has(id) || reachesContract.has(id) || !otherPages.has(id)) continue;
        marketCommonModules.add(id);
      }
    },
  };
}

/**
 * antd-mobile loads only with the routes that use it (CONVENTIONS "The stack", habit 10): the build
 * fails when the entry or the home page reaches it through static imports, so the first paint of /
 * never carries it. Routes are lazy, so a page that imports it keeps it in its own chunks.
 */
const antdMobile = /[\\/]node_modules[\\/]antd-mobile[\\/]/;

function antdOffFirstPaintPlugin(): Plugin {
  return {
    name: 'zhicai:antd-off-first-paint',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const starts = ids.filter((id) => this.getModuleInfo(id)?.isEntry || id.endsWith(homePage));
      // Breadth first over static imports, remembering who imported each module for the message.
      const importer = new Map<string, string>(starts.map((id) => [id, id]));
      const pending = [...starts];
      for (let id = pending.shift(); id !== undefined; id = pending.shift()) {
        if (antdMobile.test(id)) {
          this.error(
            `antd-mobile reaches the first paint of / through a static import in ${importer.get(id)}`,
          );
        }
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
          if (importer.has(next)) continue;
          importer.set(next, id);
          pending.push(next);
        }
      }
    },
  };
}

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): a script starting with
 * this comment has all its functions compiled while it loads, on a background thread, instead of
 * each on its first call. The flow chart's code runs first when the report's data arrives, on the
 * main thread, and compiling it there then was 30–60 ms of the first chart draw at 4× CPU
 * (bench/flow-chart-draw.mjs, which applies the same hint).
 */
const eagerCompileHint = '//# allFunctionsCalledOnLoad';
const flowChartSource = /[\\/]apps[\\/]web[\\/]src[\\/]charts[\\/]flow[\\/]flow-(layout|graph|draw)\.ts$/;

function eagerFlowChartPlugin(): Plugin {
  return {
    name: 'zhicai:eager-flow-chart',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.moduleIds.some((id) => flowChartSource.test(id))) continue;
        // No source maps are built, so a line added at the top shifts nothing that is mapped.
        output.code = `${eagerCompileHint}\n${output.code}`;
      }
    },
  };
}

/**
 * A page's first call on a first visit waited for lazily loaded chunks found one after another, each
 * a round trip once the one before had arrived (e2e/chunk-waves.e2e.ts). The dynamic imports on the
 * way to it preload their chunk's imports beside the chunk (see modulePreload below):
 * - the chunks the entry imports (the startup sequence, which fetches the API lock that /v3/ calls
 *   wait for, and with its imports the market chunk most pages share; a page's early calls; the error
 *   reporter), the request wrapper, and the contract's endpoint groups (a group's chunk has no facade
 *   module, its module being reached from the contract's barrel too, so it is known by holding
 *   contract modules only);
 * - of what app/routing/page-data.ts imports (the pages with a first-content budget and their early
 *   calls), the imports of the chunk's imports: its own imports load in the wave after it anyway,
 *   beside the page's contract group, and with the chunks in the browser's cache each listed chunk
 *   is one more link appended on the main thread (all of them put /favorite's list call 130 ms later
 *   at 4x CPU in bench/favorite-page.mjs). A page reached from the route table alone preloads
 *   nothing: those lists, in the entry chunk, were +3.3 KB gzip of the first paint for all the pages.
 * The entry chunk and its imports, loaded by index.html, are never listed. Read from the bundle
 * before Vite writes its preload lists (this plugin's generateBundle runs before Vite's own build
 * plugins').
 */
// The entry module is index.html's script, main.tsx (the bundle's own entry is index.html).
const entrySource = /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/;
const pageDataSource = /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]routing[\\/]page-data\.ts$/;
const requestWrapperSource = /[\\/]apps[\\/]web[\\/]src[\\/]platform[\\/]request[\\/]send\.ts$/;
const preloadLists = {
  targets: new Set<string>(),
  hosts: new Set<string>(),
  loadedWithEntry: new Set<string>(),
  /** By chunk file: the chunk and its own imports. */
  withOwnImports: new Map<string, ReadonlySet<string>>(),
};

function preloadListsPlugin(): Plugin {
  return {
    name: 'zhicai:preload-lists',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { targets, hosts, loadedWithEntry, withOwnImports } = preloadLists;
      for (const set of [targets, hosts, loadedWithEntry, withOwnImports]) set.clear();
      const addWithImports = (file: string) => {
        const chunk = bundle[file];
        if (loadedWithEntry.has(file) || chunk?.type !== 'chunk') return;
        loadedWithEntry.add(file);
        for (const imported of chunk.imports) addWithImports(imported);
      };
      const importedByEntry = (id: string) =>
        (this.getModuleInfo(id)?.dynamicImporters ?? []).some((importer) => entrySource.test(importer));
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        if (output.isEntry) addWithImports(output.fileName);
        withOwnImports.set(output.fileName, new Set([output.fileName, ...output.imports]));
        if (output.moduleIds.some((id) => pageDataSource.test(id))) hosts.add(output.fileName);
        const facade = output.facadeModuleId ?? '';
        const group = output.moduleIds.length > 0 && output.moduleIds.every((id) => contractSource.test(id));
        if (group || requestWrapperSource.test(facade) || importedByEntry(facade))
          targets.add(output.fileName);
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    firstPaintChunksPlugin(),
    antdOffFirstPaintPlugin(),
    eagerFlowChartPlugin(),
    preloadListsPlugin(),
  ],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // Lists each chunk's static imports; bench/first-paint-js.mjs reads it to sum the first paint of /.
    manifest: true,
    // A dynamic import's chunks are not preloaded by <link rel=modulepreload> appended at run time:
    // with the app's chunks in the browser's cache (a phone that has opened the app before), each
    // appended link cost the 4x throttled main thread about 1.5 ms, 90-120 ms of a /SevenEleven load
    // before its first flash (issue 17), and the import fetches the same chunks itself. The price is on
    // a first visit only: a chunk's own imports are then found a round trip after the chunk. The
    // entry's preloads in index.html stay (parsed, not run); a stylesheet still loads through the helper.
    // No modulepreload polyfill in the entry (0.4 KB of the first paint): it fetches those links early in
    // a browser without modulepreload (Safari before 17), but it runs only once the entry itself has
    // loaded, when the entry's static imports start loading anyway, and no link is appended later.
    // The exception is the way to a page's first call (preloadListsPlugin): links appended once per
    // chunk, only for chunks not yet preloaded, about fifteen on a first load of /favorite.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostId, hostType }) => {
        if (hostType === 'html') return deps;
        const { targets, hosts, loadedWithEntry, withOwnImports } = preloadLists;
        const listed = deps.filter((dep) => !loadedWithEntry.has(dep));
        if (targets.has(file)) return listed;
        const own = withOwnImports.get(file);
        return hosts.has(hostId) ? listed.filter((dep) => !own?.has(dep)) : [];
      },
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs travel as one chunk: one request, one gzip dictionary.
            { name: 'framework', test: firstPaintLibraries, priority: 2 },
            { name: 'shell', test: (id) => shellModules.has(id), priority: 1 },
            { name: 'market-common', test: (id) => marketCommonModules.has(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/ws': { target: backend, ws: true },
    },
  },
}));
