/**
 * Daily price limits (涨跌停) of mainland exchanges. Prices are yuan; ratios are fractions (0.1 = 10%).
 * Newly listed shares (no limit for the first days), delisting-period shares and bonds have their own
 * rules and are not covered here.
 */
import type { BadgeMarket } from './market-badge.ts';
import type { DayNumber } from './market-calendar.ts';

/**
 * The day the SSE and SZSE widened the main-board risk-warning (ST/*ST) limit from 5% to 10%
 * (revised listing and trading rules announced on 27 June 2025).
 */
export const mainBoardStTenPercentFrom: DayNumber = 20250707;

/**
 * Daily price-limit ratio: main boards sh/sz ±10%, star/chinext ±20%, bj ±30%, ST ±5% (main board ST),
 * etf/lof ±10%; hk, index, fund (off-exchange) → null (no limit).
 * ST status only narrows the main boards: the STAR Market and ChiNext keep ±20% for ST shares and the
 * Beijing exchange keeps ±30%. ETFs and LOFs are treated as ±10%, although funds tracking STAR or
 * ChiNext indices trade at ±20%; the badge alone cannot tell them apart. Without `onDay` a main-board
 * ST share gets the historical ±5%; pass the trading day to apply the 2025 change to ±10%.
 */
export function priceLimitRatio(board: BadgeMarket, isSt: boolean, onDay?: DayNumber): number | null {
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
