import { clientMessage, type ServerMessage, websocketPath } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The live socket every client holds on the API's own port. For now it greets, answers pings and
 * rejects malformed messages; the quote engine adds subscriptions on top of this hub.
 */
export function registerWebsocketHub(app: FastifyInstance, clock: () => Date): void {
  app.get(websocketPath, { websocket: true, schema: { hide: true } }, (socket) => {
    const send = (message: ServerMessage) => socket.send(JSON.stringify(message));
    send({ type: 'hello', serverTime: clock().getTime() });

    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      const parsed = isBinary ? undefined : safeJson(raw.toString('utf8'));
      const message = clientMessage.safeParse(parsed);
      if (!message.success) {
        send({ type: 'error', code: '400', message: '消息格式不正确' });
        return;
      }
      if (message.data.type === 'ping') {
        send({
          type: 'pong',
          ...(message.data.id ? { id: message.data.id } : {}),
          serverTime: clock().getTime(),
        });
      }
    });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
