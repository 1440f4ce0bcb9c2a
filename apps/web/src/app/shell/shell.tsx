import { Suspense, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AlertBanner } from '../../features/alert/index.ts';
import { IntegralPrompt } from '../../features/points/index.ts';
import { ActivityPopup } from '../../features/promo/index.ts';
import { documentTitle } from '../../platform/brand.ts';
import { isInNativeApp } from '../../platform/environment.ts';
import { useLocalState } from '../../platform/session/local-store.ts';
import { useMemoryState } from '../../platform/session/memory-store.ts';
import { OptionalBoundary } from '../../ui/optional-boundary.tsx';
import { KeepAliveOutlet } from '../keep-alive/keep-alive-outlet.tsx';
import { useNavigationEffects } from '../navigation/use-navigation-effects.ts';
import { matchRoute } from '../routing/route-match.ts';
import { TabBar } from '../tab-bar/tab-bar.tsx';
import { showsTabBar } from '../tab-bar/tab-bar-rules.ts';
import './shell.css';

/** The page title for document.title: the home page shows the brand alone. */
function pageTitle(pathname: string): string | null {
  const entry = matchRoute(pathname)?.entry;
  if (!entry) return '页面不存在';
  return entry.name === 'home' ? null : entry.title;
}

/** The app frame around every page: kept-alive pages, the tab bar, the activity popup and alert banners. */
export function Shell() {
  const { pathname } = useLocation();
  const [inNativeApp] = useState(() => isInNativeApp());
  const withTabBar = showsTabBar(pathname, inNativeApp);
  // Navigations run as transitions: `pathname` stays the old page's until the next page's chunk has
  // arrived. A tapped tab is marked at once, and the page under it shows that the next one is loading,
  // instead of a tap that seems to do nothing on a slow network. The tap is pending while the
  // location it was made on is still the one shown; any navigation that lands ends it.
  const [tap, setTap] = useState<{ from: string; to: string } | null>(null);
  const pendingPathname = tap !== null && tap.from === pathname && tap.to !== pathname ? tap.to : null;
  // spec 1 §4 step 5: a logged-out app user gets the page tree rendered afresh.
  const renderEpoch = useMemoryState((state) => state.renderEpoch);
  // A signed-in user's fired price alerts show as a banner over any page (issue 16 item 9).
  const signedIn = useLocalState((state) => state.token !== null);

  useNavigationEffects();
  // In the commit that shows the page: a passive effect would leave the old title up for a moment
  // after a lazily loaded page appears.
  useLayoutEffect(() => {
    document.title = documentTitle(pageTitle(pathname));
  }, [pathname]);

  return (
    <div
      className={`app${withTabBar ? ' app--with-tab-bar' : ''}${pendingPathname ? ' app--pending' : ''}`}
      aria-busy={pendingPathname ? true : undefined}
    >
      {pendingPathname ? <div className="app__pending" role="progressbar" aria-label="页面加载中" /> : null}
      <KeepAliveOutlet key={renderEpoch} />
      {withTabBar ? (
        <TabBar
          pathname={pathname}
          pendingPathname={pendingPathname}
          onTabTap={(to) => setTap({ from: pathname, to })}
        />
      ) : null}
      <OptionalBoundary>
        <Suspense fallback={null}>
          <ActivityPopup pathname={pathname} />
        </Suspense>
      </OptionalBoundary>
      {signedIn ? (
        <OptionalBoundary>
          <Suspense fallback={null}>
            <AlertBanner />
          </Suspense>
        </OptionalBoundary>
      ) : null}
      {withTabBar ? (
        <OptionalBoundary>
          <Suspense fallback={null}>
            <IntegralPrompt />
          </Suspense>
        </OptionalBoundary>
      ) : null}
    </div>
  );
}
