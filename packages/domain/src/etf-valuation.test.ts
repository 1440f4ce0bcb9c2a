import { describe, expect, it } from 'vitest';
import { etfIopv, etfPremiumRate } from './etf-valuation.ts';

describe('etfIopv', () => {
  it('moves the previous NAV as the index has moved since its previous close', () => {
    // 沪深300 4,500 → 4,545 (+1%): a 4.5000 NAV is worth 4.5450 now.
    expect(etfIopv(4.5, 4545, 4500)).toBe(4.545);
  });

  it('is unknown without the previous NAV or the index', () => {
    expect(etfIopv(null, 4545, 4500)).toBeNull();
    expect(etfIopv(4.5, null, 4500)).toBeNull();
    expect(etfIopv(4.5, 4545, 0)).toBeNull();
  });
});

describe('etfPremiumRate', () => {
  it('is the price over the IOPV less one', () => {
    expect(etfPremiumRate(4.554, 4.545)).toBeCloseTo(0.00198, 5);
    expect(etfPremiumRate(4.5, 4.545)).toBeCloseTo(-0.0099, 4);
  });

  it('is unknown without a price or an IOPV', () => {
    expect(etfPremiumRate(null, 4.5)).toBeNull();
    expect(etfPremiumRate(4.5, null)).toBeNull();
  });
});
