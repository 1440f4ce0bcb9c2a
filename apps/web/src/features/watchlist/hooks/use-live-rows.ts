import type { Quote } from '@zhicai/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useOnScreenSubscription } from '../../../platform/quotes/use-on-screen-quotes.ts';
import type { QuoteSocket } from '../../../platform/socket/quote-socket.ts';
import { afterScroll } from '../../../ui/scroll-rest/index.ts';
import type { WatchlistRow } from '../api/watchlist-items.ts';
import { rowAfterQuote, rowAfterTick } from '../watchlist-rules.ts';

/**
 * The rows of the list kept current by the live-quote socket: the codes of the rows on screen
 * (`onScreen`; a group holds up to 500, a socket takes 200) are subscribed, ticks move price,
 * change and the figures that follow from it (watchlist-rules.ts `movedRow`), snapshots bring whole
 * quotes, and rows that come on screen are brought up to date by a realTime call of their own. A
 * row off screen keeps its last figures. Ticks and snapshots that arrive while the reader scrolls
 * show once the scroll rests (within a second at most), all in one render (afterScroll). The order stays the server's until the list reloads, so a
 * row does not jump under the user's finger.
 */
export function useLiveRows(
  rows: readonly WatchlistRow[],
  onScreen: readonly string[],
  { enabled = true, socket }: { enabled?: boolean; socket?: QuoteSocket } = {},
): WatchlistRow[] {
  const codes = useMemo(() => rows.map((row) => row.code), [rows]);
  const byServer = useMemo(() => new Map(rows.map((row) => [row.code, row])), [rows]);
  // Live values by code, dropped whenever the server's rows change (a reload carries them itself).
  const [live, setLive] = useState<{
    rows: readonly WatchlistRow[];
    byCode: ReadonlyMap<string, WatchlistRow>;
  }>({
    rows,
    byCode: new Map(),
  });
  const current = live.rows === rows ? live.byCode : new Map<string, WatchlistRow>();
  if (live.rows !== rows) setLive({ rows, byCode: current });

  // The codes on screen when a held update is applied. Codes that left the screen stay on the
  // socket and keep ticking, but their rows keep their last figures (they are loaded again when they
  // come back): with the whole list mounted at rest, a tick for all 200 codes would otherwise set
  // the figures of 200 rows and lay them out, a long frame in the middle of a scroll.
  const shown = useRef<ReadonlySet<string>>(new Set());
  shown.current = useMemo(() => new Set(onScreen), [onScreen]);

  /**
   * Applies `next` to the rows of these codes (of those in `only`, when given); a change that moves
   * no row renders nothing.
   */
  const applyAll = <T>(
    items: Iterable<T>,
    codeOf: (item: T) => string,
    next: (row: WatchlistRow, item: T) => WatchlistRow,
    only?: ReadonlySet<string>,
  ) =>
    setLive((state) => {
      if (state.rows !== rows) return state;
      // Copied on the first row that changes.
      let byCode: Map<string, WatchlistRow> | null = null;
      for (const item of items) {
        const code = codeOf(item);
        if (only && !only.has(code)) continue;
        const row = (byCode ?? state.byCode).get(code) ?? byServer.get(code);
        if (!row) continue;
        const after = next(row, item);
        if (after === row) continue;
        byCode ??= new Map(state.byCode);
        byCode.set(code, after);
      }
      return byCode === null ? state : { rows, byCode };
    });
  const applyQuotes = (quotes: readonly Quote[], only?: ReadonlySet<string>) =>
    // A quote older than the row's figures (a tick came first) is old news.
    applyAll(
      quotes,
      (quote) => quote.code,
      (row, quote) => (row.time !== null && quote.time < row.time ? row : rowAfterQuote(row, quote)),
      only,
    );

  const [held] = useState(afterScroll);
  useEffect(() => () => held.cancel(), [held]);
  useOnScreenSubscription(
    onScreen,
    (message) => {
      if (message.type === 'tick')
        held.run(() =>
          applyAll(
            message.rows,
            (tick) => tick[0],
            (row, tick) => rowAfterTick(row, tick, message.time),
            shown.current,
          ),
        );
      else if (message.type === 'snapshot') held.run(() => applyQuotes(message.quotes, shown.current));
    },
    {
      socket,
      enabled: enabled && codes.length > 0,
      loaded: codes,
      onFetched: (quotes) => applyQuotes(quotes),
    },
  );

  return useMemo(
    () => (current.size === 0 ? [...rows] : rows.map((row) => current.get(row.code) ?? row)),
    [rows, current],
  );
}
