import { useQuery } from '@tanstack/react-query';
import type { Quote } from '@zhicai/contract';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { endpointQuery } from '../query/endpoint-query.ts';
import { usePageSocketModule } from '../socket/page-socket.ts';
import type { QuoteSocket } from '../socket/quote-socket.ts';
import { useQuoteSocketStatus, useQuoteSubscription } from '../socket/use-quote-socket.ts';
import { createLiveQuotesState, liveQuotesReducer } from './quote-merge.ts';

/**
 * The socket protocol version this client reads (contract ws.ts `socketProtocolVersion`; a test
 * holds the two equal). Kept here as a literal so the client does not import the contract's zod
 * schemas at run time.
 */
export const knownSocketProtocolVersion = 1;

/** While the socket speaks a newer protocol, quotes are polled at the engine's tick rate instead. */
export const pollingIntervalMs = 3000;

export type LiveQuotesStatus = 'loading' | 'ready' | 'error';

export interface LiveQuotes {
  /** The latest quote of each code that has one, keyed by code. */
  quotes: ReadonlyMap<string, Quote>;
  /**
   * loading until the realTime call answers (or a socket snapshot arrives first); error when the
   * call failed and the socket brought nothing either; ready otherwise.
   */
  status: LiveQuotesStatus;
  /** The realTime call's error, if its last attempt failed (also while socket data shows). */
  error: Error | null;
  /** Epoch ms of the last tick or snapshot applied, for `<QuoteFreshness lastTickAt>`. */
  lastTickAt: number | null;
  /** Loads the realTime call again (pull-to-refresh); never rejects. */
  refresh(): Promise<void>;
}

export interface LiveQuotesOptions {
  /** False while the codes are not known yet: no call, no subscription, status loading. */
  enabled?: boolean;
  /** The socket to use; the page's socket by default (tests pass a fake-backed one). */
  socket?: QuoteSocket;
}

/** The realTime call for a list of codes (GET /api/v2/capital/realTime?codes=a,b). */
export function liveQuotesQueryOptions(codes: readonly string[]) {
  return endpointQuery('market.realTime', { codes: codes.join(',') });
}

/**
 * Quotes of `codes` that stay current: loaded by the realTime call, then kept up to date by the
 * live-quote socket (snapshots replace, ticks move price and the day's totals). A gap in the ticks'
 * `seq` asks the server for a snapshot and holds the ticks until it arrives (quote-merge.ts).
 */
export function useLiveQuotes(codes: readonly string[], options: LiveQuotesOptions = {}): LiveQuotes {
  const { enabled = true, socket } = options;
  // Joined so that a new array with the same codes neither refetches nor resubscribes.
  const key = codes.join(',');
  const list = useMemo(() => (key === '' ? [] : key.split(',')), [key]);
  const active = enabled && list.length > 0;

  // The page's socket module loads on first use (see page-socket.ts); until then it is idle.
  const page = usePageSocketModule(socket === undefined);
  const { serverVersion } = useQuoteSocketStatus(socket);
  const newerProtocol = serverVersion !== null && serverVersion > knownSocketProtocolVersion;

  const query = useQuery({
    ...liveQuotesQueryOptions(list),
    enabled: active,
    refetchInterval: active && newerProtocol ? pollingIntervalMs : false,
  });

  const [state, dispatch] = useReducer(liveQuotesReducer, undefined, () =>
    createLiveQuotesState(list, query.data),
  );
  // Adjusted during render (not in an effect) so a render never pairs new codes or a new answer
  // with the state of the old ones.
  const [synced, setSynced] = useState({ key, data: query.data });
  if (synced.key !== key || synced.data !== query.data) {
    setSynced({ key, data: query.data });
    if (synced.key !== key) dispatch({ type: 'codes', codes: list });
    if (query.data) dispatch({ type: 'base', quotes: query.data });
  }

  useQuoteSubscription(
    list,
    (message) => {
      // A newer protocol's ticks might not mean what this client reads into them: poll instead.
      if (!newerProtocol) dispatch({ type: 'message', message, receivedAt: Date.now() });
    },
    socket,
    { enabled: active },
  );

  useEffect(() => {
    if (state.awaitingSnapshot) (socket ?? page?.getQuoteSocket())?.requestSnapshot();
  }, [state.awaitingSnapshot, socket, page]);

  const { refetch } = query;
  const refresh = useCallback(async () => {
    if (active) await refetch();
  }, [active, refetch]);

  let status: LiveQuotesStatus = 'loading';
  if (enabled && list.length === 0) status = 'ready';
  else if (active && (query.isSuccess || state.quotes.size > 0)) status = 'ready';
  else if (active && query.isError) status = 'error';

  return {
    quotes: state.quotes,
    status,
    error: query.error ?? null,
    lastTickAt: newerProtocol ? query.dataUpdatedAt || null : state.lastTickAt,
    refresh,
  };
}
