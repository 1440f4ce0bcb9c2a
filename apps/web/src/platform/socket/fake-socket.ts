import { createQuoteSocket, type SocketLike, type VisibilitySource } from './quote-socket.ts';

/** A WebSocket stand-in for unit tests: records what the client sends and plays the server. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }

  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverSends(message: unknown) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** What a browser does when a connection fails: an error event, then a close with 1006. */
  fails() {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  /** A clean close from the server (e.g. 1001 going away on restart), without an error event. */
  serverCloses(code = 1001) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, wasClean: true }));
  }
}

/** Records every socket a client creates, in order. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const create = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  const last = (): FakeSocket => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  };
  return { sockets, create, last };
}

/** A page visibility the test switches by hand. */
export function fakeVisibility(hidden = false) {
  const listeners = new Set<() => void>();
  const source: VisibilitySource = {
    isHidden: () => hidden,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (value: boolean) => {
    hidden = value;
    for (const listener of listeners) listener();
  };
  return { source, hide: () => set(true), show: () => set(false), listenerCount: () => listeners.size };
}

/**
 * A live-quote socket on a fake connection the server has opened, for a page under test: `server()`
 * is the fake that plays the server (what the client sent, what the server sends).
 */
export function openFakeQuoteSocket() {
  const factory = fakeSocketFactory();
  const socket = createQuoteSocket({
    urls: ['ws://a/ws'],
    createSocket: factory.create,
    pauseWhenHidden: false,
    visibility: fakeVisibility().source,
  });
  socket.start();
  factory.last().serverOpens();
  return { socket, server: () => factory.last() };
}
