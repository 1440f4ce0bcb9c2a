import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathOf, type popupPages, type TempPopup } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type PopupPage = (typeof popupPages)[number];

/** The active popup of one tab page, or null (spec 1 §2 "Activity popup"). */
export async function fetchPopup(page: PopupPage, signal?: AbortSignal): Promise<TempPopup | null> {
  return request('promo.popup', { page }, { signal });
}

export function popupQueryOptions(page: PopupPage) {
  return queryOptions({
    queryKey: ['promo', 'popup', page],
    queryFn: ({ signal }) => fetchPopup(page, signal),
    // An activity runs for days; asking once per page per quarter hour is plenty.
    staleTime: 15 * 60 * 1000,
    // A popup is optional decoration: a failure is not worth a retry or an error message.
    retry: false,
  });
}

/** The popup for a page; `page` null (not a popup page) fetches nothing. */
export function usePopup(page: PopupPage | null) {
  return useQuery({ ...popupQueryOptions(page ?? pathOf('home')), enabled: page !== null });
}
