import type { SocketChannel } from '@zhicai/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { usePageSocketModule } from './page-socket.ts';
import type { QuoteListener, QuoteSocket, QuoteSocketState, QuoteSubscription } from './quote-socket.ts';

/** The page socket's state before its module has loaded: not started, no server seen. */
const notLoadedState: QuoteSocketState = Object.freeze({
  status: 'idle',
  endpointIndex: 0,
  url: '',
  waitReason: null,
  nextAttemptAt: null,
  openCount: 0,
  serverHelloAt: null,
  serverVersion: null,
  lastServerError: null,
});
const notLoaded = () => notLoadedState;
const noStateChanges = () => () => {};

/**
 * The live-quote socket's state; re-renders on transitions only, not on every message. Without a
 * `socket` it reads the page's socket, idle until its module has loaded (see page-socket.ts).
 */
export function useQuoteSocketStatus(socket?: QuoteSocket): QuoteSocketState {
  const page = usePageSocketModule(socket === undefined);
  const target = socket ?? page?.getQuoteSocket();
  return useSyncExternalStore(
    target?.onState ?? noStateChanges,
    target?.getState ?? notLoaded,
    target?.getState ?? notLoaded,
  );
}

/**
 * Keeps `codes` subscribed while the component is mounted and hands `onMessage` every message about
 * them. The latest `onMessage` is always called, so callers need not memoise it. Without a `socket`
 * it uses the page's socket and starts it (once its module has loaded): the first page that shows
 * live quotes opens the connection, and pages without quotes never do. With `enabled: false` it
 * does neither.
 */
export function useQuoteSubscription(
  codes: readonly string[],
  onMessage: QuoteListener,
  socket?: QuoteSocket,
  { enabled = true }: { enabled?: boolean } = {},
): void {
  const latest = useRef(onMessage);
  latest.current = onMessage;
  const page = usePageSocketModule(enabled && socket === undefined);
  // Joined so that a new array with the same codes does not resubscribe.
  const key = codes.join(',');
  const wanted = useRef(key);
  wanted.current = key;
  /** The subscription while there is one, and the codes it follows (joined). */
  const subscription = useRef<{ handle: QuoteSubscription; key: string } | null>(null);
  useEffect(() => {
    // Disabled: neither subscribe nor start the socket (the page has nothing to show live yet).
    if (!enabled) return;
    const target = socket ?? page?.startQuoteSocket();
    if (!target) return;
    const handle = target.subscribe(splitCodes(wanted.current), (message) => latest.current(message));
    subscription.current = { handle, key: wanted.current };
    return () => {
      subscription.current = null;
      handle();
    };
  }, [socket, enabled, page]);
  // Other codes move the same subscription (a scrolled list): only the codes that change are sent.
  useEffect(() => {
    const current = subscription.current;
    if (!current || current.key === key) return;
    current.key = key;
    current.handle.setCodes(splitCodes(key));
  }, [key]);
}

function splitCodes(key: string): string[] {
  return key === '' ? [] : key.split(',');
}

/**
 * Keeps the page's socket in a channel while the component is mounted (the 7×24 page in `flash`)
 * and hands `onMessage` every message the socket receives; the caller picks its channel's type.
 */
export function useSocketChannel(
  channel: SocketChannel,
  onMessage: QuoteListener,
  socket?: QuoteSocket,
  { enabled = true }: { enabled?: boolean } = {},
): void {
  const latest = useRef(onMessage);
  latest.current = onMessage;
  const page = usePageSocketModule(enabled && socket === undefined);
  useEffect(() => {
    if (!enabled) return;
    const target = socket ?? page?.startQuoteSocket();
    if (!target) return;
    const stopListening = target.subscribe([], (message) => latest.current(message));
    const leave = target.joinChannel(channel);
    return () => {
      leave();
      stopListening();
    };
  }, [channel, socket, enabled, page]);
}
