import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { whenStartQuiet } from './start-quiet.ts';

describe('a start counts as quiet', () => {
  let server: Server | undefined;
  const held: ServerResponse[] = [];
  afterEach(async () => {
    for (const response of held.splice(0)) response.end();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** A GET through node:http (no client to load first, as fetch has); resolves when answered or failed. */
  function request(url: string, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const sent = get(url, signal ? { signal } : {}, (response) => {
        response.resume();
        response.on('end', () => resolve());
      });
      sent.on('error', () => resolve());
    });
  }

  /** A server whose answers wait until `answer` is called. */
  async function listening(): Promise<{ url: string; answer: () => void }> {
    server = createServer((_request, response) => {
      held.push(response);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/`,
      answer: () => {
        for (const response of held.splice(0)) response.end('ok');
      },
    };
  }

  it('after quietMs when no request comes', async () => {
    await listening();
    const quiet = await whenStartQuiet(server as Server, { quietMs: 40, maxWaitMs: 5_000 });
    expect(quiet.requests).toBe(0);
    expect(quiet.timedOut).toBe(false);
    expect(quiet.waitedMs).toBeGreaterThanOrEqual(39);
    expect(quiet.waitedMs).toBeLessThan(1_000);
  });

  it('only once the requests that came first are answered, and then stops watching', async () => {
    const { url, answer } = await listening();
    const listeners = (server as Server).listenerCount('request');
    const quiet = whenStartQuiet(server as Server, { quietMs: 150, maxWaitMs: 5_000 });
    let settled = false;
    void quiet.then(() => {
      settled = true;
    });
    const first = request(url);
    const second = request(url);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Both in flight for longer than quietMs: not quiet yet.
    expect(settled).toBe(false);
    const answeredAt = performance.now();
    answer();
    await Promise.all([first, second]);
    const result = await quiet;
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(149);
    expect(result).toMatchObject({ requests: 2, timedOut: false });
    expect(result.waitedMs).toBeGreaterThanOrEqual(300);
    expect((server as Server).listenerCount('request')).toBe(listeners);
  });

  it('at maxWaitMs when requests keep it busy', async () => {
    const { url } = await listening();
    const quiet = whenStartQuiet(server as Server, { quietMs: 100, maxWaitMs: 400 });
    const pending = request(url);
    const result = await quiet;
    expect(result).toMatchObject({ requests: 1, timedOut: true });
    expect(result.waitedMs).toBeGreaterThanOrEqual(399);
    held.splice(0).forEach((response) => {
      response.end();
    });
    await pending;
  });

  it('counts a request whose client went away as answered', async () => {
    const { url } = await listening();
    const quiet = whenStartQuiet(server as Server, { quietMs: 150, maxWaitMs: 5_000 });
    const abort = new AbortController();
    const pending = request(url, abort.signal);
    await new Promise((resolve) => setTimeout(resolve, 40));
    abort.abort();
    await pending;
    const result = await quiet;
    expect(result).toMatchObject({ requests: 1, timedOut: false });
  });
});
