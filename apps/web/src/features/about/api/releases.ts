import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type Release = EndpointData<'about.releases'>[number];

/** Every release, newest first (GET /api/v2/about/releases); 关于我们 shows the newest one's version. */
export const releasesQueryOptions = endpointQuery('about.releases', undefined, {
  staleTime: 30 * 60 * 1000,
});

export function useReleases() {
  return useQuery(releasesQueryOptions);
}
