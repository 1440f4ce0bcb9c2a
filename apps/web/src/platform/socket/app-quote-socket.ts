import { isOldAppVersion } from '@zhicai/domain';
import { currentEnvironment, type Environment } from '../environment.ts';
import { getRuntimeConfig } from '../runtime-config.ts';
import { localStore } from '../session/local-store.ts';
import { createQuoteSocket, type QuoteSocket, type QuoteSocketState } from './quote-socket.ts';
import { resolveSocketUrls } from './socket-urls.ts';

/** What `window.__zhicaiSocket` shows: the socket's state, read-only, for support and e2e tests. */
export interface QuoteSocketSnapshot extends QuoteSocketState {
  subscribedCodes: string[];
  lastMessageAt: number | null;
}

declare global {
  interface Window {
    /** Read-only status of the live-quote socket (see app-quote-socket.ts); absent until started. */
    readonly __zhicaiSocket?: QuoteSocketSnapshot;
  }
}

/**
 * spec 1 §4: the socket closes while the page is hidden only for old native-app versions or plain
 * web (a browser or WeChat); newer native apps keep it and manage it through the bridge.
 */
export function shouldPauseWhenHidden({
  inNativeApp,
  appVersion,
}: Pick<Environment, 'inNativeApp' | 'appVersion'>): boolean {
  if (!inNativeApp) return true;
  return isOldAppVersion(appVersion);
}

let instance: QuoteSocket | undefined;

/** The page's one live-quote socket, created on first use (not started). */
export function getQuoteSocket(): QuoteSocket {
  instance ??= createQuoteSocket({
    // runtimeConfig.quoteSocketUrls: five endpoints from the server (QUOTE_SOCKET_URLS), or this
    // origin's /ws five times when the page was not served by our server.
    urls: resolveSocketUrls(getRuntimeConfig().quoteSocketUrls, window.location.href),
    createSocket: (url) => new WebSocket(url),
    pauseWhenHidden: shouldPauseWhenHidden(currentEnvironment()),
    // The socket carries the signed-in user's price alerts too (contract ws.ts `auth`).
    token: () => localStore.getState().token,
  });
  const socket = instance;
  // A login or logout on this page changes whose messages the open socket carries.
  let token = localStore.getState().token;
  localStore.subscribe((state) => {
    if (state.token === token) return;
    token = state.token;
    socket.authenticate();
  });
  return instance;
}

function snapshotOf(socket: QuoteSocket): QuoteSocketSnapshot {
  return Object.freeze({
    ...socket.getState(),
    subscribedCodes: socket.subscribedCodes(),
    lastMessageAt: socket.lastMessageAt(),
  });
}

/**
 * Starts the live-quote socket (idempotent) and publishes its status as `window.__zhicaiSocket`, a
 * getter: support staff and the e2e tests read it, nothing can write it.
 */
export function startQuoteSocket(): QuoteSocket {
  const socket = getQuoteSocket();
  if (!Object.hasOwn(window, '__zhicaiSocket')) {
    Object.defineProperty(window, '__zhicaiSocket', {
      configurable: true,
      enumerable: false,
      get: () => snapshotOf(socket),
    });
  }
  socket.start();
  return socket;
}
