import type { NavigationAction } from '../keep-alive/cache-policy.ts';

/** spec 1 §9: the route history keeps 10 paths; the recent-location memory keeps 2. */
export const routeHistoryLimit = 10;
export const recentLocationLimit = 2;

/** 'LOAD' is the first location of a page load, which the router reports as a POP. */
export type HistoryAction = NavigationAction | 'LOAD';

/**
 * The next routeLast_pathName list (spec 1 §4 "Route history"): a push adds the path, a pop
 * removes the last one, a replace overwrites the last one. A page load adds the path unless it is
 * already the last one (a reload must not count twice).
 */
export function nextRouteHistory(
  paths: readonly string[],
  pathname: string,
  action: HistoryAction,
): string[] {
  switch (action) {
    case 'PUSH':
      return [...paths, pathname].slice(-routeHistoryLimit);
    case 'POP':
      return paths.slice(0, -1);
    case 'REPLACE':
      return [...paths.slice(0, -1), pathname].slice(-routeHistoryLimit);
    case 'LOAD':
      return paths.at(-1) === pathname ? [...paths] : [...paths, pathname].slice(-routeHistoryLimit);
  }
}

export interface RecentLocation {
  pathname: string;
  search: string;
}

/** The last two visited locations, oldest first (spec 2 §2.3). */
export function nextRecentLocations(
  list: readonly RecentLocation[],
  location: RecentLocation,
): RecentLocation[] {
  return [...list, { pathname: location.pathname, search: location.search }].slice(-recentLocationLimit);
}
