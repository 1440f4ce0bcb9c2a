import type { SocketChannel } from '@zhicai/contract';
import { nextEndpoint, quoteSocketTimings, reconnectDelayMs } from './reconnect-policy.ts';
import {
  codesOfMessage,
  type IncomingMessage,
  type OutgoingMessage,
  parseIncoming,
} from './socket-messages.ts';

/** The part of the browser WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** Timers, injectable so tests can drive every delay with fake timers or by hand. */
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Page visibility, injectable; the browser version listens to `visibilitychange`. */
export interface VisibilitySource {
  isHidden(): boolean;
  onChange(listener: () => void): () => void;
}

export interface QuoteSocketOptions {
  /** Absolute ws:// or wss:// URLs, tried in turn (spec 1 §9: five). */
  urls: readonly string[];
  createSocket: SocketFactory;
  /**
   * spec 1 §4: close while the page is hidden and reopen when it is visible again — only for old
   * native-app versions or plain web (newer native apps manage the socket's life themselves).
   */
  pauseWhenHidden: boolean;
  scheduler?: Scheduler;
  visibility?: VisibilitySource;
  random?: () => number;
  now?: () => number;
  /**
   * The signed-in user's token, sent in an `auth` message on every open so the socket also carries
   * that user's own messages (price alerts, contract ws.ts); null when signed out.
   */
  token?: () => string | null;
}

/**
 * - idle: not started; connecting: a socket is opening (4000 ms timeout);
 * - open: connected, subscriptions sent; waiting: a retry or reconnect is scheduled;
 * - paused: closed because the page is hidden; stopped: closed for good.
 */
export type QuoteSocketStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'paused' | 'stopped';

export interface QuoteSocketState {
  status: QuoteSocketStatus;
  /** Index into `urls` of the endpoint in use or tried next. */
  endpointIndex: number;
  url: string;
  /** Why the client is waiting: an error moves to the next endpoint, a clean close stays. */
  waitReason: 'error' | 'closed' | null;
  /** When the next attempt starts (epoch ms), while waiting or resuming. */
  nextAttemptAt: number | null;
  /** How many times a connection has opened; above 1 means the client has reconnected. */
  openCount: number;
  /** The server's `hello` time on the current connection (epoch ms), null before it arrives. */
  serverHelloAt: number | null;
  /**
   * The protocol version the server's `hello` announced (contract ws.ts `socketProtocolVersion`),
   * null before it arrives. A version above the client's means its ticks may not read as expected.
   */
  serverVersion: number | null;
  /** The last `{type:'error'}` the server sent, e.g. for a message type it does not know yet. */
  lastServerError: { code: string; message: string } | null;
}

export type QuoteListener = (message: IncomingMessage) => void;

/**
 * Codes one connection may hold: the server refuses a subscribe that would take it past this
 * (contract ws.ts `maxSubscribedCodes`; a test holds the two equal). A literal, so the client does
 * not import the contract's zod schemas at run time.
 */
export const maxCodesPerSocket = 200;

/** Ends a subscription when called; `setCodes` moves it to other codes without ending it. */
export interface QuoteSubscription {
  (): void;
  /**
   * Follows `codes` from now on, in place of the codes given so far: the server is told only of the
   * codes that leave (first) and those that come, so the codes kept are neither dropped nor sent a
   * snapshot again (a list scrolled by a few rows changes a few codes).
   */
  setCodes(codes: readonly string[]): void;
}

export interface QuoteSocket {
  start(): void;
  stop(): void;
  getState(): QuoteSocketState;
  /** Notified after every state change (not on every message). */
  onState(listener: () => void): () => void;
  /**
   * Keeps these codes subscribed while the returned function has not been called, and hands the
   * listener every snapshot that holds one of them, every tick (ticks are numbered per connection,
   * see `receive`) and every connection-level message (hello, pong, error). An empty code list
   * listens to everything without subscribing. The connection holds at most `maxCodesPerSocket`
   * codes: beyond them, the codes subscribed last wait until others are left.
   */
  subscribe(codes: readonly string[], listener: QuoteListener): QuoteSubscription;
  /** The codes the server holds for this connection right now (all of them while not connected). */
  subscribedCodes(): string[];
  /** Epoch ms of the last message received, null before the first. */
  lastMessageAt(): number | null;
  /** Sends a message when connected; answers false (and drops it) otherwise. */
  send(message: OutgoingMessage): boolean;
  /**
   * Asks the server for a fresh snapshot of every subscribed code (after a gap in tick `seq`).
   * Several listeners that see the same gap share one request: while one is unanswered on this
   * connection, no other is sent. Answers false when not connected; the snapshot that answers the
   * resubscription after the next open then serves instead.
   */
  requestSnapshot(): boolean;
  /**
   * Tells the server who holds the socket now (after a login or logout); sent again on every open.
   * Answers false when not connected.
   */
  authenticate(): boolean;
  /**
   * Keeps this socket in a channel (contract ws.ts: the 7×24 flashes) while the returned function
   * has not been called; joined again on every open. Its messages reach the listeners that listen
   * to everything (`subscribe([], …)`).
   */
  joinChannel(channel: SocketChannel): () => void;
}

/** What the state knows of the server before its `hello` on a connection. */
const noServerYet = { serverHelloAt: null, serverVersion: null } as const;

const openState = 1;
/** The close code for a close the client chose (page hidden, stop, timeout). */
const normalClosure = 1000;

const browserScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const documentVisibility: VisibilitySource = {
  isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onChange(listener) {
    if (typeof document === 'undefined') return () => {};
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/**
 * The live-quote socket as a small state machine (spec 1 §4 "Live quotes", §9). Transitions:
 *
 *   start ─► connecting ─open─► open ─clean close─► waiting(closed, 2–10 s jitter, same endpoint)
 *               │                 └──error────────► waiting(error, 3 s, next endpoint)
 *               └─error / 4000 ms timeout─────────► waiting(error, 3 s, next endpoint)
 *   waiting ─timer─► connecting
 *   any ─page hidden─► paused ─visible + 500 ms─► connecting   (only with pauseWhenHidden)
 *
 * After every open the client re-sends its subscriptions; the server answers with a snapshot.
 */
export function createQuoteSocket(options: QuoteSocketOptions): QuoteSocket {
  const { urls, createSocket, pauseWhenHidden } = options;
  const scheduler = options.scheduler ?? browserScheduler;
  const visibility = options.visibility ?? documentVisibility;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  let state: QuoteSocketState = {
    status: 'idle',
    endpointIndex: 0,
    url: urls[0] ?? '',
    waitReason: null,
    nextAttemptAt: null,
    openCount: 0,
    serverHelloAt: null,
    serverVersion: null,
    lastServerError: null,
  };
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  /** Consecutive clean closes of short-lived connections, for the growing reconnect delay. */
  let drops = 0;
  let openedAt = 0;
  let lastMessage: number | null = null;
  /** A `{type:'snapshot'}` request was sent on this connection and no snapshot has come since. */
  let snapshotRequested = false;
  let stopVisibility: (() => void) | null = null;
  const stateListeners = new Set<() => void>();
  /** One entry per subscribe call, so the same listener may subscribe twice. */
  const subscriptions = new Set<{ codes: readonly string[]; listener: QuoteListener }>();
  /** Reference counts: two components showing the same stock share one subscription. */
  const codeCounts = new Map<string, number>();
  /** The codes sent to the server on this connection and not left since (≤ maxCodesPerSocket). */
  const held = new Set<string>();
  /** Reference counts of the channels joined: the socket stays in one while any page wants it. */
  const channelCounts = new Map<SocketChannel, number>();

  function update(patch: Partial<QuoteSocketState>) {
    state = { ...state, ...patch };
    for (const listener of stateListeners) listener();
  }

  function clearTimer() {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
  }

  function schedule(ms: number, action: () => void) {
    clearTimer();
    timer = scheduler.setTimeout(() => {
      timer = null;
      action();
    }, ms);
  }

  /** Detaches the current socket so its late events cannot move the machine, then closes it. */
  function dropSocket() {
    const current = socket;
    socket = null;
    held.clear();
    if (!current) return;
    current.onopen = null;
    current.onclose = null;
    current.onerror = null;
    current.onmessage = null;
    try {
      current.close(normalClosure);
    } catch {
      // Closing a socket that never connected can throw in some engines; it is gone either way.
    }
  }

  function connect() {
    clearTimer();
    dropSocket();
    const url = urls[state.endpointIndex] ?? '';
    let created: SocketLike;
    try {
      created = createSocket(url);
    } catch {
      // A malformed URL throws synchronously: treat it like any failed endpoint.
      update({ status: 'connecting', url, waitReason: null, nextAttemptAt: null, ...noServerYet });
      failed();
      return;
    }
    socket = created;
    let opened = false;
    created.onopen = () => {
      opened = true;
      clearTimer();
      openedAt = now();
      update({ status: 'open', waitReason: null, nextAttemptAt: null, openCount: state.openCount + 1 });
      resubscribe();
      for (const channel of channelCounts.keys()) send({ type: 'join', channel });
      if (options.token?.()) authenticate();
    };
    created.onerror = () => failed();
    created.onclose = () => {
      // A socket that never opened failed to connect; one that was open and closes without an
      // error event was closed on purpose by the other side.
      if (opened) closedCleanly();
      else failed();
    };
    created.onmessage = (event) => receive(event.data);
    update({ status: 'connecting', url, waitReason: null, nextAttemptAt: null, ...noServerYet });
    // spec 1 §9: connection timeout 4000 ms.
    schedule(quoteSocketTimings.connectTimeoutMs, failed);
  }

  /** spec 1 §4: on error, rotate to the next endpoint and retry after 3 s. */
  function failed() {
    dropSocket();
    const endpointIndex = nextEndpoint(state.endpointIndex, urls.length);
    update({
      status: 'waiting',
      endpointIndex,
      url: urls[endpointIndex] ?? '',
      waitReason: 'error',
      nextAttemptAt: now() + quoteSocketTimings.errorRetryMs,
    });
    schedule(quoteSocketTimings.errorRetryMs, connect);
  }

  /** spec 1 §9: a dropped connection comes back after 2000–10000 ms with jitter. */
  function closedCleanly() {
    dropSocket();
    // A connection that lived at least as long as the longest delay was healthy: start over at the
    // shortest delay. One the server closes at once keeps growing the delay towards 10 s.
    if (now() - openedAt >= quoteSocketTimings.reconnectMaxMs) drops = 0;
    const delay = reconnectDelayMs(drops, random());
    drops += 1;
    update({ status: 'waiting', waitReason: 'closed', nextAttemptAt: now() + delay });
    schedule(delay, connect);
  }

  function receive(data: unknown) {
    const message = parseIncoming(data);
    if (!message) return;
    lastMessage = now();
    if (message.type === 'hello')
      update({ serverHelloAt: now(), serverVersion: typeof message.v === 'number' ? message.v : null });
    if (message.type === 'snapshot') snapshotRequested = false;
    if (message.type === 'error') {
      const { code, message: text } = message as Record<string, unknown>;
      update({
        lastServerError: {
          code: typeof code === 'string' ? code : '',
          message: typeof text === 'string' ? text : '',
        },
      });
    }
    // A tick goes to every listener, also one whose codes did not move in it: `seq` numbers the
    // ticks of the connection, and a listener that saw only the ticks naming its codes would take
    // every number it skipped for a lost message and ask for a snapshot each time (contract ws.ts).
    const about = message.type === 'tick' ? null : codesOfMessage(message);
    for (const { codes, listener } of subscriptions) {
      if (about === null || codes.length === 0 || about.some((code) => codes.includes(code))) {
        try {
          listener(message);
        } catch (error) {
          // One broken listener must not starve the others; the global error reporter sees it.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    }
  }

  function send(message: OutgoingMessage): boolean {
    if (!socket || socket.readyState !== openState || state.status !== 'open') return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * After every (re)connect: subscribe to every code again. The server answers a subscribe with a
   * snapshot of those codes (contract ws.ts), so the page shows fresh numbers at once.
   */
  function resubscribe() {
    snapshotRequested = false;
    held.clear();
    syncCodes();
  }

  /**
   * Brings the server's codes in line with the codes wanted: the codes no longer wanted are left
   * first, so the room they free serves the new ones, then new codes are sent while the connection
   * has room (the server refuses a whole subscribe that would pass its limit). Codes that found no
   * room are sent by a later call, once others have been left.
   */
  function syncCodes() {
    if (!socket || socket.readyState !== openState || state.status !== 'open') return;
    const removed = [...held].filter((code) => !codeCounts.has(code));
    if (removed.length > 0 && send({ type: 'unsubscribe', codes: removed }))
      for (const code of removed) held.delete(code);
    const added: string[] = [];
    for (const code of codeCounts.keys()) {
      if (held.size + added.length >= maxCodesPerSocket) break;
      if (!held.has(code)) added.push(code);
    }
    if (added.length > 0 && send({ type: 'subscribe', codes: added }))
      for (const code of added) held.add(code);
  }

  function authenticate(): boolean {
    return send({ type: 'auth', token: options.token?.() ?? '' });
  }

  function onVisibilityChange() {
    if (state.status === 'idle' || state.status === 'stopped') return;
    if (visibility.isHidden()) {
      clearTimer();
      dropSocket();
      update({ status: 'paused', waitReason: null, nextAttemptAt: null, ...noServerYet });
    } else if (state.status === 'paused') {
      // spec 1 §4: reconnect 500 ms after the page is visible again, on the same endpoint.
      update({ nextAttemptAt: now() + quoteSocketTimings.resumeAfterVisibleMs });
      schedule(quoteSocketTimings.resumeAfterVisibleMs, connect);
    }
  }

  return {
    start() {
      if (state.status !== 'idle' && state.status !== 'stopped') return;
      if (pauseWhenHidden) stopVisibility = visibility.onChange(onVisibilityChange);
      if (pauseWhenHidden && visibility.isHidden()) update({ status: 'paused' });
      else connect();
    },
    stop() {
      clearTimer();
      dropSocket();
      stopVisibility?.();
      stopVisibility = null;
      update({ status: 'stopped', waitReason: null, nextAttemptAt: null, ...noServerYet });
    },
    getState: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    subscribe(codes, listener) {
      const entry = { codes: [] as readonly string[], listener };
      subscriptions.add(entry);
      let active = true;
      const follow = (next: readonly string[]) => {
        const unique = [...new Set(next)];
        for (const code of unique) codeCounts.set(code, (codeCounts.get(code) ?? 0) + 1);
        for (const code of entry.codes) {
          const count = (codeCounts.get(code) ?? 1) - 1;
          if (count <= 0) codeCounts.delete(code);
          else codeCounts.set(code, count);
        }
        entry.codes = unique;
        // The server answers a subscribe with a snapshot of the added codes.
        syncCodes();
      };
      follow(codes);
      const unsubscribe = () => {
        if (!active) return;
        active = false;
        follow([]);
        subscriptions.delete(entry);
      };
      return Object.assign(unsubscribe, {
        setCodes(next: readonly string[]) {
          if (active) follow(next);
        },
      });
    },
    subscribedCodes: () => (state.status === 'open' ? [...held] : [...codeCounts.keys()]),
    lastMessageAt: () => lastMessage,
    send,
    requestSnapshot() {
      if (snapshotRequested && state.status === 'open') return true;
      snapshotRequested = send({ type: 'snapshot' });
      return snapshotRequested;
    },
    authenticate,
    joinChannel(channel) {
      const count = channelCounts.get(channel) ?? 0;
      channelCounts.set(channel, count + 1);
      if (count === 0) send({ type: 'join', channel });
      let joined = true;
      return () => {
        if (!joined) return;
        joined = false;
        const left = (channelCounts.get(channel) ?? 1) - 1;
        if (left > 0) channelCounts.set(channel, left);
        else {
          channelCounts.delete(channel);
          send({ type: 'leave', channel });
        }
      };
    },
  };
}
