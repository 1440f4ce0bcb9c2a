/**
 * The membership's arithmetic, pure so each rule has its named test (membership-rules.test.ts).
 * Money is integer fen; times ISO-8601 UTC.
 */

export const DAY_MS = 24 * 3600_000;

/** The level in force: a membership whose end has passed reads as 0 (ordinary user). */
export function effectiveVipType(vipType: number, expiresAt: string | null, now: Date): 0 | 1 | 2 {
  if (vipType !== 1 && vipType !== 2) return 0;
  if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime()) return 0;
  return vipType;
}

/**
 * Buying `days` extends from the later of now and the current end, so a renewal before the end
 * loses no day and one after it starts today. The higher of the two levels is kept.
 */
export function extendMembership(
  current: { vipType: number; expiresAt: string | null },
  purchase: { vipType: 1 | 2; days: number },
  now: Date,
): { vipType: 1 | 2; until: string } {
  const level = effectiveVipType(current.vipType, current.expiresAt, now);
  const from =
    level > 0 && current.expiresAt !== null
      ? Math.max(now.getTime(), Date.parse(current.expiresAt))
      : now.getTime();
  return {
    vipType: level === 2 ? 2 : purchase.vipType,
    until: new Date(from + purchase.days * DAY_MS).toISOString(),
  };
}

/** price ÷ days in fen, rounded half up (¥198 a year is ¥0.54 a day). */
export function dailyPrice(price: number, days: number): number {
  return Math.round(price / days);
}

/** What a coupon takes off a price: its amount, but at least 1 fen is always paid. */
export function couponDiscount(couponAmount: number, price: number): number {
  return Math.max(0, Math.min(couponAmount, price - 1));
}

export interface CouponTerms {
  amount: number;
  minAmount: number;
  goodIds: number[] | null;
  validFrom: string;
  validUntil: string;
  usedAt: string | null;
}

export type CouponRefusal = 'used' | 'expired' | 'notYet' | 'otherGood' | 'belowMinimum';

/** Why a coupon cannot pay for a good now, or null when it can. */
export function couponRefusal(
  coupon: CouponTerms,
  good: { id: number; price: number },
  now: Date,
): CouponRefusal | null {
  if (coupon.usedAt !== null) return 'used';
  if (Date.parse(coupon.validUntil) <= now.getTime()) return 'expired';
  if (Date.parse(coupon.validFrom) > now.getTime()) return 'notYet';
  if (coupon.goodIds !== null && !coupon.goodIds.includes(good.id)) return 'otherGood';
  if (good.price < coupon.minAmount) return 'belowMinimum';
  return null;
}

export const couponRefusalText: Record<CouponRefusal, string> = {
  used: '该优惠券已使用',
  expired: '该优惠券已过期',
  notYet: '该优惠券尚未到使用时间',
  otherGood: '该优惠券不适用于所选会员',
  belowMinimum: '未达到该优惠券的使用门槛',
};
