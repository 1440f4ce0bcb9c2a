import { isTabBarPath, webTabIndex } from '@zhicai/domain';

/**
 * Tab-bar pages that are not tabs themselves belong to a tab: the 找行业, 看资讯 and 7×24 pages
 * are sections of the stock home, and the stock picker belongs to 选股. Spec 1 §2 does not say
 * which tab they highlight; this is our reading of where they sit in the app.
 */
const sectionOwners: Readonly<Record<string, string>> = {
  '/SearchIndustry': '/',
  '/ViewingInformation': '/',
  '/SevenEleven': '/',
  '/stock-picker': '/chooseindex',
};

/** The web tab index to highlight on a path, or null. */
export function activeTabIndex(pathname: string): number | null {
  const owner = sectionOwners[pathname];
  return webTabIndex(pathname) ?? (owner ? webTabIndex(owner) : null);
}

/** spec 1 §2: the tab bar shows only on the tab-bar paths and never inside the native app. */
export function showsTabBar(pathname: string, inNativeApp: boolean): boolean {
  return !inNativeApp && isTabBarPath(pathname);
}
