import type { WebSocket } from '@fastify/websocket';
import { serverMessage } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

function nextMessage(socket: WebSocket) {
  return new Promise<unknown>((resolve) => {
    socket.once('message', (data: Buffer) => resolve(serverMessage.parse(JSON.parse(data.toString()))));
  });
}

describe('websocket hub', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ clock: () => new Date(1_700_000_000_000) });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.close();
  });

  it('greets, answers a ping and rejects a malformed message', async () => {
    let hello: Promise<unknown> = Promise.resolve(undefined);
    const socket = await context.app.injectWS('/ws', {}, { onInit: (ws) => (hello = nextMessage(ws)) });
    expect(await hello).toEqual({ type: 'hello', v: 1, serverTime: 1_700_000_000_000 });
    socket.send(JSON.stringify({ type: 'ping', id: 'p1' }));
    expect(await nextMessage(socket)).toEqual({ type: 'pong', id: 'p1', serverTime: 1_700_000_000_000 });
    socket.send('not json at all');
    expect(await nextMessage(socket)).toEqual({ type: 'error', code: '400', message: '消息格式不正确' });
    socket.send(JSON.stringify({ type: 'subscribe', codes: [] }));
    expect(await nextMessage(socket)).toMatchObject({ type: 'error', code: '400' });
    socket.terminate();
  });
});
