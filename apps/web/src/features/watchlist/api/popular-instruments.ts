import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/**
 * Instruments to suggest on an empty watchlist: today's most traded stocks
 * (GET /api/v2/rank/riseFallCapitals?sort=amount), the ones most users would add first.
 */
export function popularInstrumentsQueryOptions(enabled = true) {
  return endpointQuery(
    'market.riseFallCapitals',
    { sort: 'amount', size: 6 },
    { enabled, staleTime: 60 * 1000 },
  );
}

export function usePopularInstruments(enabled = true) {
  return useQuery(popularInstrumentsQueryOptions(enabled));
}
