import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../../platform/query/endpoint-query.ts';

/** One column's name, author and introduction (GET /api/v2/article/column). */
export function columnDetailQueryOptions(id: number) {
  return endpointQuery('content.columnDetail', { id }, { staleTime: 10 * 60 * 1000, enabled: id > 0 });
}

export function useColumnDetail(id: number) {
  return useQuery(columnDetailQueryOptions(id));
}
