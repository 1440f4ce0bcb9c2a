import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../platform/session/local-store.ts';
import { sessionStore } from '../../platform/session/session-store.ts';
import { readKeyRange, saveKeyRange } from '../../platform/storage/key-range.ts';
import { registerNavigationOverlay } from '../../ui/navigation-overlays.ts';
import { applyNavigationEffects, recentLocationsKey, shareUrlKey } from './navigation-effects.ts';
import { pageVisitEvent } from './report-navigation.ts';

const go = (url: string, action: 'PUSH' | 'POP' | 'REPLACE' | 'LOAD' = 'PUSH') => {
  const [pathname = '/', query] = url.split('?');
  const search = query ? `?${query}` : '';
  applyNavigationEffects({ pathname, search, href: `https://m.zhicai.example${url}` }, action);
};

afterEach(() => {
  localStore.getState().change_lastRouter_pathName([]);
  localStore.getState().setToken(null);
  sessionStore.getState().set('isSubject', null);
  request.mockClear();
});

const request = vi.hoisted(() => vi.fn(async () => null));
vi.mock('../../platform/request/request.ts', () => ({ request }));

describe('applyNavigationEffects', () => {
  it('keeps the route history in localStorage: push adds, pop removes, replace overwrites', () => {
    go('/', 'LOAD');
    go('/stock?stockCode=600519.SH');
    go('/stockNotice');
    expect(JSON.parse(window.localStorage.getItem('routeLast_pathName') ?? '')).toEqual([
      '/',
      '/stock',
      '/stockNotice',
    ]);
    go('/stock?stockCode=600519.SH', 'POP');
    go('/fundHome', 'REPLACE');
    expect(localStore.getState().routeLast_pathName).toEqual(['/', '/fundHome']);
  });

  it('keeps the last two locations and the share URL in sessionStorage', () => {
    go('/');
    go('/stock?stockCode=600519.SH');
    go('/fundDetails?code=000001.OF');
    expect(JSON.parse(window.sessionStorage.getItem(recentLocationsKey) ?? '')).toEqual([
      { pathname: '/stock', search: '?stockCode=600519.SH' },
      { pathname: '/fundDetails', search: '?code=000001.OF' },
    ]);
    expect(window.sessionStorage.getItem(shareUrlKey)).toBe(
      'https://m.zhicai.example/fundDetails?code=000001.OF',
    );
  });

  it('stores isSubject from the query and removes it when absent', () => {
    go('/CourseDetails?id=3&isSubject=1');
    expect(window.sessionStorage.getItem('isSubject')).toBe('1');
    go('/CourseList');
    expect(window.sessionStorage.getItem('isSubject')).toBeNull();
  });

  it('clears key-range values unless the new page is a detail page', () => {
    saveKeyRange(window.sessionStorage, 'kline', '1Y');
    go('/stockHK?stockCode=00700.HK');
    go('/etfDetails?code=510300.SH');
    expect(readKeyRange(window.sessionStorage, 'kline')).toBe('1Y');
    go('/favorite');
    expect(readKeyRange(window.sessionStorage, 'kline')).toBeNull();
  });

  it('removes the #alert-notice overlay and closes registered overlays', () => {
    const notice = document.createElement('div');
    notice.id = 'alert-notice';
    document.body.append(notice);
    let closed = 0;
    registerNavigationOverlay(() => {
      closed += 1;
    });
    go('/me');
    expect(document.getElementById('alert-notice')).toBeNull();
    expect(closed).toBe(1);
    go('/');
    expect(closed).toBe(1);
  });

  it('sends a 页面访问 event and a page view with path and query only when tracking is on', async () => {
    go('/stock?stockCode=600519.SH');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(request).not.toHaveBeenCalled();
    localStore.getState().setToken('jwt-token');
    go('/stock?stockCode=600519.SH');
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(request).toHaveBeenCalledWith(
      'telemetry.event',
      expect.objectContaining({
        event_name: pageVisitEvent,
        event_ext1: '/stock',
        event_ext2: 'stockCode=600519.SH',
      }),
    );
    expect(request).toHaveBeenCalledWith('telemetry.pageView', {
      path: '/stock',
      query: 'stockCode=600519.SH',
    });
  });
});
