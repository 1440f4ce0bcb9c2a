import { vi } from 'vitest';

/** What the stubbed server answers for one path: an envelope, or a function of the query. */
export type StubAnswer = { code: string; message?: string; datas: unknown; status?: number };
export type StubRoutes = Record<string, StubAnswer | ((query: URLSearchParams) => StubAnswer)>;

/**
 * Replaces fetch with a tiny fake of our server for component tests: each API path answers with the
 * given envelope; unknown paths answer HTTP 404 like the real server. Returns the fetch mock so a
 * test can count calls.
 */
export function stubApi(routes: StubRoutes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[url.pathname];
    const answer =
      typeof route === 'function'
        ? route(url.searchParams)
        : (route ?? { code: '404', message: '请求的资源不存在', datas: null, status: 404 });
    const { status = 200, ...envelope } = answer;
    return new Response(JSON.stringify({ message: '成功', ...envelope }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const demoMenus = [
  { id: 1, title: '行业板块', icon: '/demo/menu/industry.svg', url: '/industry', badge: null },
  { id: 3, title: '选股器', icon: '/demo/menu/stock-picker.svg', url: '/stock-picker', badge: '热' },
  {
    id: 6,
    title: '财报速览',
    icon: '/demo/menu/report.svg',
    url: '/financialReportPreview/600519_SH/20240630',
    badge: '新',
  },
  {
    id: 11,
    title: '合作活动',
    icon: '/demo/menu/points.svg',
    url: 'https://partner.example.com/a',
    badge: null,
  },
];

export const demoPopup = { id: 1, activityImg: '/demo/popup/new-user.svg', url: '/newUserParty' };
