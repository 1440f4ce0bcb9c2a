/**
 * The tab bar (spec 1 §2 "Tab bar"). The web view and the native app number the same six pages
 * differently, so each direction has its own table and both must hold.
 */

/** The six tabs in display order, with their web-view paths. */
export const tabs = [
  { label: '股票', path: '/' },
  { label: '选股', path: '/chooseindex' },
  { label: 'ETF', path: '/etfHome' },
  { label: '基金', path: '/fundHome' },
  { label: '自选', path: '/favorite' },
  { label: '我的', path: '/me' },
] as const;

export type TabPath = (typeof tabs)[number]['path'];

/** spec 1 §2: web-view tab index → path (the display order). */
const webTabPaths: readonly TabPath[] = tabs.map((tab) => tab.path);

/** spec 1 §2: the index the native app uses for each path ("Native app sends index for"). */
const nativeTabPaths: readonly TabPath[] = ['/', '/fundHome', '/favorite', '/chooseindex', '/me', '/etfHome'];

/** spec 1 §2: the tab bar shows only on these paths (and never inside the native app). */
export const tabBarPaths = [
  '/',
  '/SearchIndustry',
  '/ViewingInformation',
  '/SevenEleven',
  '/chooseindex',
  '/etfHome',
  '/fundHome',
  '/favorite',
  '/me',
  '/stock-picker',
] as const;

const tabBarPathList: readonly string[] = tabBarPaths;

/** Whether the web tab bar belongs on a pathname (exact match); the native-app check is the caller's. */
export function isTabBarPath(pathname: string): boolean {
  return tabBarPathList.includes(pathname);
}

function indexOfPath(paths: readonly string[], path: string): number | null {
  const index = paths.indexOf(path);
  return index < 0 ? null : index;
}

/** The web-view path of tab `index` (0–5), or null outside that range. */
export function webTabPath(index: number): TabPath | null {
  return webTabPaths[index] ?? null;
}

/** The web-view tab index of a path, or null when the path is not a tab. */
export function webTabIndex(path: string): number | null {
  return indexOfPath(webTabPaths, path);
}

/** The path the native app means by its tab `index` (0–5), or null outside that range. */
export function nativeTabPath(index: number): TabPath | null {
  return nativeTabPaths[index] ?? null;
}

/** The index to send the native app for a path, or null when the path is not a tab. */
export function nativeTabIndex(path: string): number | null {
  return indexOfPath(nativeTabPaths, path);
}
