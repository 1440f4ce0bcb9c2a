import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { type StubRoutes, stubApi } from '../../../testing/api-stub.ts';
import BindPhonePage from './bind-phone-page.tsx';
import MePage from './me-page.tsx';
import MeSettingPage from './me-setting-page.tsx';

const user = {
  id: 10086,
  nickname: '小明',
  avatar: '',
  phone: '138****8000',
  vipType: 1,
  abTestBatchNo: 'B1',
  createdAt: '2026-01-01T00:00:00Z',
};

function renderAt(path: string, pages: Record<string, ReactNode>) {
  const router = createMemoryRouter(
    Object.entries(pages).map(([route, element]) => ({ path: route, element })),
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const ok = (datas: unknown) => ({ code: '000', datas });
const pages = {
  '/bindphone': <BindPhonePage />,
  '/me': <MePage />,
  '/meSetting': <MeSettingPage />,
  '/fundHome': <p>基金首页</p>,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStore.getState().setToken(null);
  localStore.getState().setUser(null);
});

describe('/bindphone', () => {
  function stub(routes: StubRoutes = {}) {
    return stubApi({
      '/api/v2/user/getSmsCode': ok({ resendAfterSeconds: 60 }),
      '/api/v2/user/bindPhone': ok({ token: 'jwt-sms', user }),
      ...routes,
    });
  }

  it('checks the phone before sending a code', async () => {
    const fetchMock = stub();
    renderAt('/bindphone', pages);
    fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请输入手机号');
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请输入正确的 11 位手机号');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the code, counts 60 s down, logs in and returns to the page it came from', async () => {
    const fetchMock = stub();
    const router = renderAt('/bindphone?redirect=%2FfundHome', pages);
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '138 0013 8000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const send = await screen.findByRole('button', { name: /秒后重发/ });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(send.textContent).toMatch(/^(60|59) 秒后重发$/);
    const smsUrl = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(smsUrl.searchParams.get('phone')).toBe('13800138000');

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('基金首页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fundHome');
    expect(localStore.getState().token).toBe('jwt-sms');
    expect(localStore.getState().user).toEqual(user);
  });

  it('shows the server message in Chinese when the code is wrong', async () => {
    stub({ '/api/v2/user/bindPhone': { code: '999', message: '验证码错误，还可尝试 4 次', datas: null } });
    renderAt('/bindphone', pages);
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toContain('验证码错误，还可尝试 4 次');
    expect(localStore.getState().token).toBeNull();
  });
});

describe('/me', () => {
  it('offers 登录 while logged out', async () => {
    stubApi({});
    renderAt('/me', pages);
    expect(await screen.findByText('未登录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/bindphone?redirect=%2Fme');
  });

  it('shows the signed-in user: nickname, id, masked phone and VIP badge', async () => {
    localStore.getState().setToken('jwt');
    stubApi({ '/api/v2/user/userinfo': ok(user) });
    renderAt('/me', pages);
    expect(await screen.findByText('ID：10086')).toBeTruthy();
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(screen.getByText('VIP')).toBeTruthy();
    expect(screen.getByRole('link', { name: '设置' }).getAttribute('href')).toBe('/meSetting');
  });
});

describe('/meSetting', () => {
  it('logs out after confirmation and forgets the token', async () => {
    localStore.getState().setToken('jwt');
    localStore.getState().setUser(user);
    const fetchMock = stubApi({ '/api/v2/user/logout': ok(null) });
    const router = renderAt('/meSetting', pages);
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(localStore.getState().token).toBe('jwt');
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '确定退出' }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/me'));
    expect(localStore.getState().token).toBeNull();
    expect(localStore.getState().user).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname)).toEqual([
      '/api/v2/user/logout',
    ]);
  });

  it('offers no logout to a visitor', async () => {
    stubApi({});
    renderAt('/meSetting', pages);
    await screen.findByRole('heading', { name: '设置' });
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
  });
});
