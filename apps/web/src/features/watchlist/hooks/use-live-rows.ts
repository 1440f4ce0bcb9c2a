import { useMemo, useState } from 'react';
import { useQuoteSubscription } from '../../../platform/socket/use-quote-socket.ts';
import type { WatchlistRow } from '../api/watchlist-items.ts';
import { rowAfterQuote, rowAfterTick } from '../watchlist-rules.ts';

/**
 * The rows of the list kept current by the live-quote socket, as the other list pages keep theirs:
 * the rows' codes are subscribed while the page shows them, ticks move price, change and the figures
 * that follow from it (watchlist-rules.ts `movedRow`), snapshots bring whole quotes. The order stays
 * the server's until the list reloads, so a row does not jump under the user's finger.
 */
export function useLiveRows(rows: readonly WatchlistRow[], enabled = true): WatchlistRow[] {
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

  useQuoteSubscription(
    codes,
    (message) => {
      if (message.type !== 'tick' && message.type !== 'snapshot') return;
      setLive((state) => {
        if (state.rows !== rows) return state;
        // Copied on the first row that changes: a tick that moves none of the rows renders nothing.
        let byCode: Map<string, WatchlistRow> | null = null;
        const apply = (code: string, next: (row: WatchlistRow) => WatchlistRow) => {
          const row = (byCode ?? state.byCode).get(code) ?? byServer.get(code);
          if (!row) return;
          const after = next(row);
          if (after === row) return;
          byCode ??= new Map(state.byCode);
          byCode.set(code, after);
        };
        if (message.type === 'tick') {
          for (const tick of message.rows) apply(tick[0], (row) => rowAfterTick(row, tick, message.time));
        } else {
          for (const quote of message.quotes) apply(quote.code, (row) => rowAfterQuote(row, quote));
        }
        return byCode === null ? state : { rows, byCode };
      });
    },
    undefined,
    { enabled: enabled && codes.length > 0 },
  );

  return useMemo(
    () => (current.size === 0 ? [...rows] : rows.map((row) => current.get(row.code) ?? row)),
    [rows, current],
  );
}
