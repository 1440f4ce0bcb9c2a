/**
 * What changed in a strategy's results between two runs (issue 18 item 5): pure, so the rule is
 * tested by hand. A code that stays keeps the day it entered; a new one enters on the run's day.
 */
export interface ResultsDiff {
  /** Codes that entered the results on `day`, sorted. */
  entries: string[];
  /** Codes that left the results on `day`, sorted. */
  exits: string[];
  /** The results after the run: each code and the day it entered. */
  holdings: Map<string, number>;
}

export function diffResults(
  previous: ReadonlyMap<string, number>,
  current: Iterable<string>,
  day: number,
): ResultsDiff {
  const holdings = new Map<string, number>();
  const entries: string[] = [];
  for (const code of current) {
    if (holdings.has(code)) continue;
    const since = previous.get(code);
    if (since === undefined) entries.push(code);
    holdings.set(code, since ?? day);
  }
  const exits = [...previous.keys()].filter((code) => !holdings.has(code));
  return { entries: entries.sort(), exits: exits.sort(), holdings };
}

/**
 * The trading day whose close a run reflects: the day itself after its close, else the one before
 * (a run during a session would store half a day's results as that day's).
 */
export function finishedSession(clock: { phase: string; tradingDay: number }, previousDay: number): number {
  return clock.phase === 'afterclose' || clock.phase === 'closed' ? clock.tradingDay : previousDay;
}
