/**
 * Quote prices at the instrument's tick (CONVENTIONS habit 11, issue 15 item 5): A-shares and indices
 * to the fen (2 decimals), exchange-traded funds (ETF, LOF listings) to 0.001 yuan, off-exchange fund
 * NAVs to 4 decimals, and Hong Kong by the HKEX spread table. Where a quote is read as a quote — the
 * header, list rows, 涨停/跌停, the order book — these formatters apply; spec 1 §5's significant-digit
 * `formatPrice` stays for compact figures (axis labels, dense tiles). docs/price-formatting.md lists
 * which place uses which.
 */
import { missingValue } from './format.ts';
import type { InstrumentType } from './instrument.ts';
import { type NumericInput, roundHalfAway, toFiniteNumber } from './numeric.ts';

/** HKEX spread table (Part A): the price step of a Hong Kong share at a price, in HKD. */
export function hkTick(price: number): number {
  if (price < 0.25) return 0.001;
  if (price < 0.5) return 0.005;
  if (price < 10) return 0.01;
  if (price < 20) return 0.02;
  if (price < 100) return 0.05;
  if (price < 200) return 0.1;
  if (price < 500) return 0.2;
  if (price < 1000) return 0.5;
  if (price < 2000) return 1;
  if (price < 5000) return 2;
  return 5;
}

/** The smallest price step of an instrument at a price (yuan, HKD for Hong Kong). */
export function priceTick(type: InstrumentType, price: number): number {
  switch (type) {
    case 'hk':
      return hkTick(price);
    case 'fund_onside':
      return 0.001;
    case 'fund_outside':
    case 'fund_lof':
      return 0.0001;
    default:
      return 0.01;
  }
}

/**
 * Decimals a quote price of this instrument shows: 2 for A-shares and indices, 3 for ETFs and LOF
 * listings, 4 for fund NAVs, and for Hong Kong the decimals of its spread-table step, never fewer
 * than 2 (HKD is quoted to the cent: 腾讯 at 400.20, not 400.2) nor more than 3.
 */
export function priceDecimals(type: InstrumentType, price: number): number {
  if (type === 'hk') return Math.abs(price) < 0.5 ? 3 : 2;
  const tick = priceTick(type, price);
  return tick >= 0.01 ? 2 : tick >= 0.001 ? 3 : 4;
}

/**
 * A quote price at its tick: '2090.00', '4.056', '400.20'; '--' when missing. `type` undefined
 * (not known yet) formats as an A-share.
 */
export function formatQuotePrice(value: NumericInput, type: InstrumentType | undefined): string {
  const price = toFiniteNumber(value);
  if (price === null) return missingValue;
  const decimals = priceDecimals(type ?? 'capital', price);
  return roundHalfAway(price, decimals).toFixed(decimals);
}

/**
 * A price change (涨跌额) at the same precision as the price it belongs to, signed: '+12.35',
 * '-0.003', '0.00'. `price` picks the Hong Kong step (the change of a 400 HKD share shows 2 decimals).
 */
export function formatQuoteChange(
  value: NumericInput,
  type: InstrumentType | undefined,
  price?: NumericInput,
): string {
  const change = toFiniteNumber(value);
  if (change === null) return missingValue;
  const reference = toFiniteNumber(price) ?? change;
  const decimals = priceDecimals(type ?? 'capital', reference);
  const rounded = roundHalfAway(change, decimals);
  const text = rounded.toFixed(decimals);
  return rounded > 0 ? `+${text}` : text;
}
