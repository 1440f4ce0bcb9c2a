/**
 * Daily price limits (涨跌停) of mainland exchanges. Prices are yuan; ratios are fractions (0.1 = 10%).
 * Delisting-period shares and bonds have their own rules and are not covered here.
 */
import type { BadgeMarket } from './market-badge.ts';
import { addCalendarDays, type DayNumber, tradingDaysBetween } from './market-calendar.ts';

/**
 * The day the SSE and SZSE widened the main-board risk-warning (ST/*ST) limit from 5% to 10%
 * (notice of 27 June 2025, in force from 7 July 2025). Before it a main-board ST share moved ±5%.
 */
export const mainBoardStTenPercentFrom: DayNumber = 20250707;

/**
 * From these listing days a new share trades without a limit for its first five trading days: the
 * STAR Market opened under registration on 22 July 2019, ChiNext moved to it on 24 August 2020 and
 * the SSE/SZSE main boards on 10 April 2023 (full registration reform). Earlier listings are
 * treated as unlimited on their first day only: their first-day band (+44%/−36%) is measured from
 * the issue price, which is not a ratio of a previous close.
 */
export const registrationListingFrom: Readonly<Record<'sh' | 'sz' | 'star' | 'chinext', DayNumber>> = {
  star: 20190722,
  chinext: 20200824,
  sh: 20230410,
  sz: 20230410,
};

/** The trading days after listing that carry no limit under registration: the first five. */
export const unlimitedListingDays = 5;

/**
 * Which trading day since listing `onDay` is: 1 on the listing day, 2 the next trading day, and so
 * on; 0 before listing. Only the first few days matter, so a day more than a month after listing
 * returns a lower bound (`unlimitedListingDays` + 1) without walking the calendar.
 */
export function listingTradingDay(listingDay: DayNumber, onDay: DayNumber): number {
  if (onDay < listingDay) return 0;
  // Day numbers (YYYYMMDD) 10,000 apart are a year apart: no calendar needed for a share long listed,
  // which is almost every call (the demo market asks this for every bar it generates).
  if (onDay - listingDay >= 10_000) return unlimitedListingDays + 1;
  // Five mainland trading days never span more than a month, even across the Spring Festival.
  if (onDay > addCalendarDays(listingDay, 31)) return unlimitedListingDays + 1;
  return tradingDaysBetween('cn', listingDay, onDay).length;
}

/** How many first trading days of a new listing on this board carry no limit (0 for none). */
function newListingUnlimitedDays(board: BadgeMarket, listingDay: DayNumber): number {
  switch (board) {
    case 'sh':
    case 'sz':
    case 'star':
    case 'chinext':
      return listingDay >= registrationListingFrom[board] ? unlimitedListingDays : 1;
    case 'bj':
      // The Beijing exchange: no limit on the listing day, ±30% from the second day.
      return 1;
    default:
      return 0;
  }
}

/** When the limit applies: the trading day, and the share's listing day for the new-listing rule. */
export interface LimitDay {
  /** The trading day the limit is for; without it the rules in force before July 2025 apply. */
  onDay?: DayNumber | undefined;
  /** The share's first trading day; without it the share is treated as long listed. */
  listingDay?: DayNumber | undefined;
}

/**
 * Daily price-limit ratio: main boards sh/sz ±10%, star/chinext ±20%, bj ±30%; main-board ST ±5%
 * until 4 July 2025 and ±10% from 7 July 2025 (pass `onDay`); etf/lof ±10%; hk, index, fund
 * (off-exchange) → null (no limit). A new listing has no limit (null) for its first five trading
 * days on the registration boards and for its first day on the Beijing exchange (pass `onDay` and
 * `listingDay`).
 * ST status only narrows the main boards: the STAR Market and ChiNext keep ±20% for ST shares and the
 * Beijing exchange keeps ±30%. ETFs and LOFs are treated as ±10%, although funds tracking STAR or
 * ChiNext indices trade at ±20%; the badge alone cannot tell them apart.
 */
export function priceLimitRatio(board: BadgeMarket, isSt: boolean, when: LimitDay = {}): number | null {
  const { onDay, listingDay } = when;
  if (onDay !== undefined && listingDay !== undefined) {
    const unlimited = newListingUnlimitedDays(board, listingDay);
    const index = listingTradingDay(listingDay, onDay);
    if (index >= 1 && index <= unlimited) return null;
  }
  switch (board) {
    case 'sh':
    case 'sz':
      if (!isSt) return 0.1;
      return onDay !== undefined && onDay >= mainBoardStTenPercentFrom ? 0.1 : 0.05;
    case 'star':
    case 'chinext':
      return 0.2;
    case 'bj':
      return 0.3;
    case 'etf':
    case 'lof':
      return 0.1;
    case 'hk':
    case 'index':
    case 'fund':
      return null;
  }
}

// Prices are carried as integers of 1e-4 yuan and ratios of 1e-4, so the product is an exact integer of
// 1e-8 yuan and rounding half-up never trips over binary fractions (10.05 × 1.1 = 11.055000000000001).
const priceScale = 1e4;
const ratioScale = 1e4;

function roundHalfUpToTick(exactE8: number, tick: number): number {
  const ticksPerYuan = Math.round(1 / tick);
  const tickE8 = (priceScale * ratioScale) / ticksPerYuan;
  const ticks = Math.floor((exactE8 + tickE8 / 2) / tickE8);
  // Dividing an integer by 100 or 1000 gives the closest double to the decimal price.
  return ticks / ticksPerYuan;
}

/**
 * Limit-up/down prices from the previous close, rounded half-up to 0.01 yuan (exchange rule); ETFs/LOF
 * round to 0.001, so pass `tick` 0.001 for them. The tick must divide one yuan (0.01, 0.001).
 * Throws RangeError for a previous close that is not a positive number or a ratio outside 0..1.
 */
export function limitPrices(prevClose: number, ratio: number, tick = 0.01): { up: number; down: number } {
  if (!Number.isFinite(prevClose) || prevClose <= 0)
    throw new RangeError(`invalid previous close: ${prevClose}`);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio >= 1)
    throw new RangeError(`invalid limit ratio: ${ratio}`);
  if (!(tick > 0) || Math.abs(1 / tick - Math.round(1 / tick)) > 1e-9) {
    throw new RangeError(`invalid tick: ${tick}`);
  }
  const price = Math.round(prevClose * priceScale);
  const scaledRatio = Math.round(ratio * ratioScale);
  return {
    up: roundHalfUpToTick(price * (ratioScale + scaledRatio), tick),
    down: roundHalfUpToTick(price * (ratioScale - scaledRatio), tick),
  };
}
