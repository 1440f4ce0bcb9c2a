import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type Banner = EndpointData<'content.bannerList'>[number];

/** The active banners in order (GET /api/v2/banner/list): 看资讯's carousel and the activity page. */
export const bannerListQueryOptions = endpointQuery('content.bannerList', undefined, {
  staleTime: 10 * 60 * 1000,
});

export function useBannerList() {
  return useQuery(bannerListQueryOptions);
}
