/**
 * The tab bar (spec 1 §2 "Tab bar"). The web view and the native app number the same six pages
 * differently, so each direction has its own table and both must hold. Pages are named by route
 * (the contract's route table holds their paths and which pages show the bar); the web checks at
 * compile time that each name is a route of the table (apps/web/src/platform/links.test-d.ts).
 */

/** The six tabs in display order, with the route each opens. */
export const tabs = [
  { label: '股票', route: 'home' },
  { label: '选股', route: 'chooseindex' },
  { label: 'ETF', route: 'etfHome' },
  { label: '基金', route: 'fundHome' },
  { label: '自选', route: 'favorite' },
  { label: '我的', route: 'me' },
] as const;

export type TabRoute = (typeof tabs)[number]['route'];

/** spec 1 §2: web-view tab index → route (the display order). */
const webTabRoutes: readonly TabRoute[] = tabs.map((tab) => tab.route);

/** spec 1 §2: the index the native app uses for each route ("Native app sends index for"). */
const nativeTabRoutes: readonly TabRoute[] = ['home', 'fundHome', 'favorite', 'chooseindex', 'me', 'etfHome'];

function indexOfRoute(routes: readonly string[], route: string): number | null {
  const index = routes.indexOf(route);
  return index < 0 ? null : index;
}

/** The route of web tab `index` (0–5), or null outside that range. */
export function webTabRoute(index: number): TabRoute | null {
  return webTabRoutes[index] ?? null;
}

/** The web-view tab index of a route, or null when the route is not a tab. */
export function webTabIndex(route: string): number | null {
  return indexOfRoute(webTabRoutes, route);
}

/** The route the native app means by its tab `index` (0–5), or null outside that range. */
export function nativeTabRoute(index: number): TabRoute | null {
  return nativeTabRoutes[index] ?? null;
}

/** The index to send the native app for a route, or null when the route is not a tab. */
export function nativeTabIndex(route: string): number | null {
  return indexOfRoute(nativeTabRoutes, route);
}
