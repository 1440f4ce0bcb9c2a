// Starts the built server on a free port with its own data folder and resolves once it logs ready.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const serverBundle = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));

export function startServer(dataDir) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [serverBundle], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const entry = JSON.parse(line);
        if (entry.msg?.includes('server ready')) {
          resolve({
            address: entry.address,
            readyMs: performance.now() - startedAt,
            stop: async () => {
              child.kill('SIGTERM');
              await exited;
            },
          });
        }
      }
    });
    exited.then((code) => reject(new Error(`server exited early with code ${code}`)));
  });
}
