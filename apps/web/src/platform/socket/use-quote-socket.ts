import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getQuoteSocket, startQuoteSocket } from './app-quote-socket.ts';
import type { QuoteListener, QuoteSocket, QuoteSocketState } from './quote-socket.ts';

/** The live-quote socket's state; re-renders on transitions only, not on every message. */
export function useQuoteSocketStatus(socket: QuoteSocket = getQuoteSocket()): QuoteSocketState {
  return useSyncExternalStore(socket.onState, socket.getState, socket.getState);
}

/**
 * Keeps `codes` subscribed while the component is mounted and hands `onMessage` every message about
 * them. The latest `onMessage` is always called, so callers need not memoise it. Without a `socket`
 * it uses the page's socket and starts it: the first page that shows live quotes opens the
 * connection, and pages without quotes never do. With `enabled: false` it does neither.
 */
export function useQuoteSubscription(
  codes: readonly string[],
  onMessage: QuoteListener,
  socket?: QuoteSocket,
  { enabled = true }: { enabled?: boolean } = {},
): void {
  const latest = useRef(onMessage);
  latest.current = onMessage;
  // Joined so that a new array with the same codes does not resubscribe.
  const key = codes.join(',');
  useEffect(() => {
    // Disabled: neither subscribe nor start the socket (the page has nothing to show live yet).
    if (!enabled) return;
    const list = key === '' ? [] : key.split(',');
    const target = socket ?? startQuoteSocket();
    return target.subscribe(list, (message) => latest.current(message));
  }, [key, socket, enabled]);
}
