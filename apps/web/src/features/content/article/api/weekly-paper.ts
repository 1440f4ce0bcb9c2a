import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../../platform/query/endpoint-query.ts';

/** The 周报 of the week holding a date, or the latest one (GET /api/v2/article/weeklyPaper). */
export function weeklyPaperQueryOptions(date?: string) {
  return endpointQuery('content.weeklyPaper', date ? { date } : {}, { staleTime: 30 * 60 * 1000 });
}

export function useWeeklyPaper(date?: string) {
  return useQuery(weeklyPaperQueryOptions(date));
}
