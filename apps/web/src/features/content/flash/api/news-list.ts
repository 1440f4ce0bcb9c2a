import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type EndpointData,
  endpointCursorQuery,
  endpointQuery,
} from '../../../../platform/query/endpoint-query.ts';

export type FlashPage = EndpointData<'content.newsList'>;
export type FlashItem = FlashPage['list'][number];

/** 全部 shows every flash; 重要 those of importance 2 and up (the call's `type`). */
export type FlashFilter = 'all' | 'important';

export const flashPageSize = 30;

// The feed grows while the market runs; pushed flashes show at once, a refetch catches up the rest.
const feedStaleTime = 60 * 1000;

/** The 7×24 timeline, newest first, page by page by cursor (GET /api/v2/news/list). */
export function flashFeedQueryOptions(filter: FlashFilter, code?: string) {
  return endpointCursorQuery(
    'content.newsList',
    { limit: flashPageSize, type: filter === 'important' ? 2 : 1, ...(code ? { code } : {}) },
    { staleTime: feedStaleTime },
  );
}

export function useFlashFeed(filter: FlashFilter, code?: string) {
  return useInfiniteQuery(flashFeedQueryOptions(filter, code));
}

/** The latest flashes about one instrument (a detail page's 新闻 section). */
export function instrumentFlashesQueryOptions(code: string, limit: number) {
  return endpointQuery('content.newsList', { code, limit }, { staleTime: feedStaleTime });
}

export function useInstrumentFlashes(code: string, limit: number) {
  return useQuery(instrumentFlashesQueryOptions(code, limit));
}
