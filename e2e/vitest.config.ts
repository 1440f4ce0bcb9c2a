import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end tier: real Chromium against the real built server (see global-setup.ts). The root
// `npm test` builds first; this config never builds.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One server and one browser at a time keep the run predictable on small CI machines.
    fileParallelism: false,
  },
});
