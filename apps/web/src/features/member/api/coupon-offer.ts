import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The coupons usable for one good, best first (GET /api/v2/coupon/offer). */
export function couponOfferQueryOptions(goodId: number | null, signedIn: boolean) {
  return endpointQuery(
    'member.couponOffer',
    { goodId: goodId ?? 0 },
    { enabled: signedIn && goodId !== null },
  );
}

export function useCouponOffer(goodId: number | null, signedIn: boolean) {
  return useQuery(couponOfferQueryOptions(goodId, signedIn));
}
