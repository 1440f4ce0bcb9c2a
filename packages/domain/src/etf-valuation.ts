/**
 * An ETF's indicative NAV and premium (issue 15 item 3). IOPV is what the exchange publishes during
 * the session: the previous NAV moved as the tracked index has moved since its previous close. The
 * premium compares the ETF's price with it. Fractions, not percent; null when a figure is missing.
 */
export function etfIopv(
  previousNav: number | null,
  indexPrice: number | null,
  indexPrevClose: number | null,
): number | null {
  if (previousNav === null || indexPrice === null || !indexPrevClose) return null;
  return Math.round(((previousNav * indexPrice) / indexPrevClose) * 10_000) / 10_000;
}

/** 溢价率: price ÷ IOPV − 1 (positive when the ETF trades above its indicative NAV). */
export function etfPremiumRate(price: number | null, iopv: number | null): number | null {
  if (price === null || !iopv) return null;
  return Math.round((price / iopv - 1) * 1_000_000) / 1_000_000;
}
