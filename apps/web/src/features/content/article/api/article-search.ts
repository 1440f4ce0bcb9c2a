import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { endpointQueryKey } from '../../../../platform/query/endpoint-query.ts';
import { request } from '../../../../platform/request/request.ts';
import { articlePageSize, nextArticleCursor } from './article-list.ts';

/** Articles whose title, summary or tag holds the keyword (GET /api/v2/article/search), by cursor. */
export function articleSearchInfiniteOptions(keyword: string) {
  const params = { keyword, limit: articlePageSize };
  return infiniteQueryOptions({
    queryKey: endpointQueryKey('content.articleSearch', params),
    queryFn: ({ pageParam, signal }) =>
      request(
        'content.articleSearch',
        { ...params, ...(pageParam === undefined ? {} : { lastId: pageParam }) },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextArticleCursor,
    enabled: keyword.trim() !== '',
    staleTime: 60 * 1000,
  });
}

export function useArticleSearch(keyword: string) {
  return useInfiniteQuery(articleSearchInfiniteOptions(keyword));
}
