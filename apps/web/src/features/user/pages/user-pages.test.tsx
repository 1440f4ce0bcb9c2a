import { act, fireEvent, screen, within } from '@testing-library/react';
import type { User } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { failure, ok, type StubRoutes, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import BindPhonePage from './bind-phone-page.tsx';
import MePage from './me-page.tsx';
import MeSettingPage from './me-setting-page.tsx';

const user: User = {
  id: 10086,
  nickname: '小明',
  avatar: '',
  phone: '138****8000',
  vipType: 1,
  abTestBatchNo: 'B1',
  createdAt: '2026-01-01T00:00:00Z',
};

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
      'user.getSmsCode': ok({ resendAfterSeconds: 60 }),
      'user.bindPhone': ok({ token: 'jwt-sms', user }),
      ...routes,
    });
  }

  it('checks the phone before sending a code', async () => {
    const server = stub();
    renderPages('/bindphone', pages);
    fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请输入手机号');
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请输入正确的 11 位手机号');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('sends the code, counts 60 s down, logs in and returns to the page it came from', async () => {
    const server = stub();
    const { router } = renderPages('/bindphone?redirect=%2FfundHome', pages);
    fireEvent.change(await screen.findByLabelText('手机号'), { target: { value: '138 0013 8000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const send = await screen.findByRole('button', { name: /秒后重发/ });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(send.textContent).toMatch(/^(60|59) 秒后重发$/);
    expect(server.calls('user.getSmsCode')).toEqual([{ phone: '13800138000' }]);

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('基金首页')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fundHome');
    expect(localStore.getState().token).toBe('jwt-sms');
    expect(localStore.getState().user).toEqual(user);
  });

  it('shows the server message in Chinese when the code is wrong', async () => {
    stub({ 'user.bindPhone': failure('999', '验证码错误，还可尝试 4 次') });
    renderPages('/bindphone', pages);
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
    renderPages('/me', pages);
    expect(await screen.findByText('未登录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/bindphone?redirect=%2Fme');
  });

  it('shows the signed-in user: nickname, id, masked phone and VIP badge', async () => {
    localStore.getState().setToken('jwt');
    stubApi({ 'user.userinfo': ok(user) });
    renderPages('/me', pages);
    expect(await screen.findByText('ID：10086')).toBeTruthy();
    expect(screen.getByText('小明')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    expect(screen.getByText('VIP')).toBeTruthy();
    expect(screen.getByRole('link', { name: '设置' }).getAttribute('href')).toBe('/meSetting');
    // The card opens 账号信息, where the nickname and avatar are changed.
    expect(screen.getByRole('link', { name: '账号信息' }).getAttribute('href')).toBe('/userAccount');
  });
});

describe('/me after another login', () => {
  const other: User = { ...user, id: 20000, nickname: '小红', phone: '139****9000', vipType: 0 };

  it('shows the user of the new session, never the previous one', async () => {
    localStore.getState().setToken('jwt-a');
    const server = stubApi({
      'user.userinfo': (_params, call) => ok(call.headers.get('token') === 'jwt-a' ? user : other),
    });
    renderPages('/me', pages);
    expect(await screen.findByText('ID：10086')).toBeTruthy();
    act(() => localStore.getState().setToken('jwt-b'));
    expect(screen.queryByText('ID：10086')).toBeNull();
    expect(await screen.findByText('ID：20000')).toBeTruthy();
    expect(screen.getByText('小红')).toBeTruthy();
    expect(server.requests('user.userinfo').map((call) => call.headers.get('token'))).toEqual([
      'jwt-a',
      'jwt-b',
    ]);
  });
});

describe('/meSetting', () => {
  it('logs out after confirmation and forgets the token', async () => {
    localStore.getState().setToken('jwt');
    localStore.getState().setUser(user);
    const server = stubApi({ 'user.logout': ok(null) });
    const { router } = renderPages('/meSetting', pages);
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    const asked = await screen.findByRole('dialog');
    expect(asked.textContent).toContain('确定退出当前账号吗？');
    fireEvent.click(within(asked).getByRole('button', { name: '取消' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStore.getState().token).toBe('jwt');
    expect(server.names()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    const confirm = within(await screen.findByRole('dialog')).getByRole('button', { name: '确定退出' });
    await act(async () => {
      fireEvent.click(confirm);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/me'));
    expect(localStore.getState().token).toBeNull();
    expect(localStore.getState().user).toBeNull();
    expect(server.names()).toEqual(['user.logout']);
  });

  it('offers no logout to a visitor', async () => {
    stubApi({});
    renderPages('/meSetting', pages);
    await screen.findByRole('heading', { name: '设置' });
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
  });
});
