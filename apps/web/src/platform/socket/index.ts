export {
  getQuoteSocket,
  type QuoteSocketSnapshot,
  shouldPauseWhenHidden,
  startQuoteSocket,
} from './app-quote-socket.ts';
export {
  maxCodesPerSocket,
  type QuoteListener,
  type QuoteSocket,
  type QuoteSocketState,
  type QuoteSocketStatus,
  type QuoteSubscription,
} from './quote-socket.ts';
export type {
  AlertSocketMessage,
  FlashSocketMessage,
  IncomingMessage,
  OutgoingMessage,
  SnapshotMessage,
  TickMessage,
} from './socket-messages.ts';
export { flashesOf } from './socket-messages.ts';
export { useQuoteSocketStatus, useQuoteSubscription, useSocketChannel } from './use-quote-socket.ts';
