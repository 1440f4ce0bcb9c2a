import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { stubApi } from '../../../testing/api-stub.ts';
import OpenAccountPage from './open-account-page.tsx';

const opening = {
  applicationId: 'local-7-abc',
  status: 'started',
  openUrl: '/dev/broker/openAccount?applicationId=local-7-abc',
  startedAt: '2026-11-20T02:00:00.000Z',
};

function renderPage() {
  const router = createMemoryRouter([{ path: '/openAccount', element: <OpenAccountPage /> }], {
    initialEntries: ['/openAccount'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/openAccount', () => {
  it('asks a visitor to log in and starts nothing at the broker', async () => {
    const fetchMock = stubApi({});
    renderPage();
    expect(await screen.findByText('登录后即可开户')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去登录' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/broker/'))).toBe(false);
  });

  it('initialises the application and continues it at the broker page', async () => {
    localStore.getState().setToken('jwt-1');
    const fetchMock = stubApi({ '/api/v2/broker/openAccount/init': { code: '000', datas: opening } });
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('正在为您准备开户…');
    const link = await screen.findByRole('link', { name: '继续开户' });
    expect(link.getAttribute('href')).toBe(opening.openUrl);
    expect(screen.getByText('local-7-abc')).toBeTruthy();
    expect(screen.getByText('待填写资料')).toBeTruthy();
    // The stub is typed by its first argument; the request wrapper passes the init as the second.
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const init = calls.find(([url]) => url.includes('/broker/openAccount/init'))?.[1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('token')).toBe('jwt-1');
  });

  it('shows the broker outage and tries again on 重试', async () => {
    localStore.getState().setToken('jwt-1');
    let calls = 0;
    stubApi({
      '/api/v2/broker/openAccount/init': () =>
        ++calls === 1
          ? { code: '503', message: '券商服务暂时不可用，请稍后再试', datas: null, status: 503 }
          : { code: '000', datas: opening },
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('券商服务暂时不可用，请稍后再试');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '继续开户' })).toBeTruthy();
  });
});
