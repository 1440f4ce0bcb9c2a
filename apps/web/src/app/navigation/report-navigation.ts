import { analytics } from '../../platform/analytics/analytics.ts';
import { announceRightNav } from '../native/right-nav.ts';

/** The 页面访问 event of spec 1 §4 "Route history" (event_name 页面访问). */
export const pageVisitEvent = '页面访问';

/**
 * What a route change tells others: the page-visit event and page view (when tracking is on) and,
 * inside the native app, the right-nav type. Loaded after first paint (navigation-effects.ts).
 */
export function reportNavigation(pathname: string, search: string): void {
  const query = search.replace(/^\?/, '');
  analytics.track(pageVisitEvent, { path: pathname, query });
  analytics.trackPageView(pathname, query);
  announceRightNav(pathname);
}
