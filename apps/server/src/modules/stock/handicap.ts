import type { Quote } from '@zhicai/contract';
import {
  addCalendarDays,
  type DayBarRow,
  type DayNumber,
  sessionMinutes,
  type TradingMarket,
} from '@zhicai/domain';

/**
 * Pure rules behind the `handicap` call's figures besides the order book (market/order-book.ts):
 * 量比, the 52-week range, the trailing dividend yield and the board lot. Bars are stored rows
 * [day, prevClose, open, high, low, close, volume, amount], unadjusted.
 */

const beijingOffsetMs = 8 * 3600_000;

/** Session minutes elapsed at an instant (Beijing time): 0 before the open, all of them after the close. */
export function elapsedSessionMinutes(market: TradingMarket, time: number): number {
  const minuteOfDay = Math.floor(((time + beijingOffsetMs) % 86_400_000) / 60_000);
  const hhmm = Math.floor(minuteOfDay / 60) * 100 + (minuteOfDay % 60);
  // The first label (09:30) is the opening auction's print, not a minute of trading.
  return Math.max(0, sessionMinutes(market).filter((label) => label <= hhmm).length - 1);
}

/**
 * 量比: today's volume per elapsed minute ÷ the average volume per minute of the 5 trading days
 * before today. Null before the first minute, without 5 earlier days of volume, or for a quote that
 * has not traded today.
 */
export function volumeRatio(quote: Quote, bars: readonly DayBarRow[], market: TradingMarket): number | null {
  const session = sessionMinutes(market).length - 1;
  const elapsed = quote.status === 'closed' ? session : elapsedSessionMinutes(market, quote.time);
  if (elapsed <= 0 || quote.volume <= 0) return null;
  const earlier = bars.filter((row) => row[0] < quote.tradingDay && (row[6] ?? 0) > 0).slice(-5);
  if (earlier.length < 5) return null;
  const average = earlier.reduce((sum, row) => sum + (row[6] ?? 0), 0) / earlier.length / session;
  return Number((quote.volume / Math.min(elapsed, session) / average).toFixed(2));
}

/** The highest high and lowest low of the 52 weeks to the quote's day, today's range included. */
export function range52Weeks(
  quote: Quote,
  bars: readonly DayBarRow[],
): { high: number | null; low: number | null } {
  const from = addCalendarDays(quote.tradingDay, -364);
  let high: number | null = quote.high;
  let low: number | null = quote.low;
  for (const row of bars) {
    if (row[0] < from || row[0] > quote.tradingDay) continue;
    const [, , , rowHigh, rowLow] = row;
    if (rowHigh !== null && (high === null || rowHigh > high)) high = rowHigh;
    if (rowLow !== null && (low === null || rowLow < low)) low = rowLow;
  }
  return { high, low };
}

/** One ex-date read from the bars: the cash paid per old share and the bonus ratio (10送3 → 0.3). */
export interface ExDividend {
  day: DayNumber;
  cashPerShare: number;
  bonus: number;
}

/**
 * The ex-dates in stored bars. An ex-date shows as a day whose prevClose is below the close before
 * it: cash per old share = close before − prevClose × (1 + bonus), with the bonus ratio from the
 * float-share change of that day. The announcements of modules/content read the same payouts.
 */
export function exDividends(
  bars: readonly DayBarRow[],
  shareChanges: readonly [DayNumber, number][],
): ExDividend[] {
  const found: ExDividend[] = [];
  for (let i = 1; i < bars.length; i += 1) {
    const row = bars[i];
    const before = bars[i - 1];
    if (!row || !before) continue;
    const prevClose = row[1];
    const closeBefore = before[5] ?? before[1];
    if (prevClose === null || closeBefore === null || prevClose >= closeBefore) continue;
    const change = shareChanges.findIndex(([day]) => day === row[0]);
    const sharesBefore = change > 0 ? shareChanges[change - 1]?.[1] : undefined;
    const sharesAfter = change >= 0 ? shareChanges[change]?.[1] : undefined;
    const bonus = sharesBefore && sharesAfter ? sharesAfter / sharesBefore - 1 : 0;
    const paid = closeBefore - prevClose * (1 + bonus);
    if (paid > 0 || bonus > 0) found.push({ day: row[0], cashPerShare: Math.max(0, paid), bonus });
  }
  return found;
}

/**
 * 股息率 (TTM): cash paid per share over the 12 months to the quote's day ÷ price, each ex-date's
 * cash divided by (1 + bonus) to read per share held today.
 */
export function trailingDividendYield(
  quote: Quote,
  bars: readonly DayBarRow[],
  shareChanges: readonly [DayNumber, number][],
): number | null {
  if (quote.price === null || quote.price <= 0) return null;
  return dividendYieldOf(trailingDividendCash(quote.tradingDay, bars, shareChanges), quote.price);
}

/** The cash 股息率 (TTM) divides by the price: paid per share held today over the 12 months to `day`. */
export function trailingDividendCash(
  day: DayNumber,
  bars: readonly DayBarRow[],
  shareChanges: readonly [DayNumber, number][],
): number {
  const from = addCalendarDays(day, -364);
  let cash = 0;
  for (const payout of exDividends(bars, shareChanges))
    if (payout.day >= from && payout.day <= day) cash += payout.cashPerShare / (1 + payout.bonus);
  return cash;
}

/** 股息率 as a fraction rounded to 4 decimals (0.0123 is 1.23%). */
export function dividendYieldOf(cash: number, price: number): number {
  return Number((cash / price).toFixed(4));
}

/** Board lots of well-known Hong Kong shares (HKEX); others get a lot by price, as issuers set them. */
const hkLots: Readonly<Record<string, number>> = {
  '00700.HK': 100,
  '09988.HK': 100,
  '03690.HK': 100,
  '00005.HK': 400,
  '01810.HK': 200,
  '00939.HK': 1000,
  '01398.HK': 1000,
  '00941.HK': 500,
  '01299.HK': 200,
  '00388.HK': 100,
  '02318.HK': 500,
  '09618.HK': 50,
  '01211.HK': 500,
};

/**
 * 每手股数: 100 shares on the mainland (A-shares and exchange funds). A Hong Kong issuer sets its own
 * lot; without one on file (the master carries none) the lot is picked from the current price so
 * a lot costs a few thousand HKD, the way most lots are sized.
 */
export function lotSize(code: string, market: TradingMarket, price: number | null): number {
  if (market === 'cn') return 100;
  const known = hkLots[code];
  if (known) return known;
  if (price === null || price >= 50) return 100;
  if (price >= 10) return 500;
  if (price >= 2) return 1000;
  return 2000;
}
