import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type EndpointData,
  endpointInfiniteQuery,
  endpointQuery,
} from '../../../platform/query/endpoint-query.ts';

export type ConstituentsPage = EndpointData<'index.constituents'>;
export type Constituent = ConstituentsPage['list'][number];
export type ConstituentSort = 'weight' | 'chgPct';
export type SortOrder = 'desc' | 'asc';

export const constituentsPageSize = 20;

// Constituents carry their price and change, which move during the session.
const constituentsStaleTime = 30 * 1000;

/** The heaviest constituents of an index (GET /api/v2/index/constituents, sorted by weight). */
export function topConstituentsQueryOptions(code: string, size = 10) {
  return endpointQuery(
    'index.constituents',
    { code, size, sort: 'weight', order: 'desc' },
    { staleTime: constituentsStaleTime },
  );
}

export function useTopConstituents(code: string) {
  return useQuery(topConstituentsQueryOptions(code));
}

/** Every constituent, 20 a page, in the chosen order. */
export function constituentsInfiniteOptions(code: string, sort: ConstituentSort, order: SortOrder) {
  return endpointInfiniteQuery(
    'index.constituents',
    { code, sort, order, size: constituentsPageSize },
    { staleTime: constituentsStaleTime },
  );
}

export function useConstituents(code: string, sort: ConstituentSort, order: SortOrder) {
  return useInfiniteQuery(constituentsInfiniteOptions(code, sort, order));
}
