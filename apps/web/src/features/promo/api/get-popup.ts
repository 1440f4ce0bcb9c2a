import { useQuery } from '@tanstack/react-query';
import { pathOf, type popupPages } from '@zhicai/contract';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type PopupPage = (typeof popupPages)[number];

/** The active popup of one tab page, or null (spec 1 §2 "Activity popup"). */
export function popupQueryOptions(page: PopupPage) {
  return endpointQuery(
    'promo.popup',
    { page },
    {
      // An activity runs for days; asking once per page per quarter hour is plenty.
      staleTime: 15 * 60 * 1000,
      // A popup is optional decoration: a failure is not worth a retry or an error message.
      retry: false,
    },
  );
}

/** The popup for a page; `page` null (not a popup page) fetches nothing. */
export function usePopup(page: PopupPage | null) {
  return useQuery({ ...popupQueryOptions(page ?? pathOf('home')), enabled: page !== null });
}
