import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit, server-integration and web-component tiers; e2e has its own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to its own process, which sits idle
    // while the files run: on a 2-core CI machine that ran the whole tier one file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      // Checks over the whole repository (import boundaries).
      { test: { name: 'repo', include: ['tools/**/*.test.ts'], environment: 'node' } },
      // The benchmarks' own helpers (how a scroll's frames are judged).
      { test: { name: 'bench', include: ['bench/**/*.test.mjs'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Server tests open real database files; one file at a time per worker keeps them apart.
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
