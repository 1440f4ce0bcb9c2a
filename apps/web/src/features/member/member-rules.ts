import type { Coupon, CouponOffer, MemberOrder } from '@zhicai/contract';

/** Fen as the app shows money: ¥198.00 (spec: two decimals). */
export function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

/** The Beijing calendar date of an ISO time: 2026-12-05 (memberships end on a Beijing day). */
export function beijingDate(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Beijing date and minute: 2026-11-28 10:31. */
export function beijingMinute(iso: string): string {
  const beijing = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
  return `${beijing.slice(0, 10)} ${beijing.slice(11, 16)}`;
}

export const orderStatusText: Record<MemberOrder['status'], string> = {
  pending: '待支付',
  paid: '已支付',
  closed: '已关闭',
};

export function levelName(vipType: number): string {
  return vipType === 2 ? 'SVIP' : vipType === 1 ? 'VIP' : '普通用户';
}

/** 满¥28.00可用, or 无门槛. */
export function couponThreshold(coupon: Pick<Coupon, 'minAmount'>): string {
  return coupon.minAmount > 0 ? `满${yuan(coupon.minAmount)}可用` : '无门槛';
}

/** A positive whole id from a query parameter, or null. */
export function idParam(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The couponId a link carries for "no coupon": chosen on purpose, not just absent. */
export const NO_COUPON = '0';

/**
 * The coupon a checkout applies: none when the user chose 不使用优惠券 (couponId=0), the one the
 * user chose while it is still offered, and otherwise the best offer (offers come best first).
 */
export function chosenCoupon(couponParam: string | null, offers: readonly CouponOffer[]): CouponOffer | null {
  if (couponParam === NO_COUPON) return null;
  const id = idParam(couponParam);
  if (id !== null) return offers.find((offer) => offer.id === id) ?? null;
  return offers[0] ?? null;
}
