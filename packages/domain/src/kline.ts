/**
 * Daily bar arithmetic on the protocol's dayKV2 rows: price adjustment for corporate actions (复权) and
 * aggregation into weekly and monthly bars. Prices are yuan, volume shares, amount yuan.
 */

/** [date YYYYMMDD, prevClose, open, high, low, close, volume, amount], numbers may be null (protocol.md dayKV2). */
export type DayBarRow = [
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
];
/** sparse [date, factor] pairs, 1 on the first day; back-adjusted price = raw × factor in force */
export type FactorRow = [number, number];
export type AdjustMode = 'none' | 'forward' | 'backward';
export type BarPeriod = 'day' | 'week' | 'month';

function copyRow(row: DayBarRow): DayBarRow {
  return [...row];
}

function scale(value: number | null, multiplier: number): number | null {
  return value === null ? null : value * multiplier;
}

/**
 * 前复权 (forward): price × factorInForce / latestFactor; 后复权 (backward): price × factorInForce;
 * none: as is. Volume and amount are unchanged. prevClose is adjusted with the factor in force on that
 * row's date, because on an ex-date the feed's prevClose is already the exchange's ex-right reference
 * price. A factor is in force from its date on; rows before the first factor row use 1. The forward
 * anchor is the last factor in the table, not the last row's, so every page of history adjusts to the
 * same current price. Full precision is kept: rounding is a display concern.
 */
export function adjustBars(
  rows: readonly DayBarRow[],
  factors: readonly FactorRow[],
  mode: AdjustMode,
): DayBarRow[] {
  if (mode === 'none' || factors.length === 0) return rows.map(copyRow);
  const sorted = [...factors].sort((a, b) => a[0] - b[0]);
  const latest = sorted[sorted.length - 1]?.[1] ?? 1;
  const factorOn = (date: number): number => {
    // Binary search for the last factor dated on or before the row.
    let low = 0;
    let high = sorted.length - 1;
    let found = 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const entry = sorted[middle];
      if (entry === undefined) break;
      if (entry[0] <= date) {
        found = entry[1];
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
  return rows.map(([date, prevClose, open, high, low, close, volume, amount]) => {
    const inForce = factorOn(date);
    const multiplier = mode === 'forward' ? inForce / latest : inForce;
    return [
      date,
      scale(prevClose, multiplier),
      scale(open, multiplier),
      scale(high, multiplier),
      scale(low, multiplier),
      scale(close, multiplier),
      volume,
      amount,
    ];
  });
}

const dayMs = 24 * 60 * 60 * 1000;

/** The Monday of a day's ISO week as YYYYMMDD: the key shared by every day of that Mon–Sun week. */
function isoWeekKey(date: number): number {
  const ms = Date.UTC(Math.floor(date / 10000), (Math.floor(date / 100) % 100) - 1, date % 100);
  const sinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  const monday = new Date(ms - sinceMonday * dayMs);
  return monday.getUTCFullYear() * 10000 + (monday.getUTCMonth() + 1) * 100 + monday.getUTCDate();
}

function periodKey(date: number, period: 'week' | 'month'): number {
  return period === 'week' ? isoWeekKey(date) : Math.floor(date / 100);
}

function extreme(values: readonly (number | null)[], pick: (a: number, b: number) => number): number | null {
  let result: number | null = null;
  for (const value of values) if (value !== null) result = result === null ? value : pick(result, value);
  return result;
}

function sum(values: readonly (number | null)[]): number | null {
  let total: number | null = null;
  for (const value of values) if (value !== null) total = (total ?? 0) + value;
  return total;
}

function combine(group: readonly DayBarRow[]): DayBarRow | null {
  const first = group[0];
  const last = group[group.length - 1];
  if (first === undefined || last === undefined) return null;
  return [
    // A period bar carries the date of its last trading day, so a holiday week ends on its last session.
    last[0],
    first[1],
    group.find((row) => row[2] !== null)?.[2] ?? null,
    extreme(
      group.map((row) => row[3]),
      Math.max,
    ),
    extreme(
      group.map((row) => row[4]),
      Math.min,
    ),
    last[5],
    sum(group.map((row) => row[6])),
    sum(group.map((row) => row[7])),
  ];
}

/**
 * Aggregates daily rows into ISO weeks (Mon–Sun, labelled by the last trading day in it) or calendar
 * months (labelled likewise): open = first open, close = last close, high = max, low = min, prevClose =
 * first row's prevClose, volume/amount summed (null only when every day is null). Rows with a null
 * close (suspended days) are skipped, and a period with no traded day yields no bar. Rows may come in
 * any order; the result is ascending. 'day' returns copies of the rows unchanged.
 */
export function aggregateBars(rows: readonly DayBarRow[], period: BarPeriod): DayBarRow[] {
  if (period === 'day') return rows.map(copyRow);
  const traded = rows.filter((row) => row[5] !== null).sort((a, b) => a[0] - b[0]);
  const bars: DayBarRow[] = [];
  let group: DayBarRow[] = [];
  let groupKey: number | null = null;
  for (const row of traded) {
    const key = periodKey(row[0], period);
    if (key !== groupKey) {
      const bar = combine(group);
      if (bar) bars.push(bar);
      group = [];
      groupKey = key;
    }
    group.push(row);
  }
  const bar = combine(group);
  if (bar) bars.push(bar);
  return bars;
}
