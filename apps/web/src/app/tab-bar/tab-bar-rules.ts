import type { RouteName } from '@zhicai/contract';
import { type TabRoute, webTabIndex } from '@zhicai/domain';
import { matchRoute } from '../routing/route-match.ts';

/**
 * Tab-bar pages that are not tabs themselves belong to a tab: the 找行业, 看资讯 and 7×24 pages
 * are sections of the stock home, and the stock picker belongs to 选股. Spec 1 §2 does not say
 * which tab they highlight; this is our reading of where they sit in the app.
 */
const sectionOwners: Readonly<Record<string, TabRoute>> = {
  SearchIndustry: 'home',
  ViewingInformation: 'home',
  SevenEleven: 'home',
  'stock-picker': 'chooseindex',
} satisfies Partial<Record<RouteName, TabRoute>>;

/** The web tab index to highlight on a path, or null. */
export function activeTabIndex(pathname: string): number | null {
  const route = matchRoute(pathname)?.entry.name;
  if (!route) return null;
  const owner = sectionOwners[route];
  return webTabIndex(route) ?? (owner ? webTabIndex(owner) : null);
}

/**
 * spec 1 §2: the tab bar shows only on the tab-bar pages (the route table's `tabBar` flag) and never
 * inside the native app.
 */
export function showsTabBar(pathname: string, inNativeApp: boolean): boolean {
  return !inNativeApp && (matchRoute(pathname)?.entry.tabBar ?? false);
}
