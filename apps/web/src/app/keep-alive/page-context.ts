import type { RouteEntry } from '@zhicai/contract';
import { createContext, useContext } from 'react';

/** What a page rendered by the keep-alive outlet knows about itself. */
export interface PageContextValue {
  /** The route-table entry; null on the catch-all 404. */
  entry: RouteEntry | null;
  /** False while the page is kept hidden behind another one. */
  active: boolean;
}

export const PageContext = createContext<PageContextValue>({ entry: null, active: true });

export function usePage(): PageContextValue {
  return useContext(PageContext);
}
