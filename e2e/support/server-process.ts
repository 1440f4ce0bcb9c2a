import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeOptions } from '../../tools/server-node-options.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');

/**
 * Friday 2026-11-20, 10:00 in Shanghai: both the mainland and Hong Kong sessions are open. A server
 * started with MARKET_CLOCK_START at this instant ticks during the run whatever the real date is.
 */
export const marketSessionStart = '2026-11-20T10:00:00+08:00';

/** A port nobody listens on right now: bound, read and released. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  /** The server's own temporary data folder (SQLite file, secrets, SMS outbox). */
  dataDir: string;
  /** The server's recent log output, for failure messages. */
  log(): string;
  /**
   * Stops the server (SIGTERM: it closes its sockets as a deploy would), awaits `whileDown`, then
   * starts it again on the same port with the same data folder and waits until it is ready.
   * `changed` overrides settings for this and later starts (a later market clock).
   */
  restart(whileDown?: () => Promise<unknown>, changed?: Record<string, string>): Promise<void>;
  /** Stops the server for good and removes its data folder. */
  stop(): Promise<void>;
}

function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * The real built server (apps/server/dist/server.js, with the node options npm start gives it) on a free port with a fresh temporary data
 * folder (a new SQLite file and the demo seed), ready once /healthz answers 200. global-setup.ts
 * starts the shared instance with it; tests that need other settings start their own.
 * `environment(port)` gets the port before the server starts, for settings that name it; it is asked
 * again at every restart, so a test may restart the same data folder with other settings (a later
 * MARKET_CLOCK_START).
 */
export async function startServerProcess(
  environment: (port: number) => Record<string, string> = () => ({}),
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zhicai-e2e-'));
  const port = await closedPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // What restart() was told to change, on top of `environment` from then on.
  let overrides: Record<string, string> = {};
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };

  const launch = async (): Promise<ChildProcess> => {
    const server = spawn(process.execPath, [...serverNodeOptions, serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The compact market (~600 instruments): the pages under test are its well-known ones, and a
        // full-size first start (bench/server-start.mjs) would spend the suite's time filling it.
        DEMO_UNIVERSE: 'compact',
        ...environment(port),
        ...overrides,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);

    // A fresh data folder generates the demo market first (issue 4: within 30 s on a quiet
    // machine); CI machines run other work beside it, so allow more.
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${output}`);
      try {
        if ((await fetch(`${baseUrl}/healthz`)).status === 200) return server;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        await stopProcess(server);
        throw new Error(`The server did not answer /healthz within 120 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const removeData = () => rm(dataDir, { recursive: true, force: true });
  let running: ChildProcess;
  try {
    running = await launch();
  } catch (error) {
    await removeData();
    throw error;
  }
  return {
    baseUrl,
    port,
    dataDir,
    log: () => output,
    async restart(whileDown, changed) {
      await stopProcess(running);
      await whileDown?.();
      if (changed) overrides = { ...overrides, ...changed };
      running = await launch();
    },
    async stop() {
      await stopProcess(running);
      await removeData();
    },
  };
}
