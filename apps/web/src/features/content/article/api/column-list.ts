import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type ArticleColumn = EndpointData<'content.columnList'>[number];

/** Every column (GET /api/v2/article/columnList): the 看资讯 row and the 最新文章 tabs. */
export const columnListQueryOptions = endpointQuery('content.columnList', undefined, {
  staleTime: 10 * 60 * 1000,
});

export function useColumnList() {
  return useQuery(columnListQueryOptions);
}
