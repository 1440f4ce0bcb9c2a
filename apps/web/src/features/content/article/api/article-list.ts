import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQueryKey } from '../../../../platform/query/endpoint-query.ts';
import { request } from '../../../../platform/request/request.ts';

export type ArticlePage = EndpointData<'content.articleList'>;
export type ArticleSummary = ArticlePage['list'][number];

export const articlePageSize = 20;

/** The cursor of the page after `last`: its last article's id, or none once the list has ended. */
export function nextArticleCursor(last: ArticlePage): number | undefined {
  return last.hasMore ? last.list.at(-1)?.id : undefined;
}

export interface ArticleFilter {
  columnId?: number;
  tag?: string;
}

/**
 * Articles newest first, 20 at a time, paged by `lastId` (GET /api/v2/article/list): a cursor, so a
 * reader scrolling while articles are published sees no article twice.
 */
export function articleListInfiniteOptions(filter: ArticleFilter = {}, enabled = true) {
  const params = { ...filter, limit: articlePageSize };
  return infiniteQueryOptions({
    queryKey: endpointQueryKey('content.articleList', params),
    queryFn: ({ pageParam, signal }) =>
      request(
        'content.articleList',
        { ...params, ...(pageParam === undefined ? {} : { lastId: pageParam }) },
        { signal },
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextArticleCursor,
    enabled,
    // New articles appear a few times a day.
    staleTime: 60 * 1000,
  });
}

export function useArticleList(filter: ArticleFilter = {}, enabled = true) {
  return useInfiniteQuery(articleListInfiniteOptions(filter, enabled));
}
