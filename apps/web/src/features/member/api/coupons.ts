import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The usable coupons (GET /api/v2/coupon/list); reading them marks them seen. */
export function couponsQueryOptions(signedIn: boolean) {
  return endpointQuery('member.coupons', undefined, { enabled: signedIn });
}

export function useCoupons(signedIn: boolean) {
  return useQuery(couponsQueryOptions(signedIn));
}
