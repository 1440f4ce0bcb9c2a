import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type Paper = EndpointData<'content.dailyPaper'>;
export type DailyKind = 'morning' | 'evening';

/** 晨报 or 晚报 of a date, or the latest one (GET /api/v2/article/dailyPaper). */
export function dailyPaperQueryOptions(kind: DailyKind, date?: string) {
  return endpointQuery('content.dailyPaper', date ? { kind, date } : { kind }, { staleTime: 5 * 60 * 1000 });
}

export function useDailyPaper(kind: DailyKind, date?: string) {
  return useQuery(dailyPaperQueryOptions(kind, date));
}
