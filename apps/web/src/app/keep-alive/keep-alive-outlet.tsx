import type { RouteEntry } from '@zhicai/contract';
import { Activity, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  type NavigationType,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { msSinceScroll, scrollRestMs } from '../../ui/scroll-rest/index.ts';
import { instanceKey, matchRoute } from '../routing/route-match.ts';
import { nextKeptPages, type PageInstance, pageInstance } from './cache-policy.ts';
import { PageContext } from './page-context.ts';

interface RenderedPage extends PageInstance {
  entry: RouteEntry | null;
  element: ReactNode;
  location: Location;
  navigationType: NavigationType;
}

interface OutletState {
  locationKey: string;
  active: RenderedPage;
  /** Hidden pages kept alive, least recently left first. */
  kept: RenderedPage[];
}

/** The instance key of a location; unknown paths (the 404 page) each get their own. */
export function locationInstanceKey(location: Pick<Location, 'pathname' | 'search'>): string {
  const match = matchRoute(location.pathname);
  return match ? instanceKey(match, location.search) : `notfound:${location.pathname}`;
}

/**
 * The route outlet with keep-alive (spec 2 §2.3) on React's <Activity>: the visible page and every
 * kept page stay mounted, kept ones hidden, so they keep their React state. Which pages are kept is
 * decided by cache-policy.ts. The document is the scroll container; each page's scroll offset is
 * recorded while it is visible and put back when it becomes visible again (a fresh page starts at
 * the top).
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const entry = matchRoute(location.pathname)?.entry ?? null;
  const current: RenderedPage = {
    ...pageInstance(locationInstanceKey(location), entry),
    entry,
    element: outlet,
    location,
    navigationType,
  };

  const [state, setState] = useState<OutletState>({ locationKey: location.key, active: current, kept: [] });
  let { kept } = state;
  if (state.locationKey !== location.key) {
    // Adjusting state while rendering (React's pattern for derived state) keeps the old page from
    // flashing for one frame before the cache catches up with the new location.
    kept = nextKeptPages(state.kept, { from: state.active, to: current, action: navigationType });
    setState({ locationKey: location.key, active: current, kept });
  }

  useScrollMemory(current.key, kept);

  // A stable order by key: React moves nothing when the visible page changes.
  const pages = [...kept.filter((page) => page.key !== current.key), current].sort((a, b) =>
    a.key < b.key ? -1 : 1,
  );

  return pages.map((page) => {
    const active = page.key === current.key;
    const shown = active ? current : page;
    return (
      <Activity key={page.key} mode={active ? 'visible' : 'hidden'}>
        {/* Hidden pages keep seeing the location they were left at, not the visible page's. data-page-key
            names the instance for devtools and the e2e suite. */}
        <LocationContext.Provider value={{ location: shown.location, navigationType: shown.navigationType }}>
          <PageContext.Provider value={{ entry: shown.entry, active }}>
            <div className="page" data-page-key={page.key}>
              {shown.element}
            </div>
          </PageContext.Provider>
        </LocationContext.Provider>
      </Activity>
    );
  });
}

/**
 * Records window.scrollY for the visible page and restores the saved offset when another page
 * becomes visible; offsets of pages that were dropped are forgotten.
 *
 * Reading scrollY lays the page out first (Chromium), so a scroll event only notes that the offset
 * moved: it is read once the scroll has rested, or while rendering a switch to another page, before
 * that page's DOM replaces this one's. A read in every scroll event laid out the rows a windowed list
 * had just mounted inside the scrolled frame (issues 16 and 17: scroll frames p95 ≤ 16.7 ms at 4×).
 */
function useScrollMemory(activeKey: string, kept: readonly PageInstance[]) {
  const positions = useRef(new Map<string, number>());
  const activeRef = useRef(activeKey);
  const shownKey = useRef<string | null>(null);
  const unread = useRef(false);
  if (unread.current && shownKey.current !== null && shownKey.current !== activeKey) {
    unread.current = false;
    positions.current.set(shownKey.current, window.scrollY);
  }

  useEffect(() => {
    // The app restores scroll itself; the browser's own restoration would fight it on back/forward.
    window.history.scrollRestoration = 'manual';
    // One timer for a whole scroll, not an idle callback (and a layout) between every two frames.
    let pending: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      pending = null;
      const since = msSinceScroll();
      if (since < scrollRestMs) {
        pending = setTimeout(read, scrollRestMs - since);
        return;
      }
      if (!unread.current) return;
      unread.current = false;
      positions.current.set(activeRef.current, window.scrollY);
    };
    const record = () => {
      unread.current = true;
      pending ??= setTimeout(read, scrollRestMs);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => {
      window.removeEventListener('scroll', record);
      if (pending !== null) clearTimeout(pending);
    };
  }, []);

  useLayoutEffect(() => {
    activeRef.current = activeKey;
    const live = new Set([activeKey, ...kept.map((page) => page.key)]);
    for (const key of positions.current.keys()) if (!live.has(key)) positions.current.delete(key);
    // Navigations within one instance (a query parameter outside its keys) keep the scroll.
    if (shownKey.current !== activeKey) {
      shownKey.current = activeKey;
      window.scrollTo(0, positions.current.get(activeKey) ?? 0);
    }
  }, [activeKey, kept]);
}
