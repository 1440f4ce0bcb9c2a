import type { CouponOffer, MemberGood } from '@zhicai/contract';
import { useCouponOffer } from '../api/coupon-offer.ts';
import { useGoods } from '../api/goods.ts';
import { chosenCoupon, idParam } from '../member-rules.ts';

export interface Checkout {
  goods: ReturnType<typeof useGoods>;
  /** The good being bought: the one the link names, else the recommended one, else the first. */
  good: MemberGood | null;
  offers: ReturnType<typeof useCouponOffer>;
  coupon: CouponOffer | null;
  /** Fen to pay. */
  total: number | null;
}

/**
 * What a checkout shows (会员价格 and 开通会员 alike): the good, the coupon (the user's choice or
 * the best offer) and the amount, from the same calls the server prices the order with.
 */
export function useCheckout(
  goodParam: string | null,
  couponParam: string | null,
  signedIn: boolean,
): Checkout {
  const goods = useGoods();
  const wanted = idParam(goodParam);
  const list = goods.data ?? [];
  const good =
    list.find((item) => item.id === wanted) ??
    (wanted === null ? (list.find((item) => item.recommended) ?? list[0] ?? null) : null);
  const offers = useCouponOffer(good?.id ?? null, signedIn);
  const coupon = chosenCoupon(couponParam, offers.data ?? []);
  return { goods, good, offers, coupon, total: good ? good.price - (coupon?.discount ?? 0) : null };
}
