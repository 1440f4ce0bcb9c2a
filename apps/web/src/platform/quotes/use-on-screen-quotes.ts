import { useQuery } from '@tanstack/react-query';
import type { Quote } from '@zhicai/contract';
import { startTransition, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { usePageSocketModule } from '../socket/page-socket.ts';
import { maxCodesPerSocket, type QuoteListener, type QuoteSocket } from '../socket/quote-socket.ts';
import { useQuoteSubscription } from '../socket/use-quote-socket.ts';
import { createLiveQuotesState, liveQuotesReducer } from './quote-merge.ts';
import { liveQuotesQueryOptions, pollingIntervalMs } from './use-live-quotes.ts';

/** A code answered (by realTime or its list) this recently (ms) needs no call when it comes on screen. */
const freshMs = pollingIntervalMs;

export interface OnScreenQuotesOptions {
  /** The socket to use; the page's socket by default (tests pass a fake-backed one). */
  socket?: QuoteSocket;
  enabled?: boolean;
  /**
   * The codes whose figures the list itself has just brought (the watchlist's rows): a new array is
   * a new load, and its codes need no realTime call as they come on screen while still fresh.
   */
  loaded?: readonly string[];
  /** The quotes a realTime call brought for codes that came on screen, to merge. */
  onFetched?: (quotes: readonly Quote[]) => void;
}

interface Followed {
  /** The codes on screen, joined. */
  key: string;
  loaded: readonly string[] | undefined;
  /** Epoch ms each code's figures were last brought, while it has not left the screen since. */
  answered: ReadonlyMap<string, number>;
  /** The codes that came on screen without fresh figures: one realTime call for them. */
  entered: readonly string[];
}

/** The codes on screen, each once and no more than one connection holds. */
function capped(codes: readonly string[]): string[] {
  return [...new Set(codes)].slice(0, maxCodesPerSocket);
}

/**
 * Live quotes for the rows of a long list that are on screen (a 500-item watchlist, a thousand
 * flashes' chips), where following every row would pass the socket's 200 codes: the codes on screen
 * are subscribed (the windowed list reports them once a scroll settles), and the codes that come on
 * screen are loaded by one realTime call of their own, merged by `onFetched`, rather than a call
 * for the whole list. Codes that leave the screen are left on the socket; what the page shows of
 * them is the caller's, so they keep their last figures.
 */
export function useOnScreenSubscription(
  codes: readonly string[],
  onMessage: QuoteListener,
  { socket, enabled = true, loaded, onFetched }: OnScreenQuotesOptions = {},
): void {
  const onScreen = useMemo(() => capped(codes), [codes]);
  const key = onScreen.join(',');
  const [followed, setFollowed] = useState<Followed>({
    key: '',
    loaded: undefined,
    answered: new Map(),
    entered: [],
  });
  // Adjusted during render, so the call for the codes that came on screen starts with this render.
  if (followed.key !== key || followed.loaded !== loaded) {
    const now = Date.now();
    const before = new Set(followed.key === '' ? [] : followed.key.split(','));
    const shown = new Set(onScreen);
    const answered = new Map(followed.answered);
    if (followed.loaded !== loaded) for (const code of loaded ?? []) answered.set(code, now);
    // A code that left the screen missed its ticks: it is loaded again when it comes back.
    for (const code of before) if (!shown.has(code)) answered.delete(code);
    const entered = onScreen.filter((code) => {
      const at = answered.get(code);
      return at === undefined || (!before.has(code) && now - at > freshMs);
    });
    setFollowed({ key, loaded, answered, entered });
  }

  // New figures for a screen of rows render as a transition, which React slices between frames: a
  // tick or a batch that arrives while the reader scrolls does not hold up a scrolled frame (the
  // scroll itself renders rows as a transition too, see useWindowedList).
  useQuoteSubscription(onScreen, (message) => startTransition(() => onMessage(message)), socket, {
    enabled: enabled && onScreen.length > 0,
  });

  const { entered } = followed;
  const query = useQuery({ ...liveQuotesQueryOptions(entered), enabled: enabled && entered.length > 0 });
  const latest = useRef(onFetched);
  latest.current = onFetched;
  useEffect(() => {
    const quotes = query.data;
    if (!quotes) return;
    startTransition(() => latest.current?.(quotes));
    const now = Date.now();
    const brought = new Set(query.data.map((quote) => quote.code));
    setFollowed((current) => {
      const answered = new Map(current.answered);
      for (const code of current.entered) if (brought.has(code)) answered.set(code, now);
      return { ...current, answered, entered: [] };
    });
  }, [query.data]);
}

/**
 * The quotes of the codes on screen, kept live as useOnScreenSubscription describes, and the last
 * figures of every code that has been on screen (a chip scrolled past keeps its change, not `--`).
 */
export function useOnScreenQuotes(
  codes: readonly string[],
  { socket, enabled = true }: Pick<OnScreenQuotesOptions, 'socket' | 'enabled'> = {},
): ReadonlyMap<string, Quote> {
  const [state, dispatch] = useReducer(liveQuotesReducer, undefined, () => createLiveQuotesState([]));
  // Every code seen so far is followed, so none is forgotten when it leaves the screen.
  const unseen = codes.filter((code) => !state.codes.has(code));
  if (unseen.length > 0) dispatch({ type: 'codes', codes: [...state.codes, ...unseen] });
  const page = usePageSocketModule(enabled && socket === undefined);

  useOnScreenSubscription(
    codes,
    (message) => dispatch({ type: 'message', message, receivedAt: Date.now() }),
    {
      socket,
      enabled,
      onFetched: (quotes) => dispatch({ type: 'base', quotes }),
    },
  );

  useEffect(() => {
    if (state.awaitingSnapshot) (socket ?? page?.getQuoteSocket())?.requestSnapshot();
  }, [state.awaitingSnapshot, socket, page]);

  return state.quotes;
}
