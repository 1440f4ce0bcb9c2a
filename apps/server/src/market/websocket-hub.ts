import type { WebSocket } from '@fastify/websocket';
import {
  clientMessage,
  maxSubscribedCodes,
  type ServerMessage,
  socketProtocolVersion,
  websocketPath,
} from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import type { SessionService } from '../platform/auth/sessions.ts';
import { eventLoopSlices, inForeground, nextTurn, type SliceOptions } from './event-loop-slices.ts';
import type { EngineTick, QuoteEngine } from './quote-engine.ts';
import type { SocketChannels } from './socket-channels.ts';
import {
  CodeIndex,
  createTickEncoder,
  framePayloads,
  MessageArena,
  type TickEncoder,
} from './tick-encoder.ts';
import type { UserSockets } from './user-sockets.ts';

export { fanOutSliceMs } from './event-loop-slices.ts';

/**
 * The live-quote socket (issue 4, Server 6). Every client holds one socket on the API's port (the
 * five client endpoints are `/ws?node=1…5`, all served here); it subscribes to codes, gets a snapshot
 * of them at once and then one batched message per engine tick with the subscribed codes that moved.
 */

/** A socket whose unsent data exceeds this is skipped for the tick (spec: slow clients). */
export const slowClientBufferBytes = 256 * 1024;
/** Consecutive skipped ticks after which a slow client is dropped. */
export const maxSkippedTicks = 3;
/**
 * Messages a client may send at once, and per second after that (a token bucket). The web client
 * sends a subscription change per page and a snapshot request per gap in `seq`, a few a second at
 * most; a client sending more is cut off with 1008 before its requests cost the server much.
 */
export const socketMessageBurst = 40;
export const socketMessagesPerSecond = 10;
/** Close codes: 4008 a client too slow to read (it reconnects and resubscribes), 1008 a flood. */
const tooSlow = 4008;
const policyViolation = 1008;
const goingAway = 1001;
const OPEN = 1;
/** What a fan-out needs of a socket (the ws WebSocket; tests pass fakes). */
export interface TickSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** The TCP socket ws reads and writes (ws keeps it as `_socket`). */
  readonly _socket: { write(chunk: Buffer): boolean };
  send(data: Buffer, options: { binary: boolean }): void;
  close(code: number, reason: string): void;
}

/** Channel frames waiting for a socket's next write, with what to tell once they are out. */
export interface QueuedFrames {
  frames: Buffer;
  done(written: boolean): void;
}

export interface TickClient {
  socket: TickSocket;
  /** The subscribed codes' CodeIndex numbers, in the order they were subscribed. */
  ids: readonly number[];
  /** Sorted codes joined, so clients with the same subscription share one serialised tick. */
  key: string;
  /** Consecutive ticks skipped because the socket was still behind. */
  skipped: number;
  /**
   * Whether tick and channel frames may be written straight to the TCP socket: no extension was
   * negotiated at the handshake (fanOut).
   */
  writesFrames: boolean;
  /**
   * Channel publications (flashes) not yet written, oldest first: the next fan-out writes them in
   * the same write as the socket's tick.
   */
  outbox: QueuedFrames[];
}

interface Client extends TickClient {
  /** ws keeps the TCP socket as `_socket`, which its types do not declare. */
  socket: WebSocket & TickSocket;
  codes: Set<string>;
  budget: MessageBudget;
}

export interface WebsocketHub {
  clientCount(): number;
}

/**
 * What lets a socket carry its user's messages (price alerts): the sessions that check the token an
 * `auth` message sends, and the registry the alert module delivers through.
 */
export interface SocketUsers {
  sessions: Pick<SessionService, 'resolve'>;
  userSockets: UserSockets;
  /** The channels a socket may join (the 7×24 flashes); modules publish through the same. */
  channels?: SocketChannels;
}

export function registerWebsocketHub(
  app: FastifyInstance,
  engine: QuoteEngine,
  clock: () => Date,
  users?: SocketUsers,
): WebsocketHub {
  const clients = new Set<Client>();
  /** Sockets per subscription key: only a subscription several sockets hold is worth caching. */
  const holders = new Map<string, number>();
  const hold = (key: string) => holders.set(key, (holders.get(key) ?? 0) + 1);
  const release = (key: string) => {
    const left = (holders.get(key) ?? 0) - 1;
    if (left > 0) holders.set(key, left);
    else holders.delete(key);
  };
  const codeIndex = new CodeIndex();
  const arena = new MessageArena();
  const subscriptionChanged = (client: Client) => {
    const codes = [...client.codes];
    client.ids = codes.map((code) => codeIndex.idOf(code));
    release(client.key);
    client.key = codes.sort().join(',');
    hold(client.key);
  };
  const shared = (key: string) => (holders.get(key) ?? 0) > 1;

  // One fan-out at a time writes what every socket is due: the engine's ticks in order, and the
  // channel frames published since (issue 17: a flash to 10,000 sockets, p99 ≤ 300 ms). A flash
  // written on a beat is queued by the time that beat's fan-out reaches its sockets, so each gets
  // tick and flash in one write; sockets a fan-out under way has already served, or that get no
  // tick, are written by a fan-out of their own right after it. Fan-outs span several event-loop
  // turns, and one overtaking another could hand a socket seq n + 1 before n.
  const ticks: { tick: EngineTick; recipients: readonly Client[] }[] = [];
  /** Sockets handed channel frames since the fan-out that last served them. */
  const waiting = new Set<Client>();
  let fanning = false;
  const fanOutDue = async () => {
    for (;;) {
      const due = ticks.shift();
      if (due) {
        // A flash announced on this beat (its insert still under way) joins the tick's write. The
        // flash module announces on the same tick, after this hub's listener may have run: the wait
        // starts a turn later.
        if (users?.channels) {
          await nextTurn();
          await users.channels.announced();
        }
        await fanOut(due.recipients, due.tick, codeIndex, { shared, arena });
        continue;
      }
      const recipients = [...waiting].filter((client) => client.outbox.length > 0);
      waiting.clear();
      if (recipients.length === 0) break;
      await fanOut(recipients, null, codeIndex, { shared, arena });
    }
    fanning = false;
  };
  /** Starts fanning out on a later turn (the beat that produced a tick ends its task first). */
  const fanOutSoon = () => {
    if (fanning) return;
    fanning = true;
    // Ahead of the background loops the same tick sets off (the screens' refreshes).
    inForeground(fanOutDue).catch((error: unknown) => {
      fanning = false;
      app.log.error({ err: error }, 'socket fan-out failed');
    });
  };
  const unsubscribeTick = engine.onTick((tick) => {
    // The recipients are the sockets open at the tick; one that connects later gets a snapshot
    // already current to it.
    ticks.push({ tick, recipients: [...clients] });
    fanOutSoon();
  });
  // The open's live sessions are built during the call auction, off the clock of the open's tick
  // and its flashes: logged, so the flash-push bench prints that cost beside the push's latency.
  const unsubscribePrepared = engine.onSessionsPrepared((cost) => app.log.info(cost, 'sessions prepared'));
  app.addHook('onClose', async () => {
    unsubscribeTick();
    unsubscribePrepared();
  });

  app.get(websocketPath, { websocket: true, schema: { hide: true } }, (socket) => {
    const client: Client = {
      socket: socket as WebSocket & TickSocket,
      codes: new Set(),
      ids: [],
      key: '',
      skipped: 0,
      writesFrames: socket.extensions === '',
      outbox: [],
      budget: new MessageBudget(socketMessageBurst, socketMessagesPerSecond),
    };
    clients.add(client);
    hold(client.key);
    /**
     * Whether a reply may be sent: not to a closing socket, and not to one that has not taken what
     * it was sent. Replies obey the slow-client rule of the tick fan-out, except that the client is
     * dropped at the first reply it cannot take rather than after a few: a client that asked for a
     * snapshot sends no other request on that connection until it gets one (web quote-socket.ts),
     * so skipping it would leave the client stale for good, while a reconnect resubscribes it.
     * Checked before a reply is built, so a stalled client's requests cost nothing.
     */
    const mayReply = (): boolean => {
      if (socket.readyState !== OPEN) return false;
      if (socket.bufferedAmount <= slowClientBufferBytes) return true;
      socket.close(tooSlow, 'too slow');
      return false;
    };
    const send = (message: ServerMessage) => {
      if (mayReply()) socket.send(JSON.stringify(message));
    };
    send({ type: 'hello', v: socketProtocolVersion, serverTime: clock().getTime() });

    // The channels this socket joined, each with the function that leaves it.
    const joined = new Map<string, () => void>();
    // A channel's frames wait for the socket's next write (fanOut), which also carries its tick.
    const channelSocket = {
      sendFrames(frames: Buffer, done: (written: boolean) => void) {
        if (socket.readyState !== OPEN) {
          done(false);
          return;
        }
        client.outbox.push({ frames, done });
        waiting.add(client);
        fanOutSoon();
      },
    };

    const sendSnapshot = (codes: Iterable<string>) => {
      if (mayReply()) send({ type: 'snapshot', seq: engine.seq(), quotes: engine.quotes([...codes]) });
    };

    // The user this socket carries messages of: set by an `auth` message whose token the sessions
    // accept, cleared by an empty or refused one. `authRound` drops the answer of an older `auth`
    // that resolves after a newer one.
    let detachUser: (() => void) | null = null;
    let authRound = 0;
    const signOut = () => {
      detachUser?.();
      detachUser = null;
    };
    const authenticate = async (token: string) => {
      const round = ++authRound;
      signOut();
      const resolved = token && users ? await users.sessions.resolve(token) : null;
      if (round !== authRound || socket.readyState !== OPEN) return;
      if (!users || resolved === null || typeof resolved === 'string') {
        send({ type: 'auth', signedIn: false });
        return;
      }
      const { userId } = resolved;
      detachUser = users.userSockets.attach({
        userId,
        send,
        stillSignedIn: async () => {
          const now = await users.sessions.resolve(token);
          return typeof now === 'object' && now.userId === userId;
        },
      });
      send({ type: 'auth', signedIn: true });
    };

    socket.on('close', () => {
      authRound += 1;
      signOut();
      for (const leave of joined.values()) leave();
      joined.clear();
      settleOutbox(client, false);
      waiting.delete(client);
      if (clients.delete(client)) release(client.key);
    });
    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      // Frames that arrived before a close are still delivered; they get no answer.
      if (socket.readyState !== OPEN) return;
      if (!client.budget.take()) {
        socket.close(policyViolation, 'too many messages');
        return;
      }
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
          subscriptionChanged(client);
          sendSnapshot(known);
          return;
        }
        case 'unsubscribe':
          for (const code of data.codes) client.codes.delete(code.toUpperCase());
          subscriptionChanged(client);
          return;
        case 'snapshot':
          sendSnapshot(client.codes);
          return;
        case 'join':
          if (users?.channels && !joined.has(data.channel))
            joined.set(data.channel, users.channels.join(data.channel, channelSocket));
          return;
        case 'leave':
          joined.get(data.channel)?.();
          joined.delete(data.channel);
          return;
        case 'auth':
          authenticate(data.token).catch((error: unknown) => {
            app.log.error({ err: error }, 'socket auth failed');
            send({ type: 'auth', signedIn: false });
          });
          return;
      }
    });
  });

  return { clientCount: () => clients.size };
}

/**
 * The @fastify/websocket `preClose` (app.ts): on shutdown every socket is closed with 1001 (going
 * away), which tells the client to reconnect elsewhere; the plugin's own closes without a code
 * (1005). The websocket server then refuses new upgrades (503). Shutdown does not wait for the
 * clients' closing handshakes, as the plugin's does not: one that never answers would hold it for
 * ws's 30 s close timeout.
 */
export function closeSocketsOnShutdown(this: FastifyInstance, done: () => void): void {
  for (const socket of this.websocketServer.clients) socket.close(goingAway, 'server shutting down');
  this.websocketServer.close();
  done();
}

/**
 * A token bucket counting one socket's incoming messages: `burst` at once, refilled at
 * `perSecond`. Measured on the monotonic clock, not the app's clock (which tests fix).
 */
export class MessageBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Counts one message; false when the socket has none left. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export interface FanOutOptions extends SliceOptions {
  /**
   * Whether several sockets hold the subscription named by a key, so its message is built once and
   * shared; every subscription by default.
   */
  shared?: (key: string) => boolean;
  /** Memory for the messages, best kept from tick to tick; a fresh one by default. */
  arena?: MessageArena;
}

const textFrame = { binary: false } as const;

/** Tells a socket's queued channel frames they were written (or dropped), and empties its outbox. */
export function settleOutbox(client: TickClient, written: boolean): void {
  if (client.outbox.length === 0) return;
  const queued = client.outbox;
  client.outbox = [];
  for (const { done } of queued) done(written);
}

/**
 * Writes what each client is due in one write: its channel frames (flashes) queued since its last
 * write, then this tick's message (the rows of the codes it subscribed that moved). A client
 * subscribed to no code gets no tick: a snapshot starts its sequence when it subscribes. With no
 * tick (null) only queued frames are written.
 *
 * It serves sockets in time slices: it serves sockets until sliceMs have passed, then yields so
 * timers, I/O and other requests run between slices. It starts by yielding too, so the engine's
 * beat that produced the tick (recomputing every quote) ends its task first.
 *
 * A slow socket, one with more than slowClientBufferBytes still unsent, skips the tick and is closed
 * once it has missed maxSkippedTicks ticks in a row; one with channel frames queued is closed at
 * once (4008: it reconnects, takes a fresh snapshot and reads the feed for the flashes it missed).
 */
export async function fanOut(
  clients: readonly TickClient[],
  tick: EngineTick | null,
  codeIndex: CodeIndex,
  options: FanOutOptions = {},
): Promise<void> {
  const { shared = () => true, arena = new MessageArena() } = options;
  const slices = eventLoopSlices(options);
  await slices.next();
  // Built for the first socket subscribed to a code: its pass over the tick's rows (every quote at
  // the open) is not worth a fan-out whose sockets follow only channels, as the 7×24 page's do.
  let encoder: TickEncoder | null = null;
  const encoderOf = (moved: EngineTick) => {
    encoder ??= createTickEncoder(moved, codeIndex, arena);
    return encoder;
  };
  /** The frames of one socket's write, reused from socket to socket. */
  const parts: Buffer[] = [];
  for (const client of clients) {
    if (slices.spent()) await slices.next();
    const socket = client.socket;
    if (socket.readyState !== OPEN) {
      settleOutbox(client, false);
      continue;
    }
    const ticked = tick !== null && client.ids.length > 0;
    if (!ticked && client.outbox.length === 0) continue;
    if (socket.bufferedAmount > slowClientBufferBytes) {
      if (client.outbox.length > 0) {
        settleOutbox(client, false);
        socket.close(tooSlow, 'too slow');
        continue;
      }
      client.skipped += 1;
      // 4008 (policy): the client reconnects and takes a fresh snapshot.
      if (client.skipped >= maxSkippedTicks) socket.close(tooSlow, 'too slow');
      continue;
    }
    if (ticked) client.skipped = 0;
    // The encoder's frames are whole text frames, and so are the channels'. Without extensions ws
    // sends every message at once, in call order, straight to the TCP socket (its sender only
    // queues behind a message being compressed), so they may be written there too, in one write:
    // ws.send would frame each again and write header and payload as two corked chunks, and two
    // messages would be two writes, each costing about as much in the kernel as the whole. What the
    // TCP socket has not taken yet counts in ws's bufferedAmount as ever. With an extension ws must
    // order the message behind its queue, so it gets each payload to frame itself (binary: false
    // keeps it a text frame, as the protocol's JSON messages are).
    const sharedKey = ticked && shared(client.key) ? client.key : undefined;
    const frame = ticked ? encoderOf(tick).messageFor(client.ids, sharedKey) : undefined;
    for (const { frames } of client.outbox) parts.push(frames);
    if (frame) parts.push(frame);
    if (client.writesFrames) {
      const bytes = parts.length === 1 ? (parts[0] as Buffer) : arena.join(parts);
      socket._socket.write(bytes);
      // Nothing left queued: the kernel has the bytes, so what was written for this socket alone
      // may be overwritten by the next socket's.
      if (socket.bufferedAmount === 0) {
        if (bytes !== frame && bytes !== parts[0]) arena.rewind(bytes);
        if (frame && sharedKey === undefined) arena.rewind(frame);
      }
    } else {
      for (const frames of parts)
        for (const payload of framePayloads(frames)) socket.send(payload, textFrame);
    }
    parts.length = 0;
    settleOutbox(client, true);
  }
}

/** fanOut of one tick (the hub's fan-outs also carry channel frames). */
export function fanOutTick(
  clients: readonly TickClient[],
  tick: EngineTick,
  codeIndex: CodeIndex,
  options: FanOutOptions = {},
): Promise<void> {
  return fanOut(clients, tick, codeIndex, options);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
