import { useInfiniteQuery } from '@tanstack/react-query';
import type { FundConditionSet } from '@zhicai/contract';
import { type EndpointData, endpointInfiniteQuery } from '../../../../platform/query/endpoint-query.ts';

export type FundScreenPage = EndpointData<'screener.fundSelect'>;
export type FundScreenRow = FundScreenPage['list'][number];

export interface FundScreenSort {
  sortFlag?: string;
  order: 'desc' | 'asc';
}

/** The funds a condition set matches, sorted and read page by page (POST /api/v2/fundSelect/select). */
export function useFundScreen(conditions: FundConditionSet, sort: FundScreenSort, enabled = true) {
  return useInfiniteQuery(
    endpointInfiniteQuery(
      'screener.fundSelect',
      { ...conditions, ...sort, size: 20 },
      { staleTime: 60 * 1000, enabled },
    ),
  );
}
