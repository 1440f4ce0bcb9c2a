import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type StockEvents = DatasOf<typeof api.stock.eventReminder>;

/** The next corporate events (GET /api/v2/eventReminder/list); the detail page shows five. */
export function eventReminderQueryOptions(code: string, size = 5) {
  return queryOptions({
    queryKey: ['stock', 'eventReminder', code, size],
    queryFn: ({ signal }): Promise<StockEvents> => request('stock.eventReminder', { code, size }, { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

export function useEventReminder(code: string) {
  return useQuery(eventReminderQueryOptions(code));
}
