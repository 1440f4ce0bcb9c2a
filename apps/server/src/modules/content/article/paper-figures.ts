import type { PaperFigures, PaperMover } from '@zhicai/contract';
import { type DayBarRow, limitPrices, priceLimitRatio } from '@zhicai/domain';
import type { Instrument, InstrumentDirectory } from '../../../market/instrument-directory.ts';

/**
 * The figures of 晨报, 晚报 and 周报, taken from the market's stored day bars with the rules the
 * quote engine and the market summary apply to a session: a change is (close − previous close) /
 * previous close rounded as the quote rounds it, a stock is at its limit when its close reaches the
 * limit price of its board, and turnover is the A-shares' summed amount. A paper therefore quotes
 * the same breadth, turnover and closes the market pages show for that day.
 */

/** The index a paper leads with. */
export const paperIndexCode = '000001.SH';
const moversShown = 5;
const industriesShown = 3;

/** Every stored day bar by instrument code, oldest first. */
export type BarsByCode = ReadonlyMap<string, readonly DayBarRow[]>;

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** The change of a bar as the quote engine computes a quote's chgPct; null when suspended. */
export function barChange(bar: DayBarRow): number | null {
  const [, prevClose, , , , close] = bar;
  if (close === null || prevClose === null || prevClose === 0) return null;
  return round(round(close - prevClose, 4) / prevClose, 6);
}

function barOn(rows: readonly DayBarRow[] | undefined, day: number): DayBarRow | undefined {
  if (!rows) return undefined;
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index];
    if (row && row[0] === day) return row;
    if (row && row[0] < day) return undefined;
  }
  return undefined;
}

/** The change over a run of days: from the first day's previous close to the last day's close. */
function changeOver(rows: readonly DayBarRow[] | undefined, days: readonly number[]): number | null {
  const first = barOn(rows, days[0] ?? 0);
  const last = barOn(rows, days.at(-1) ?? 0);
  if (!first || !last) return null;
  if (days.length === 1) return barChange(first);
  const [, prevClose] = first;
  const close = last[5];
  if (close === null || prevClose === null || prevClose === 0) return null;
  return round((close - prevClose) / prevClose, 6);
}

function limitOf(instrument: Instrument, bar: DayBarRow): 'up' | 'down' | null {
  const [day, prevClose, , , , close] = bar;
  if (close === null || prevClose === null || prevClose <= 0) return null;
  const ratio = priceLimitRatio(instrument.board, instrument.isSt, {
    onDay: day,
    listingDay: instrument.listingDay,
  });
  if (ratio === null) return null;
  const limits = limitPrices(prevClose, ratio);
  if (close >= limits.up) return 'up';
  if (close <= limits.down) return 'down';
  return null;
}

function mover(instrument: Instrument, chgPct: number | null): PaperMover {
  return { code: instrument.code, name: instrument.name, chgPct };
}

function ranked(entries: readonly PaperMover[], count: number, direction: 1 | -1): PaperMover[] {
  return entries
    .filter((entry) => entry.chgPct !== null)
    .sort((a, b) => direction * ((b.chgPct ?? 0) - (a.chgPct ?? 0)) || a.code.localeCompare(b.code))
    .slice(0, count);
}

/**
 * The figures of the trading days `days` (one day for 晨报/晚报, a week for 周报). Breadth and limits
 * of a week count the stocks' change over the week and the limit closes of all its days.
 */
export function paperFigures(
  directory: InstrumentDirectory,
  bars: BarsByCode,
  days: readonly number[],
): PaperFigures {
  const stocks = directory.ofType('capital');
  let rise = 0;
  let fall = 0;
  let flat = 0;
  let limitUp = 0;
  let limitDown = 0;
  let amount = 0;
  const changes: PaperMover[] = [];
  for (const stock of stocks) {
    const rows = bars.get(stock.code);
    for (const day of days) {
      const bar = barOn(rows, day);
      // As the market summary counts a session: suspended shares are left out of every figure.
      if (!bar || bar[5] === null || barChange(bar) === null) continue;
      amount += bar[7] ?? 0;
      const limit = limitOf(stock, bar);
      if (limit === 'up') limitUp += 1;
      if (limit === 'down') limitDown += 1;
    }
    const change = changeOver(rows, days);
    if (change === null) continue;
    if (change > 0) rise += 1;
    else if (change < 0) fall += 1;
    else flat += 1;
    changes.push(mover(stock, change));
  }
  const industries = directory
    .ofType('index_hy')
    .map((industry) => mover(industry, changeOver(bars.get(industry.code), days)));
  const indexInstrument = directory.get(paperIndexCode);
  const indexBar = barOn(bars.get(paperIndexCode), days.at(-1) ?? 0);
  return {
    fromDay: days[0] ?? 0,
    toDay: days.at(-1) ?? 0,
    index: {
      code: paperIndexCode,
      name: indexInstrument?.name ?? '上证指数',
      chgPct: changeOver(bars.get(paperIndexCode), days),
      close: indexBar?.[5] ?? null,
    },
    rise,
    fall,
    flat,
    limitUp,
    limitDown,
    amount,
    leaders: ranked(changes, moversShown, 1),
    laggards: ranked(changes, moversShown, -1),
    leadingIndustries: ranked(industries, industriesShown, 1),
    laggingIndustries: ranked(industries, industriesShown, -1),
  };
}
