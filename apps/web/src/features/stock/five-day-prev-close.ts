import type { DayBarRowWire } from '@zhicai/contract';

/** The minute row fields this rule reads: the trading day (YYYYMMDD) and the price in yuan. */
type MinuteDate = readonly [date: string, price: number | null, ...rest: unknown[]];

/**
 * The 0% line of the five-day (五日) chart: the previous close before the first session shown, so
 * the first day reads as it did on its own 分时 chart and the later days as the change since. The
 * quote's previous close belongs to the last session and so does not serve. The daily history gives
 * it: that day's own prevClose (the exchange's, already adjusted on an ex-dividend day), else the
 * close of the latest trading day before it. Without either, e.g. before the history loads or for a
 * code with no history, the first minute's price stands in.
 */
export function fiveDayPrevClose(
  rows: readonly MinuteDate[],
  dayBars: readonly DayBarRowWire[] | undefined,
): number | null {
  const first = rows.reduce<string | null>(
    (earliest, row) => (earliest === null || row[0] < earliest ? row[0] : earliest),
    null,
  );
  if (first === null) return null;
  const firstDay = Number(first);
  let before: DayBarRowWire | undefined;
  for (const bar of dayBars ?? []) {
    if (bar[0] === firstDay && bar[1] !== null && bar[1] > 0) return bar[1];
    if (bar[0] < firstDay && bar[5] !== null && bar[5] > 0 && (!before || bar[0] > before[0])) before = bar;
  }
  if (before?.[5]) return before[5];
  return rows.find((row) => row[0] === first && row[1] !== null)?.[1] ?? null;
}
