import { type RouteEntry, routeTable } from '@zhicai/contract';

/** A pathname resolved against the route table. */
export interface RouteMatch {
  entry: RouteEntry;
  /** Values of the `:name` segments, decoded. */
  params: Readonly<Record<string, string>>;
  /** The pathname spelled with the canonical path (an alias such as /stockHK becomes /stockHk). */
  canonicalPathname: string;
}

interface Pattern {
  entry: RouteEntry;
  segments: readonly string[];
}

const splitPath = (path: string) => path.split('/').filter(Boolean);

/** Strips trailing slashes (/stock/ is /stock, as the router treats it); the root slash stays. */
export function normalizePathname(pathname: string): string {
  return pathname.replace(/(?<=.)\/+$/, '');
}

function compile(table: readonly RouteEntry[]) {
  const exact = new Map<string, RouteEntry>();
  const patterns: Pattern[] = [];
  for (const entry of table) {
    for (const path of [entry.path, ...entry.aliases]) {
      if (path.includes('/:')) patterns.push({ entry, segments: splitPath(path) });
      else exact.set(path, entry);
    }
  }
  return { exact, patterns };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(pattern: Pattern, parts: readonly string[]): Record<string, string> | null {
  if (pattern.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of pattern.segments.entries()) {
    const part = parts[i] ?? '';
    if (segment.startsWith(':')) {
      if (part === '') return null;
      params[segment.slice(1)] = decode(part);
    } else if (segment !== part) {
      return null;
    }
  }
  return params;
}

/**
 * Builds a matcher over a route table. Paths are case-sensitive (spec 2 §2.2 lists /LiveStream
 * and /liveStream as distinct spellings); only listed aliases resolve to another entry.
 */
export function createRouteMatcher(table: readonly RouteEntry[]) {
  const { exact, patterns } = compile(table);
  return function matchRoute(pathname: string): RouteMatch | null {
    const path = normalizePathname(pathname);
    const entry = exact.get(path);
    if (entry) return { entry, params: {}, canonicalPathname: entry.path };
    const parts = splitPath(path);
    for (const pattern of patterns) {
      const params = matchPattern(pattern, parts);
      if (params) {
        const canonical = pattern.entry.path.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(params[name] ?? ''),
        );
        return { entry: pattern.entry, params, canonicalPathname: canonical };
      }
    }
    return null;
  };
}

export const matchRoute = createRouteMatcher(routeTable);

/**
 * The keep-alive identity of a page: its canonical pathname plus the values of the entry's `keys`
 * query parameters, in the entry's key order (spec 2 §2.2 "a key to remember the page by").
 */
export function instanceKey(match: RouteMatch, search: string): string {
  const query = new URLSearchParams(search);
  const parts: string[] = [];
  for (const key of match.entry.keys ?? []) {
    const value = query.get(key);
    if (value !== null) parts.push(`${key}=${value}`);
  }
  return parts.length ? `${match.canonicalPathname}?${parts.join('&')}` : match.canonicalPathname;
}
