import type { DayBarRow, DayNumber } from '@zhicai/domain';
import type { NorthBoundHoldings, NorthBoundShare } from '../provider.ts';
import { hashUnit } from './price-model.ts';

/**
 * North-bound holdings (陆股通/北向持股) of the demo market (MarketProvider.northBoundHoldings).
 * Only shares Stock Connect admits hold any: Shanghai and Shenzhen main-board stocks, not ST, of at
 * least CONNECT_MIN_CAP total market value at the close (large and mid caps). A stock's holding, as
 * a share of its float, drifts slowly around a level of its own: two slow waves (about a quarter and
 * a month long) and a small daily wobble, all drawn from the stock's code, so every start and every
 * machine sees the same holdings and a holding on one day is close to the day before.
 */

/** Total market value (yuan) from which a main-board share is in Stock Connect. */
export const CONNECT_MIN_CAP = 8e9;

/** Whether Stock Connect admits the share at a close price. */
export function isConnectEligible(
  stock: Pick<NorthBoundShare, 'board' | 'isSt' | 'totalShares'>,
  close: number | null,
): boolean {
  if (stock.board !== 'sh' && stock.board !== 'sz') return false;
  if (stock.isSt || stock.totalShares === null || close === null) return false;
  return close * stock.totalShares >= CONNECT_MIN_CAP;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a YYYYMMDD day: the waves' clock. */
function dayOrdinal(day: DayNumber): number {
  return Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100) / dayMs;
}

/**
 * The north-bound holding of a share on a day, in percent of its float shares (0.3%–12%): the
 * stock's level, moved by the two waves (±30% and ±6% of it) and a ±0.5% daily wobble.
 */
export function holdingRatio(code: string, day: DayNumber): number {
  const level = 0.5 + 7.5 * hashUnit(`north|level|${code}`) ** 2;
  const t = dayOrdinal(day);
  const slow = Math.sin((2 * Math.PI * t) / 91 + 2 * Math.PI * hashUnit(`north|slow|${code}`));
  const month = Math.sin((2 * Math.PI * t) / 29 + 2 * Math.PI * hashUnit(`north|month|${code}`));
  const wobble = hashUnit(`north|day|${code}|${day}`) - 0.5;
  const ratio = level * (1 + 0.3 * slow + 0.06 * month + 0.01 * wobble);
  return Math.min(12, Math.max(0.3, ratio));
}

/**
 * A share's north-bound holdings on `day` from its day bars (oldest first): eligible by that day's
 * close; the changes compare with the trading day 5 and 20 bars before, null when the history is
 * shorter.
 */
export function demoNorthBoundHoldings(
  stock: NorthBoundShare,
  rows: readonly DayBarRow[],
  day: DayNumber,
): NorthBoundHoldings | null {
  let last = rows.length - 1;
  while (last >= 0 && (rows[last]?.[0] ?? 0) > day) last -= 1;
  const bar = rows[last];
  if (!bar || !isConnectEligible(stock, bar[5]) || stock.floatShares === null) return null;
  const ratio = holdingRatio(stock.code, bar[0]);
  const change = (back: number) => {
    const earlier = rows[last - back];
    return earlier ? ratio - holdingRatio(stock.code, earlier[0]) : null;
  };
  return {
    ratio,
    shares: Math.round((ratio / 100) * stock.floatShares),
    ratioChange5: change(5),
    ratioChange20: change(20),
  };
}
