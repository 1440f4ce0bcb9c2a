import { href, type RouteName, routeOf } from '@zhicai/contract';
import { detailPage, type InstrumentType } from '@zhicai/domain';

/**
 * Links to instruments, for every feature: the domain decides which detail page an instrument opens
 * (spec 1 §2, §3), the route table spells it. No feature builds a detail path of its own.
 */

/**
 * The detail page of an instrument: /stock?stockCode=600519.SH, /etfDetails?code=510300.SH,
 * /fundDetails?code=161725.OF&type=fund_lof… `index` is its place in the saved stock list (query
 * `i`), given when the page that links saved that list, so previous/next can walk it.
 */
export function detailHref(code: string, type: InstrumentType, index?: number | null): string {
  const page = detailPage(code, type);
  switch (page.route) {
    case 'fundDetails':
    case 'etfDetails':
      return href(page.route, { code: page.code, type: page.fundType, i: index });
    default:
      return href(page.route, { stockCode: page.code, i: index });
  }
}

/**
 * Whether a pathname is the page of a route, under its path or any alias, exactly as the router
 * matches it (case-sensitive).
 */
export function isPathOf(pathname: string, name: RouteName): boolean {
  const entry = routeOf(name);
  return pathname === entry.path || entry.aliases.includes(pathname);
}

/** Whether a pathname starts with a route's path or an alias (spec 1 §2 names pages by prefix). */
export function startsWithPathOf(pathname: string, name: RouteName): boolean {
  const entry = routeOf(name);
  return [entry.path, ...entry.aliases].some((path) => pathname.startsWith(path));
}
