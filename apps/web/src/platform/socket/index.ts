export {
  getQuoteSocket,
  type QuoteSocketSnapshot,
  shouldPauseWhenHidden,
  startQuoteSocket,
} from './app-quote-socket.ts';
export type { QuoteListener, QuoteSocket, QuoteSocketState, QuoteSocketStatus } from './quote-socket.ts';
export type {
  AlertSocketMessage,
  FlashSocketMessage,
  IncomingMessage,
  OutgoingMessage,
  SnapshotMessage,
  TickMessage,
} from './socket-messages.ts';
export { useQuoteSocketStatus, useQuoteSubscription, useSocketChannel } from './use-quote-socket.ts';
