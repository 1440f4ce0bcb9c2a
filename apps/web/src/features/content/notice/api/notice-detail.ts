import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../../platform/query/endpoint-query.ts';

/** One announcement by id (GET /api/v2/notice/detail). */
export function noticeDetailOptions(id: number) {
  return endpointQuery('content.noticeDetail', { id }, { staleTime: 30 * 60 * 1000 });
}

export function useNoticeDetail(id: number) {
  return useQuery(noticeDetailOptions(id));
}
