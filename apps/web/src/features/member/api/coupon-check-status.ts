import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** Whether the user holds coupons not looked at yet (GET /api/v2/coupon/getCheckStatus). */
export function couponCheckStatusQueryOptions(signedIn: boolean) {
  return endpointQuery('member.couponCheckStatus', undefined, { enabled: signedIn });
}

export function useCouponCheckStatus(signedIn: boolean) {
  return useQuery(couponCheckStatusQueryOptions(signedIn));
}
