import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type IpoCalendar = EndpointData<'market.ipoCalendar'>;
export type IpoRow = IpoCalendar['listed'][number];

/** 新股日历 (GET /api/v3/ipo/ipoCalendar): the rows carry live prices, so a minute of freshness. */
export const ipoCalendarQueryOptions = endpointQuery(
  'market.ipoCalendar',
  { size: 30 },
  { staleTime: 60 * 1000 },
);

export function useIpoCalendar() {
  return useQuery(ipoCalendarQueryOptions);
}
