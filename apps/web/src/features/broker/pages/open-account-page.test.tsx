import { act, fireEvent, screen } from '@testing-library/react';
import type { AccountOpening } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import OpenAccountPage from './open-account-page.tsx';

const opening: AccountOpening = {
  applicationId: 'local-7-abc',
  status: 'started',
  openUrl: '/dev/broker/openAccount?applicationId=local-7-abc',
  startedAt: '2026-11-20T02:00:00.000Z',
};

function renderPage() {
  return renderPages('/openAccount', { '/openAccount': <OpenAccountPage /> });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/openAccount', () => {
  it('asks a visitor to log in and starts nothing at the broker', async () => {
    const server = stubApi({});
    renderPage();
    expect(await screen.findByText('登录后即可开户')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去登录' })).toBeTruthy();
    expect(server.names().filter((name) => name.startsWith('broker.'))).toEqual([]);
  });

  it('initialises the application and continues it at the broker page', async () => {
    localStore.getState().setToken('jwt-1');
    const server = stubApi({ 'broker.openAccountInit': ok(opening) });
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('正在为您准备开户…');
    const link = await screen.findByRole('link', { name: '继续开户' });
    expect(link.getAttribute('href')).toBe(opening.openUrl);
    expect(screen.getByText('local-7-abc')).toBeTruthy();
    expect(screen.getByText('待填写资料')).toBeTruthy();
    const [init] = server.requests('broker.openAccountInit');
    expect(init?.method).toBe('POST');
    expect(init?.headers.get('token')).toBe('jwt-1');
  });

  it('shows the broker outage and tries again on 重试', async () => {
    localStore.getState().setToken('jwt-1');
    let calls = 0;
    stubApi({
      'broker.openAccountInit': () =>
        ++calls === 1 ? failure('503', '券商服务暂时不可用，请稍后再试', 503) : ok(opening),
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('券商服务暂时不可用，请稍后再试');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '继续开户' })).toBeTruthy();
  });

  it('asks once per login: again for another account, with its token', async () => {
    localStore.getState().setToken('jwt-1');
    const server = stubApi({
      'broker.openAccountInit': (_params, call) =>
        ok({ ...opening, applicationId: `local-${call.headers.get('token')}` }),
    });
    renderPage();
    expect(await screen.findByText('local-jwt-1')).toBeTruthy();
    act(() => localStore.getState().setToken('jwt-2'));
    // The first account's application is gone at once, and the second one's is asked for.
    expect(screen.queryByText('local-jwt-1')).toBeNull();
    expect(await screen.findByText('local-jwt-2')).toBeTruthy();
    expect(server.requests('broker.openAccountInit').map((call) => call.headers.get('token'))).toEqual([
      'jwt-1',
      'jwt-2',
    ]);
  });
});
