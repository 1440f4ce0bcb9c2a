import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Fastify server (apps/server) answers /api, /healthz and /ws; in development Vite forwards them so
// the app talks to the same origin as in production.
const backend = 'http://localhost:8080';

const firstPaintLibraries =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // Lists each chunk's static imports; e2e/budget.e2e.ts reads it to check the first-paint budget.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page needs travel as one chunk: one request, one gzip dictionary.
          groups: [{ name: 'framework', test: firstPaintLibraries }],
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
});
