import type { InstrumentType } from './instrument.ts';
import { formatQuotePrice, priceTick } from './price-tick.ts';

/** What a price alert's target is checked against: the instrument and today's limits. */
export interface PriceTargetContext {
  type: InstrumentType;
  /** Today's 涨停 / 跌停 prices; null where the instrument has none (Hong Kong, indices, funds). */
  limitUp: number | null;
  limitDown: number | null;
  /** The latest price, when known: a line to rise to lies above it, a line to fall to below it. */
  price?: number | null;
}

/**
 * Why a price alert's target cannot be reached, in Chinese for the editor and the API's 400, or null
 * when it is a price the instrument can trade at: positive, on its tick (the fen for A-shares, 0.001
 * for ETFs, the HKEX spread table for Hong Kong), and within today's limits where it has them (a
 * target beyond 涨停 could never fire today; issue 16 item 9), and on the side of the current price
 * its direction names (a line to rise to that is already below the price would fire at once).
 */
export function priceTargetProblem(
  target: number,
  context: PriceTargetContext,
  direction?: 'above' | 'below',
): string | null {
  if (!Number.isFinite(target) || target <= 0) return '请输入大于 0 的价格';
  const tick = priceTick(context.type, target);
  const steps = target / tick;
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return `价格须为最小变动单位 ${tick} 的整数倍`;
  if (context.limitUp !== null && target > context.limitUp + tick / 2) {
    return `不能高于涨停价 ${formatQuotePrice(context.limitUp, context.type)}`;
  }
  if (context.limitDown !== null && target < context.limitDown - tick / 2) {
    return `不能低于跌停价 ${formatQuotePrice(context.limitDown, context.type)}`;
  }
  const price = context.price ?? null;
  if (direction === 'above' && price !== null && target <= price) {
    return `需高于当前价 ${formatQuotePrice(price, context.type)}`;
  }
  if (direction === 'below' && price !== null && target >= price) {
    return `需低于当前价 ${formatQuotePrice(price, context.type)}`;
  }
  return null;
}
