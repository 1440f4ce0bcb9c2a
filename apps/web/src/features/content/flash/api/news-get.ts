import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../../platform/query/endpoint-query.ts';

/** One flash (GET /api/v2/news/jh/get): its detail page and its share card. */
export function flashQueryOptions(id: number) {
  return endpointQuery('content.newsJhGet', { id }, { staleTime: 10 * 60 * 1000 });
}

export function useFlash(id: number | null) {
  return useQuery({ ...flashQueryOptions(id ?? 0), enabled: id !== null });
}
