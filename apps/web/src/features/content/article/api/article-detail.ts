import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type ArticleDetail = EndpointData<'content.articleDetail'>;

/** One article with its sanitised body (GET /api/v2/article/detail); the server counts the reading. */
export function articleDetailQueryOptions(id: number) {
  return endpointQuery('content.articleDetail', { id }, { staleTime: 5 * 60 * 1000, enabled: id > 0 });
}

export function useArticleDetail(id: number) {
  return useQuery(articleDetailQueryOptions(id));
}
