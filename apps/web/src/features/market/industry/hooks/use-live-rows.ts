import { useMemo } from 'react';
import { useLiveQuotes } from '../../../../platform/quotes/index.ts';
import { type LiveFigures, withLiveQuote } from '../industry-rules.ts';

/** Codes a list follows live at most: the rows on a phone's first screens. */
export const liveRowLimit = 60;

/**
 * Rows (plates, members, ETFs) with their price and change following the live quotes of their codes,
 * the first `liveRowLimit` of them; `refresh` reloads those quotes (pull-to-refresh).
 */
export function useLiveRows<T extends LiveFigures>(rows: readonly T[] | undefined) {
  const codes = useMemo(() => (rows ?? []).slice(0, liveRowLimit).map((row) => row.code), [rows]);
  const live = useLiveQuotes(codes, { enabled: rows !== undefined });
  const merged = useMemo(
    () => (rows ? rows.map((row) => withLiveQuote(row, live.quotes)) : undefined),
    [rows, live.quotes],
  );
  return { rows: merged, refresh: live.refresh, lastTickAt: live.lastTickAt };
}
