import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** 已失效优惠券: used and expired (GET /api/v2/coupon/listUsed). */
export function usedCouponsQueryOptions(signedIn: boolean) {
  return endpointQuery('member.usedCoupons', undefined, { enabled: signedIn });
}

export function useUsedCoupons(signedIn: boolean) {
  return useQuery(usedCouponsQueryOptions(signedIn));
}
