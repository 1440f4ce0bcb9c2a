import type { WebSocket } from '@fastify/websocket';
import { type ServerMessage, serverMessage } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';

/**
 * A live-quote socket opened on an app through injectWS, its messages validated against the
 * contract and handed out in order: `next` waits for the next one, `nextIs` checks its type, `nextOf`
 * skips to a type.
 */
export async function openQuoteSocket(app: FastifyInstance, path = '/ws?node=1') {
  const queue: ServerMessage[] = [];
  const waiters: ((message: ServerMessage) => void)[] = [];
  const socket: WebSocket = await app.injectWS(
    path,
    {},
    {
      // Listening from onInit catches the hello the server sends on connect.
      onInit: (ws) =>
        ws.on('message', (data: Buffer) => {
          const message = serverMessage.parse(JSON.parse(data.toString()));
          const waiter = waiters.shift();
          if (waiter) waiter(message);
          else queue.push(message);
        }),
    },
  );
  const next = (): Promise<ServerMessage> => {
    const queued = queue.shift();
    return queued ? Promise.resolve(queued) : new Promise<ServerMessage>((resolve) => waiters.push(resolve));
  };
  const nextOf = async <T extends ServerMessage['type']>(type: T) => {
    for (;;) {
      const message = await next();
      if (message.type === type) return message as Extract<ServerMessage, { type: T }>;
    }
  };
  /** The next message, which must be of this type (a test of order, unlike nextOf). */
  const nextIs = async <T extends ServerMessage['type']>(type: T) => {
    const message = await next();
    if (message.type !== type) throw new Error(`expected a ${type} message, got ${JSON.stringify(message)}`);
    return message as Extract<ServerMessage, { type: T }>;
  };
  return {
    socket,
    next,
    nextIs,
    nextOf,
    /** Forgets the messages received so far. */
    skip: () => void queue.splice(0),
  };
}
