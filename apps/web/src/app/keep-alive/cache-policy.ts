import type { CacheWhen, RouteEntry } from '@zhicai/contract';

/**
 * The keep-alive rules of spec 2 §2.3 as pure functions over page instances (see the semantics in
 * contract routes.ts). The outlet renders the current page plus every kept one; these functions
 * decide which are kept after each navigation.
 */

/** How the router moved: PUSH goes deeper, POP is the browser back or forward button, REPLACE swaps. */
export type NavigationAction = 'PUSH' | 'POP' | 'REPLACE';

/** One rendered page instance, as the policy sees it. */
export interface PageInstance {
  /** Canonical pathname plus the values of the route's keys (route-match instanceKey). */
  key: string;
  /** The route's canonical path pattern ('/stock', '/column/:id'); null for an unknown path. */
  routePath: string | null;
  cacheWhen?: CacheWhen;
  dropCacheOn?: readonly string[];
}

export interface Transition<Page extends PageInstance = PageInstance> {
  /** The page being left; null on the first render. */
  from: Page | null;
  to: Page;
  action: NavigationAction;
}

/**
 * Hidden pages kept beyond this are dropped, least recently left first, so long browsing
 * sessions (many stocks opened one after another) cannot grow memory without bound. The spec
 * sets no limit; ten covers the tab pages plus a few detail pages.
 */
export const maxKeptPages = 10;

export function pageInstance(key: string, entry: RouteEntry | null): PageInstance {
  if (!entry) return { key, routePath: null };
  return {
    key,
    routePath: entry.path,
    ...(entry.cacheWhen ? { cacheWhen: entry.cacheWhen } : {}),
    ...(entry.dropCacheOn ? { dropCacheOn: entry.dropCacheOn } : {}),
  };
}

/**
 * Whether a page survives being left: 'always' pages do; 'forward' pages only when left by a PUSH
 * (a POP means the user went back past them, a REPLACE means they left history); other pages never.
 */
export function keptOnLeave(page: PageInstance, action: NavigationAction): boolean {
  if (page.cacheWhen === 'always') return true;
  if (page.cacheWhen === 'forward') return action === 'PUSH';
  return false;
}

/** Whether a PUSH landing on `routePath` drops a kept page (spec 2 §2.3 table). */
export function droppedBy(page: PageInstance, action: NavigationAction, routePath: string | null): boolean {
  return action === 'PUSH' && routePath !== null && (page.dropCacheOn?.includes(routePath) ?? false);
}

/**
 * The kept (hidden) pages after a navigation, least recently left first. The page navigated to is
 * never in the result: it is the visible one (and reuses its kept instance when it had one).
 */
export function nextKeptPages<Page extends PageInstance>(
  kept: readonly Page[],
  { from, to, action }: Transition<Page>,
  limit = maxKeptPages,
): Page[] {
  let next = kept.filter((page) => page.key !== to.key);
  if (from && from.key !== to.key && keptOnLeave(from, action)) {
    next = [...next.filter((page) => page.key !== from.key), from];
  }
  next = next.filter((page) => !droppedBy(page, action, to.routePath));
  return next.length > limit ? next.slice(next.length - limit) : next;
}
