import type { CouponOffer } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { beijingDate, chosenCoupon, couponThreshold, idParam, NO_COUPON, yuan } from './member-rules.ts';

function offer(id: number, discount: number): CouponOffer {
  return {
    id,
    name: `券${id}`,
    amount: discount,
    minAmount: 0,
    goodIds: null,
    status: 'unused',
    validFrom: '2026-11-01T00:00:00.000Z',
    validUntil: '2026-12-01T00:00:00.000Z',
    usedAt: null,
    orderId: null,
    discount,
  };
}

describe('member rules', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(yuan(19800)).toBe('¥198.00');
    expect(yuan(54)).toBe('¥0.54');
    expect(yuan(1)).toBe('¥0.01');
  });

  it('dates a membership end on its Beijing day', () => {
    expect(beijingDate('2026-12-04T16:30:00.000Z')).toBe('2026-12-05');
  });

  it('says a coupon threshold or 无门槛', () => {
    expect(couponThreshold({ minAmount: 2800 })).toBe('满¥28.00可用');
    expect(couponThreshold({ minAmount: 0 })).toBe('无门槛');
  });

  it('reads only positive whole ids from the query', () => {
    expect(idParam('3')).toBe(3);
    expect(idParam('0')).toBeNull();
    expect(idParam('3a')).toBeNull();
    expect(idParam(null)).toBeNull();
  });

  it('applies the chosen coupon, none on purpose, or else the best offer', () => {
    const offers = [offer(7, 5000), offer(9, 1000)];
    expect(chosenCoupon(null, offers)?.id).toBe(7);
    expect(chosenCoupon('9', offers)?.id).toBe(9);
    expect(chosenCoupon(NO_COUPON, offers)).toBeNull();
    // A coupon no longer offered (used meanwhile) is not applied.
    expect(chosenCoupon('5', offers)).toBeNull();
    expect(chosenCoupon(null, [])).toBeNull();
  });
});
