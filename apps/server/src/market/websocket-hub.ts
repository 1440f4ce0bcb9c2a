import type { WebSocket } from '@fastify/websocket';
import {
  clientMessage,
  maxSubscribedCodes,
  type ServerMessage,
  socketProtocolVersion,
  websocketPath,
} from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import type { EngineTick, QuoteEngine } from './quote-engine.ts';

/**
 * The live-quote socket (issue 4, Server 6). Every client holds one socket on the API's port (the
 * five client endpoints are `/ws?node=1…5`, all served here); it subscribes to codes, gets a snapshot
 * of them at once and then one batched message per engine tick with the subscribed codes that moved.
 */

/** A socket whose unsent data exceeds this is skipped for the tick (spec: slow clients). */
export const slowClientBufferBytes = 256 * 1024;
/** Consecutive skipped ticks after which a slow client is dropped. */
export const maxSkippedTicks = 3;
/** Sockets served per slice of a fan-out; between slices the event loop gets to run. */
export const fanOutChunk = 500;

interface Client {
  socket: WebSocket;
  codes: Set<string>;
  /** Sorted codes joined, so clients with the same subscription share one serialised tick. */
  key: string;
  skipped: number;
}

export interface WebsocketHub {
  clientCount(): number;
}

export function registerWebsocketHub(
  app: FastifyInstance,
  engine: QuoteEngine,
  clock: () => Date,
): WebsocketHub {
  const clients = new Set<Client>();

  const unsubscribeTick = engine.onTick((tick) => {
    fanOut(clients, tick).catch((error: unknown) => app.log.error({ err: error }, 'tick fan-out failed'));
  });
  app.addHook('onClose', async () => {
    unsubscribeTick();
    for (const client of clients) client.socket.close(1001, 'server shutting down');
  });

  app.get(websocketPath, { websocket: true, schema: { hide: true } }, (socket) => {
    const client: Client = { socket, codes: new Set(), key: '', skipped: 0 };
    clients.add(client);
    const send = (message: ServerMessage) => socket.send(JSON.stringify(message));
    send({ type: 'hello', v: socketProtocolVersion, serverTime: clock().getTime() });

    const sendSnapshot = (codes: Iterable<string>) =>
      send({ type: 'snapshot', seq: engine.seq(), quotes: engine.quotes([...codes]) });

    socket.on('close', () => clients.delete(client));
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      const parsed = isBinary ? undefined : safeJson(raw.toString('utf8'));
      const message = clientMessage.safeParse(parsed);
      if (!message.success) {
        send({ type: 'error', code: '400', message: '消息格式不正确' });
        return;
      }
      const data = message.data;
      switch (data.type) {
        case 'ping':
          send({ type: 'pong', ...(data.id ? { id: data.id } : {}), serverTime: clock().getTime() });
          return;
        case 'subscribe': {
          const known = data.codes.map((code) => code.toUpperCase()).filter((code) => engine.quote(code));
          if (client.codes.size + known.length > maxSubscribedCodes) {
            send({ type: 'error', code: '400', message: `每个连接最多订阅 ${maxSubscribedCodes} 个代码` });
            return;
          }
          for (const code of known) client.codes.add(code);
          client.key = [...client.codes].sort().join(',');
          sendSnapshot(known);
          return;
        }
        case 'unsubscribe':
          for (const code of data.codes) client.codes.delete(code.toUpperCase());
          client.key = [...client.codes].sort().join(',');
          return;
        case 'snapshot':
          sendSnapshot(client.codes);
          return;
      }
    });
  });

  return { clientCount: () => clients.size };
}

/**
 * Sends one tick to every client, in slices of fanOutChunk sockets with a macrotask between them so
 * a large fan-out never holds the event loop for long. Each row is serialised once per tick and each
 * distinct subscription's message once.
 */
async function fanOut(clients: ReadonlySet<Client>, tick: EngineTick): Promise<void> {
  const rowJson = new Map<string, string>();
  for (const row of tick.rows) rowJson.set(row[0], JSON.stringify(row));
  const head = `{"type":"tick","seq":${tick.seq},"time":${tick.time},"tradingDay":${tick.tradingDay},"rows":[`;
  const messages = new Map<string, string>();
  const messageFor = (client: Client) => {
    let message = messages.get(client.key);
    if (message === undefined) {
      const parts: string[] = [];
      for (const code of client.codes) {
        const json = rowJson.get(code);
        if (json !== undefined) parts.push(json);
      }
      message = `${head}${parts.join(',')}]}`;
      messages.set(client.key, message);
    }
    return message;
  };

  const list = [...clients];
  for (let start = 0; start < list.length; start += fanOutChunk) {
    for (const client of list.slice(start, start + fanOutChunk)) {
      if (client.socket.readyState !== 1) continue;
      if (client.socket.bufferedAmount > slowClientBufferBytes) {
        client.skipped += 1;
        // 4008 (policy): the client reconnects and takes a fresh snapshot.
        if (client.skipped >= maxSkippedTicks) client.socket.close(4008, 'too slow');
        continue;
      }
      client.skipped = 0;
      client.socket.send(messageFor(client));
    }
    if (start + fanOutChunk < list.length) await new Promise((resolve) => setImmediate(resolve));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
