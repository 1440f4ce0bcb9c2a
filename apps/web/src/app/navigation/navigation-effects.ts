import { isDetailRoute } from '@zhicai/domain';
import { localStore } from '../../platform/session/local-store.ts';
import { sessionStore } from '../../platform/session/session-store.ts';
import { clearKeyRanges } from '../../platform/storage/key-range.ts';
import { browserStorage, type KeyValueStorage, readJson } from '../../platform/storage/web-storage.ts';
import { closeNavigationOverlays } from '../../ui/navigation-overlays.ts';
import { matchRoute } from '../routing/route-match.ts';
import {
  type HistoryAction,
  nextRecentLocations,
  nextRouteHistory,
  type RecentLocation,
} from './route-history.ts';

/** sessionStorage keys written on every navigation. */
export const recentLocationsKey = 'routeRecent';
export const shareUrlKey = 'shareUrl';

export interface NavigationTarget {
  pathname: string;
  search: string;
  /** The full URL of the new page (window.location.href). */
  href: string;
}

export interface NavigationEffectDeps {
  session: KeyValueStorage;
  document: Document;
}

/**
 * Everything that happens on each route change (spec 1 §4 "Route history", spec 2 §2.3 "On every
 * navigation"), in one place so the shell calls it once per location.
 */
export function applyNavigationEffects(
  target: NavigationTarget,
  action: HistoryAction,
  deps: NavigationEffectDeps = { session: browserStorage('session'), document },
): void {
  closeNavigationOverlays(deps.document);

  const local = localStore.getState();
  local.change_lastRouter_pathName(nextRouteHistory(local.routeLast_pathName, target.pathname, action));

  const recent = readJson<RecentLocation[]>(deps.session, recentLocationsKey, []);
  const nextRecent = nextRecentLocations(Array.isArray(recent) ? recent : [], target);
  deps.session.setItem(recentLocationsKey, JSON.stringify(nextRecent));

  deps.session.setItem(shareUrlKey, target.href);

  const isSubject = new URLSearchParams(target.search).get('isSubject');
  sessionStore.getState().set('isSubject', isSubject);

  if (!isDetailRoute(matchRoute(target.pathname)?.entry.name ?? '')) clearKeyRanges(deps.session);

  // Telemetry and the native right-nav type load after first paint; nothing on screen waits for them.
  void import('./report-navigation.ts')
    .then(({ reportNavigation }) => reportNavigation(target.pathname, target.search))
    .catch(() => undefined);
}
