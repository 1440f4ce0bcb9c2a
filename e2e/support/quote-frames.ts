import {
  type ClientMessage,
  clientMessage,
  type ServerMessage,
  serverMessage,
  websocketPath,
} from '@zhicai/contract';
import type { Page } from 'playwright-core';

/** One live-quote socket the page opened, as the browser saw it. */
export interface SocketSeen {
  url: string;
  /** Epoch ms on this machine's clock when the page opened it and when it closed (null while open). */
  openedAt: number;
  closedAt: number | null;
  /** The server's messages on this socket, parsed by the contract, in order. */
  received: ServerMessage[];
  /** The client's messages on this socket, parsed by the contract, in order. */
  sent: ClientMessage[];
}

/**
 * Records every live-quote socket the page opens and the frames it carries, from the browser's side
 * (Playwright's `websocket` events): what the app's own socket code in the built bundle did, not
 * what it says it did. Attach before `goto`.
 */
export function watchQuoteSockets(page: Page): SocketSeen[] {
  const sockets: SocketSeen[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== websocketPath) return;
    const seen: SocketSeen = {
      url: socket.url(),
      openedAt: Date.now(),
      closedAt: null,
      received: [],
      sent: [],
    };
    sockets.push(seen);
    socket.on('framereceived', ({ payload }) => {
      seen.received.push(serverMessage.parse(JSON.parse(String(payload))));
    });
    socket.on('framesent', ({ payload }) => {
      seen.sent.push(clientMessage.parse(JSON.parse(String(payload))));
    });
    socket.on('close', () => {
      seen.closedAt = Date.now();
    });
  });
  return sockets;
}

/** Every server message on every socket, in the order the sockets opened. */
export function receivedMessages(sockets: readonly SocketSeen[]): ServerMessage[] {
  return sockets.flatMap((socket) => socket.received);
}
