import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The shipped bundle, built here so this tier does not depend on an earlier `npm run build`.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(serverDir, 'dist', 'server.js');

interface Started {
  child: ChildProcess;
  address: string;
  logs: string[];
  exited: Promise<number | null>;
}

function startServer(dataDir: string, extraEnvironment: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [bundle], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The compact demo market: these tests are about the process, not the market's size.
      DEMO_UNIVERSE: 'compact',
      ...extraEnvironment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        const entry = JSON.parse(line) as { msg?: string; address?: string };
        if (entry.msg?.includes('server ready') && entry.address)
          resolve({ child, address: entry.address, logs, exited });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    exited.then((code) => reject(new Error(`server exited with ${code}: ${logs.join('\n')}`)));
  });
}

async function apiLockToken(address: string): Promise<string> {
  const envelope = (await (await fetch(`${address}/api/v2/system/apiOuth`)).json()) as { datas: string };
  return envelope.datas;
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(serverDir, 'build.mjs')]);
    dataDir = mkdtempSync(path.join(tmpdir(), 'zhicai-process-'));
    // The build takes seconds, and half a minute on a loaded machine.
  }, 120_000);
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates its data folder on first start, serves, and stops cleanly on SIGTERM', async () => {
    const folder = path.join(dataDir, 'fresh');
    const server = await startServer(folder);
    expect(existsSync(path.join(folder, 'zhicai.sqlite'))).toBe(true);
    expect(existsSync(path.join(folder, 'secrets.json'))).toBe(true);
    expect(server.logs.some((line) => line.includes('"database":"sqlite"'))).toBe(true);
    // Issue 3 §11: the boot log names which SMS and WeChat implementations run.
    const platform = server.logs.find((line) => line.includes('"msg":"platform services"')) ?? '';
    expect(platform).toContain(`"sms":"local: local outbox ${path.join(folder, 'outbox', 'sms.jsonl')}"`);
    expect(platform).toContain('"wechat":"local: local consent page /dev/wechat/authorize"');
    // Issue 4 Data 3: an empty data folder gets the generated demo market, and the log says so.
    const market = JSON.parse(server.logs.find((line) => line.includes('"msg":"market ready"')) ?? '{}');
    expect(market.provider).toContain('demo');
    expect(market.action).toBe('generated');
    // Issue 15 item 8: sanitize-html, bundled on its own (build.mjs), is not loaded to start, and
    // the demo articles written once serving are sanitised through it.
    const ready = JSON.parse(server.logs.find((line) => line.includes('server ready')) ?? '{}');
    expect(ready.sideBundlesLoaded).toEqual([]);
    let articles: unknown[] = [];
    for (let tries = 0; tries < 600 && articles.length === 0; tries += 1) {
      const page = (await (await fetch(`${server.address}/api/v2/article/list`)).json()) as {
        datas: { list: unknown[] };
      };
      articles = page.datas.list;
      if (articles.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(articles.length).toBeGreaterThan(0);
    expect(server.logs.join('\n')).not.toContain('demo articles could not be written');
    expect(market.instruments).toBeGreaterThan(500);

    const health = await fetch(`${server.address}/healthz`);
    expect(await health.json()).toEqual({
      code: '000',
      message: '成功',
      datas: { status: 'ok', database: 'sqlite' },
    });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.logs.some((line) => line.includes('shut down cleanly'))).toBe(true);
  }, 180_000);

  it('keeps demo content and the API-lock token across restarts', async () => {
    const folder = path.join(dataDir, 'restart');
    const first = await startServer(folder);
    const token = await apiLockToken(first.address);
    first.child.kill('SIGTERM');
    await first.exited;

    const second = await startServer(folder);
    expect(second.logs.some((line) => line.includes('"seeded":[]'))).toBe(true);
    // A later start reuses the stored market instead of generating it again.
    const market = JSON.parse(second.logs.find((line) => line.includes('"msg":"market ready"')) ?? '{}');
    expect(['current', 'rolled']).toContain(market.action);
    expect(await apiLockToken(second.address)).toBe(token);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('refuses to start with invalid configuration and names the variable', async () => {
    await expect(startServer(path.join(dataDir, 'bad'), { PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });
});
