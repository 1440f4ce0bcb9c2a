import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { StockConditionGroup } from '@zhicai/contract';
import {
  type EndpointData,
  endpointInfiniteQuery,
  endpointQuery,
} from '../../../../platform/query/endpoint-query.ts';
import type { ScreenRequest } from '../screen-draft.ts';

export type ScreenCatalogue = EndpointData<'screener.listSelectInfo'>;
export type ScreenResultData = EndpointData<'screener.select'>;
export type ScreenPresetItem = EndpointData<'screener.recommend'>[number];

// The catalogue's live figures (distributions) move with the market; a minute is fresh enough for ranges.
const catalogueStaleTime = 60 * 1000;

/** The condition catalogue (GET select/listSelectInfo). */
export function screenCatalogueQueryOptions() {
  return endpointQuery('screener.listSelectInfo', undefined, { staleTime: catalogueStaleTime });
}

export function useScreenCatalogue() {
  return useQuery(screenCatalogueQueryOptions());
}

/** Presets of one group, or all (GET select/listCommentTags?type=). */
export function useScreenPresets(type?: StockConditionGroup) {
  return useQuery(
    endpointQuery('screener.listCommentTags', type ? { type } : {}, { staleTime: catalogueStaleTime }),
  );
}

/** The recommended screens (GET select/recommend). */
export function useRecommendedScreens() {
  return useQuery(endpointQuery('screener.recommend', undefined, { staleTime: catalogueStaleTime }));
}

/**
 * The live count of a screen (POST select/num). The previous count stays shown while the next one
 * loads, so dragging a slider never blanks it.
 */
export function useScreenCount(request: ScreenRequest | null) {
  return useQuery(
    endpointQuery('screener.num', request ?? { seqFlags: '' }, {
      enabled: request !== null,
      placeholderData: keepPreviousData,
      staleTime: 10 * 1000,
    }),
  );
}

export const screenPageSize = 30;

/** The matching stocks page by page (POST select/select), in the chosen order. */
export function useScreenResult(
  request: ScreenRequest,
  sortFlag: string | undefined,
  sortOrder: 'desc' | 'asc',
) {
  return useInfiniteQuery(
    endpointInfiniteQuery(
      'screener.select',
      { ...request, ...(sortFlag ? { sortFlag } : {}), sortOrder, size: screenPageSize },
      { staleTime: 30 * 1000 },
    ),
  );
}
