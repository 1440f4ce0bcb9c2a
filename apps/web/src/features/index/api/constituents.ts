import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type ConstituentsPage = DatasOf<typeof api.index.constituents>;
export type Constituent = ConstituentsPage['list'][number];
export type ConstituentSort = 'weight' | 'chgPct';
export type SortOrder = 'desc' | 'asc';

export const constituentsPageSize = 20;

/** The heaviest constituents of an index (GET /api/v2/index/constituents, sorted by weight). */
export function topConstituentsQueryOptions(code: string, size = 10) {
  return queryOptions({
    queryKey: ['index', 'constituents', code, 'top', size],
    queryFn: ({ signal }): Promise<ConstituentsPage> =>
      request('index.constituents', { code, size, sort: 'weight', order: 'desc' }, { signal }),
    staleTime: 30 * 1000,
  });
}

export function useTopConstituents(code: string) {
  return useQuery(topConstituentsQueryOptions(code));
}

/** Every constituent, 20 a page, in the chosen order. */
export function constituentsInfiniteOptions(code: string, sort: ConstituentSort, order: SortOrder) {
  return infiniteQueryOptions({
    queryKey: ['index', 'constituents', code, sort, order],
    queryFn: ({ signal, pageParam }): Promise<ConstituentsPage> =>
      request(
        'index.constituents',
        { code, sort, order, page: pageParam, size: constituentsPageSize },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
    staleTime: 30 * 1000,
  });
}

export function useConstituents(code: string, sort: ConstituentSort, order: SortOrder) {
  return useInfiniteQuery(constituentsInfiniteOptions(code, sort, order));
}
