import { api, defineEndpoint } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { localStore } from '../session/local-store.ts';
import { sessionStore } from '../session/session-store.ts';
import { ApiError, NetworkError } from './api-error.ts';
import { request } from './request.ts';

const showNotice = vi.hoisted(() => vi.fn(() => Promise.resolve()));
const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../ui/notice-dialog/show-notice.tsx', () => ({ showNotice }));
vi.mock('../../ui/toast/toast.ts', () => ({ toast: { error: toastError } }));

const menus = [{ id: 1, title: '行业板块', icon: '/demo/menu/industry.svg', url: '/industry', badge: null }];
const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const lastCall = () => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStore.getState().setToken('jwt-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  showNotice.mockClear();
  toastError.mockClear();
  localStore.getState().setToken(null);
  sessionStore.getState().set('newUser', null);
});

describe('request: what it sends', () => {
  it('sends GET parameters as a query string with the token, requestFrom and Expires headers', async () => {
    answer({ code: '000', message: '成功', datas: null });
    await request(api.promo.popup, { page: '/fundHome' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/v2/activity/popup?page=%2FfundHome');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('token')).toBe('jwt-token');
    expect(headers.get('requestFrom')).toBe('other');
    expect(headers.get('Expires')).toBe('-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends POST parameters as a JSON body', async () => {
    const save = defineEndpoint({
      method: 'POST',
      path: '/api/v2/user/pushSet',
      group: 'user',
      summary: '测试',
      body: z.object({ code: z.string(), on: z.boolean() }),
      datas: z.boolean(),
    });
    answer({ code: '000', message: '成功', datas: true });
    await expect(request(save, { code: '600519.SH', on: true })).resolves.toBe(true);
    const { url, init } = lastCall();
    expect(url).toBe('/api/v2/user/pushSet');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ code: '600519.SH', on: true });
  });

  it('sends an empty token header when signed out', async () => {
    localStore.getState().setToken(null);
    answer({ code: '000', message: '成功', datas: menus });
    await request(api.config.getAppMenus);
    expect(lastCall().headers.get('token')).toBe('');
  });
});

describe('request: response kinds (spec 1 §8)', () => {
  it('returns datas for success codes', async () => {
    answer({ code: '000', message: '成功', datas: menus });
    await expect(request(api.config.getAppMenus)).resolves.toEqual(menus);
    answer({ code: '043', message: '成功', datas: menus });
    await expect(request(api.config.getAppMenus)).resolves.toEqual(menus);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(showNotice).not.toHaveBeenCalled();
  });

  it('marks a new user on 014 and still returns datas', async () => {
    answer({ code: '014', message: '欢迎新用户', datas: menus });
    await expect(request(api.config.getAppMenus)).resolves.toEqual(menus);
    expect(sessionStore.getState().newUser).toBe('1');
    expect(window.sessionStorage.getItem('newUser')).toBe('1');
  });

  it('shows the server message as a notice for -001/-002/-004 and returns datas', async () => {
    answer({ code: '-002', message: '操作过于频繁，请稍后再试', datas: menus });
    await expect(request(api.config.getAppMenus)).resolves.toEqual(menus);
    await vi.waitFor(() => expect(showNotice).toHaveBeenCalledWith('操作过于频繁，请稍后再试'));
  });

  it('shows the notice and fails for 037', async () => {
    answer({ code: '037', message: '活动已结束', datas: null });
    const failure = request(api.config.getAppMenus);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: '037', message: '活动已结束' });
    await vi.waitFor(() => expect(showNotice).toHaveBeenCalledWith('活动已结束'));
  });

  it('removes the token and fails for session-invalid codes', async () => {
    answer({ code: '016', message: '账号已在其他设备登录，请重新登录', datas: null });
    await expect(request(api.config.getAppMenus)).rejects.toMatchObject({ code: '016' });
    expect(localStore.getState().token).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('fails with the code and message for any other code', async () => {
    answer({ code: '999', message: '系统繁忙，请稍后再试', datas: null });
    await expect(request(api.config.getAppMenus)).rejects.toMatchObject({
      name: 'ApiError',
      code: '999',
      message: '系统繁忙，请稍后再试',
      status: 200,
    });
  });

  it('fails when the HTTP status is not 200, even with a success code', async () => {
    answer({ code: '000', message: '成功', datas: menus }, 500);
    await expect(request(api.config.getAppMenus)).rejects.toMatchObject({ code: '000', status: 500 });
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(request(api.config.getAppMenus)).rejects.toMatchObject({ code: 'HTTP 502', status: 502 });
  });

  it('fails when datas do not match the contract', async () => {
    answer({ code: '000', message: '成功', datas: [{ id: 'one' }] });
    await expect(request(api.config.getAppMenus)).rejects.toMatchObject({ code: 'invalidResponse' });
  });
});

describe('request: offline', () => {
  it('toasts 网络已断开 and fails without calling the server when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValueOnce(false);
    await expect(request(api.config.getAppMenus)).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('网络已断开', { id: 'offline' }));
  });

  it('toasts 网络已断开 when the network request itself fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request(api.config.getAppMenus)).rejects.toBeInstanceOf(NetworkError);
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('网络已断开', { id: 'offline' }));
  });

  it('passes an abort through without an offline toast', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(request(api.config.getAppMenus)).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toastError).not.toHaveBeenCalled();
  });
});
