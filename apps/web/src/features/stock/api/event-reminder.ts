import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type StockEvents = EndpointData<'stock.eventReminder'>;

/** The next corporate events (GET /api/v2/eventReminder/list); the detail page shows five. */
export function eventReminderQueryOptions(code: string, size = 5) {
  return endpointQuery('stock.eventReminder', { code, size }, { staleTime: 10 * 60 * 1000 });
}

export function useEventReminder(code: string) {
  return useQuery(eventReminderQueryOptions(code));
}
