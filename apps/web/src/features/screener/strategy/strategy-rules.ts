/** YYYYMMDD → MM-DD, as the strategy lists date a change. */
export function shortDay(day: number | null): string {
  if (day === null) return '--';
  const text = String(day);
  return `${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** The strategy id of a page's `?id=`; null when missing or not a positive integer. */
export function strategyIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A score out of 10 as the diagnosis card prints it: one decimal. */
export function scoreText(score: number): string {
  return score.toFixed(1);
}
