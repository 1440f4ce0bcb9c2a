import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ResearchRating } from '@zhicai/contract';
import {
  type EndpointData,
  endpointCursorQuery,
  endpointQuery,
} from '../../../../platform/query/endpoint-query.ts';

export type ResearchPage = EndpointData<'content.researchList'>;
export type Research = ResearchPage['list'][number];

export interface ResearchFilter {
  code?: string | undefined;
  industry?: string | undefined;
  rating?: ResearchRating | undefined;
  institution?: string | undefined;
}

const researchStaleTime = 5 * 60 * 1000;

/** Research reports on a stock, an industry or the market, 20 a page by cursor. */
export function researchListOptions(filter: ResearchFilter) {
  const params = Object.fromEntries(Object.entries(filter).filter(([, value]) => value));
  return endpointCursorQuery(
    'content.researchList',
    { size: 20, ...params },
    { staleTime: researchStaleTime },
  );
}

export function useResearchList(filter: ResearchFilter) {
  return useInfiniteQuery(researchListOptions(filter));
}

/** The latest few on a stock, for its detail page's 研报 section. */
export function latestResearchOptions(code: string, size: number) {
  return endpointQuery('content.researchList', { code, size }, { staleTime: researchStaleTime });
}

export function useLatestResearch(code: string, size = 3) {
  return useQuery(latestResearchOptions(code, size));
}
