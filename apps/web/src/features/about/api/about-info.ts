import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type AboutInfo = EndpointData<'about.info'>;

/** 关于我们: product text, contacts, ICP filing and disclaimer (GET /api/v2/about/info). */
export const aboutInfoQueryOptions = endpointQuery('about.info', undefined, {
  // Operators edit it a few times a year.
  staleTime: 30 * 60 * 1000,
});

export function useAboutInfo() {
  return useQuery(aboutInfoQueryOptions);
}
