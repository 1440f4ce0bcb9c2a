export {
  applyTickRow,
  createLiveQuotesState,
  type LiveQuotesAction,
  type LiveQuotesState,
  liveQuotesReducer,
  mergeBase,
  mergeMessage,
  mergeSnapshot,
  mergeTick,
  tickOrder,
  withCodes,
} from './quote-merge.ts';
export {
  knownSocketProtocolVersion,
  type LiveQuotes,
  type LiveQuotesOptions,
  type LiveQuotesStatus,
  liveQuotesQueryOptions,
  pollingIntervalMs,
  useLiveQuotes,
} from './use-live-quotes.ts';
export {
  type OnScreenQuotesOptions,
  useOnScreenQuotes,
  useOnScreenSubscription,
} from './use-on-screen-quotes.ts';
