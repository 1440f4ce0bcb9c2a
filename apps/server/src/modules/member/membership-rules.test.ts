import { describe, expect, it } from 'vitest';
import {
  couponDiscount,
  couponRefusal,
  DAY_MS,
  dailyPrice,
  effectiveVipType,
  extendMembership,
} from './membership-rules.ts';

const now = new Date('2026-11-28T02:00:00.000Z');
const later = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

describe('membership rules', () => {
  it('an ended membership reads as ordinary; one without an end holds', () => {
    expect(effectiveVipType(1, later(-1), now)).toBe(0);
    expect(effectiveVipType(1, now.toISOString(), now)).toBe(0);
    expect(effectiveVipType(1, later(1), now)).toBe(1);
    expect(effectiveVipType(2, null, now)).toBe(2);
    expect(effectiveVipType(0, later(5), now)).toBe(0);
  });

  it('a renewal before the end extends from the end', () => {
    expect(extendMembership({ vipType: 1, expiresAt: later(10) }, { vipType: 1, days: 30 }, now)).toEqual({
      vipType: 1,
      until: later(40),
    });
  });

  it('a purchase after the end (or a first one) starts now', () => {
    expect(extendMembership({ vipType: 1, expiresAt: later(-10) }, { vipType: 1, days: 30 }, now).until).toBe(
      later(30),
    );
    expect(extendMembership({ vipType: 0, expiresAt: null }, { vipType: 1, days: 365 }, now).until).toBe(
      later(365),
    );
  });

  it('buying VIP keeps an SVIP in force at SVIP', () => {
    expect(extendMembership({ vipType: 2, expiresAt: later(3) }, { vipType: 1, days: 30 }, now).vipType).toBe(
      2,
    );
  });

  it('the per-day price is fen rounded half up', () => {
    expect(dailyPrice(19800, 365)).toBe(54);
    expect(dailyPrice(2800, 30)).toBe(93);
  });

  it('a coupon never takes the whole price: at least 1 fen is paid', () => {
    expect(couponDiscount(1000, 19800)).toBe(1000);
    expect(couponDiscount(5000, 2800)).toBe(2799);
  });

  it('a coupon is refused when used, expired, not yet valid, for another good or below its threshold', () => {
    const coupon = {
      amount: 1000,
      minAmount: 2800,
      goodIds: [1, 3],
      validFrom: later(-1),
      validUntil: later(1),
      usedAt: null,
    };
    const good = { id: 1, price: 2800 };
    expect(couponRefusal(coupon, good, now)).toBeNull();
    expect(couponRefusal({ ...coupon, usedAt: later(-1) }, good, now)).toBe('used');
    expect(couponRefusal({ ...coupon, validUntil: later(-0.5) }, good, now)).toBe('expired');
    expect(couponRefusal({ ...coupon, validFrom: later(0.5) }, good, now)).toBe('notYet');
    expect(couponRefusal(coupon, { id: 2, price: 6800 }, now)).toBe('otherGood');
    expect(couponRefusal(coupon, { id: 1, price: 2700 }, now)).toBe('belowMinimum');
  });
});
