import { defineEndpoint, defineGroup } from '@zhicai/contract';
import { tParam, zstokv1 } from '@zhicai/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getRuntimeConfig } from '../runtime-config.ts';
import { localStore } from '../session/local-store.ts';
import { sessionStore } from '../session/session-store.ts';
import { ApiError, NetworkError } from './api-error.ts';
import { request, requestEndpoint, requestText } from './request.ts';
import { holdCalls } from './startup-gates.ts';

const showNotice = vi.hoisted(() => vi.fn(() => Promise.resolve()));
const toastError = vi.hoisted(() => vi.fn());
const sendToLogin = vi.hoisted(() => vi.fn());
vi.mock('../../ui/notice-dialog/show-notice.tsx', () => ({ showNotice }));
vi.mock('../../ui/toast/toast.ts', () => ({ toast: { error: toastError } }));
vi.mock('../session/login-redirect.ts', () => ({ sendToLogin }));

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

const { pushSet, upload, v3Read, v4Read } = defineGroup('probe', {
  pushSet: defineEndpoint({
    method: 'POST',
    path: '/api/v2/user/pushSet',
    auth: 'required',
    marksWatchlist: true,
    summary: '测试',
    body: z.object({ key: z.string(), enabled: z.boolean() }),
    datas: z.boolean(),
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/v2/test/upload',
    auth: 'none',
    summary: '测试',
    datas: z.unknown(),
  }),
  v3Read: defineEndpoint({
    method: 'GET',
    path: '/api/v3/details/stockIntro',
    auth: 'none',
    summary: '测试',
    query: z.object({ code: z.string() }),
    datas: z.unknown(),
  }),
  v4Read: defineEndpoint({
    method: 'GET',
    path: '/api/v4/etf/holdAll/510300SH',
    auth: 'none',
    summary: '测试',
    query: z.object({ code: z.string() }),
    datas: z.unknown(),
  }),
});

const menusCall = () => request('config.getAppMenus');

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStore.getState().setToken('jwt-token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  showNotice.mockClear();
  toastError.mockClear();
  sendToLogin.mockClear();
  localStore.getState().setToken(null);
  localStore.getState().GET_APILOCK_SUCESS(null);
  sessionStore.getState().set('newUser', null);
  sessionStore.getState().set('break_favorite', null);
  sessionStore.getState().set('isSubject', null);
  holdCalls({ session: Promise.resolve(), apiLock: Promise.resolve() });
});

describe('request: what it sends (spec 1 §7)', () => {
  it('names the endpoint through the contract and sends GET parameters as a query with the headers', async () => {
    answer({ code: '000', message: '成功', datas: null });
    await request('promo.popup', { page: '/fundHome' });
    const { url, init, headers } = lastCall();
    expect(url).toMatch(/^\/api\/v2\/activity\/popup\?page=%2FfundHome&_t=\d{13}$/);
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('token')).toBe('jwt-token');
    expect(headers.get('requestFrom')).toBe('other');
    expect(headers.get('Expires')).toBe('-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends POST parameters as a JSON body', async () => {
    answer({ code: '000', message: '成功', datas: true });
    await expect(requestEndpoint(pushSet, { key: 'news', enabled: true })).resolves.toBe(true);
    const { url, init } = lastCall();
    expect(url).toBe('/api/v2/user/pushSet');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ key: 'news', enabled: true });
  });

  it('sends a raw multipart body with only token, requestFrom and Expires', async () => {
    const form = new FormData();
    form.append('file', new Blob(['png']), 'a.png');
    answer({ code: '999', message: '任意', datas: { url: '/a.png' } });
    await expect(requestEndpoint(upload, undefined, { multipart: form })).resolves.toEqual({ url: '/a.png' });
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect([...headers.keys()].sort()).toEqual(['expires', 'requestfrom', 'token']);
  });

  it('sends the course header while isSubject is set', async () => {
    sessionStore.getState().set('isSubject', '1');
    answer({ code: '000', message: '成功', datas: menus });
    await menusCall();
    expect(lastCall().headers.get('softToken')).toBe('COURSE');
  });

  it('signs /v3/ calls with the stored API-lock token when APILOCK is on', async () => {
    localStore.getState().GET_APILOCK_SUCESS('abcdefgh'.repeat(10));
    answer({ code: '000', message: '成功', datas: {} });
    await requestEndpoint(v3Read, { code: '600519.SH' });
    const { headers } = lastCall();
    const timeStamp = Number(headers.get('timeStamp'));
    expect(headers.get('zstokv1')).toBe(
      zstokv1('abcdefgh'.repeat(10), timeStamp, getRuntimeConfig().apiLockKey).zstokv1,
    );
  });

  it('puts the time parameter t of the same call time into /api/v4/ calls', async () => {
    answer({ code: '000', message: '成功', datas: {} });
    await requestEndpoint(v4Read, { code: '510300SH' });
    const query = new URL(lastCall().url, 'http://localhost').searchParams;
    expect(query.get('t')).toBe(tParam(Number(query.get('_t'))));
  });

  it('holds /v3/ calls until the API-lock step of startup has settled', async () => {
    let unlock = () => {};
    holdCalls({ session: Promise.resolve(), apiLock: new Promise<void>((resolve) => (unlock = resolve)) });
    answer({ code: '000', message: '成功', datas: menus });
    answer({ code: '000', message: '成功', datas: {} });
    const v3 = requestEndpoint(v3Read, { code: '600519.SH' });
    await menusCall();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unlock();
    await v3;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('holds every call but startup ones until the session is known', async () => {
    let known = () => {};
    holdCalls({ session: new Promise<void>((resolve) => (known = resolve)), apiLock: Promise.resolve() });
    answer({ code: '000', message: '成功', datas: menus });
    answer({ code: '000', message: '成功', datas: menus });
    const held = menusCall();
    await request('config.getAppMenus', undefined, { startup: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    known();
    await held;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('returns the body text for a text call', async () => {
    fetchMock.mockResolvedValueOnce(new Response('plain text', { status: 200 }));
    await expect(requestText('config.getAppMenus')).resolves.toBe('plain text');
    fetchMock.mockResolvedValueOnce(new Response('no', { status: 404 }));
    await expect(requestText('config.getAppMenus')).rejects.toMatchObject({ status: 404 });
  });
});

describe('request: the response catalogue (spec 1 §8)', () => {
  for (const code of ['000', '043', 'HB403', '035', '025', '034', '500']) {
    it(`treats ${code} with HTTP 200 as success`, async () => {
      answer({ code, message: '成功', datas: menus });
      await expect(menusCall()).resolves.toEqual(menus);
      expect(showNotice).not.toHaveBeenCalled();
    });
  }

  it('014 marks a new user and still succeeds', async () => {
    answer({ code: '014', message: '欢迎新用户', datas: menus });
    await expect(menusCall()).resolves.toEqual(menus);
    expect(sessionStore.getState().newUser).toBe('1');
    expect(window.sessionStorage.getItem('newUser')).toBe('1');
  });

  for (const code of ['-001', '-002', '-004']) {
    it(`${code} shows the server message as a notice`, async () => {
      answer({ code, message: '操作过于频繁，请稍后再试', datas: menus });
      await expect(menusCall()).resolves.toEqual(menus);
      await vi.waitFor(() => expect(showNotice).toHaveBeenCalledWith('操作过于频繁，请稍后再试'));
    });
  }

  it('a notice code without usable datas fails quietly after the notice', async () => {
    answer({ code: '-002', message: '请稍后再试', datas: null });
    await expect(menusCall()).rejects.toMatchObject({ code: 'invalidResponse', handled: true });
    await vi.waitFor(() => expect(showNotice).toHaveBeenCalledWith('请稍后再试'));
  });

  it('037 shows the notice and fails', async () => {
    answer({ code: '037', message: '活动已结束', datas: null });
    const failure = menusCall();
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: '037', message: '活动已结束', handled: true });
    await vi.waitFor(() => expect(showNotice).toHaveBeenCalledWith('活动已结束'));
  });

  for (const [i, code] of ['004', '015', '016', '033', '036'].entries()) {
    it(`${code} removes the token, sends the user to login and fails`, async () => {
      // Each case a minute apart: a burst of failing calls moves the user once (session-invalid.ts).
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.UTC(2030, 0, 1, 0, i));
      answer({ code, message: '登录已失效，请重新登录', datas: null });
      await expect(menusCall()).rejects.toMatchObject({ code, handled: true });
      expect(localStore.getState().token).toBeNull();
      expect(window.localStorage.getItem('token')).toBeNull();
      await vi.waitFor(() => expect(sendToLogin).toHaveBeenCalledOnce());
      vi.useRealTimers();
    });
  }

  it('moves the user to login once for a burst of session-invalid answers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2030, 0, 2));
    answer({ code: '033', message: '登录已过期', datas: null });
    answer({ code: '033', message: '登录已过期', datas: null });
    await Promise.allSettled([menusCall(), menusCall()]);
    await vi.waitFor(() => expect(sendToLogin).toHaveBeenCalledOnce());
    vi.useRealTimers();
  });

  it('any other code calls the failure handler and throws', async () => {
    const onFail = vi.fn();
    answer({ code: '999', message: '系统繁忙，请稍后再试', datas: null });
    await expect(request('config.getAppMenus', undefined, { onFail })).rejects.toMatchObject({
      name: 'ApiError',
      code: '999',
      message: '系统繁忙，请稍后再试',
      status: 200,
    });
    expect(onFail).toHaveBeenCalledWith(expect.objectContaining({ code: '999' }));
  });

  it('000 or 043 with an HTTP status other than 200 fails', async () => {
    answer({ code: '000', message: '成功', datas: menus }, 500);
    await expect(menusCall()).rejects.toMatchObject({ code: '000', status: 500 });
    answer({ code: '043', message: '成功', datas: menus }, 201);
    await expect(menusCall()).rejects.toMatchObject({ code: '043', status: 201 });
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(menusCall()).rejects.toMatchObject({ code: 'HTTP 502', status: 502 });
  });

  it('a multipart call succeeds only on HTTP 200', async () => {
    const form = new FormData();
    answer({ code: '000', message: '成功', datas: null }, 413);
    await expect(requestEndpoint(upload, undefined, { multipart: form })).rejects.toMatchObject({
      status: 413,
    });
  });

  it('fails when datas do not match the contract', async () => {
    answer({ code: '000', message: '成功', datas: [{ id: 'one' }] });
    await expect(menusCall()).rejects.toMatchObject({ code: 'invalidResponse' });
  });
});

describe('request: the watchlist change marker (spec 1 §4)', () => {
  it('sets break_favorite after a successful call to a listed path, not after a failure', async () => {
    answer({ code: '999', message: '失败', datas: null });
    await expect(requestEndpoint(pushSet, { key: 'news', enabled: true })).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState().break_favorite).toBeNull();
    answer({ code: '000', message: '成功', datas: true });
    await requestEndpoint(pushSet, { key: 'news', enabled: true });
    expect(window.sessionStorage.getItem('break_favorite')).toBe('1');
  });

  it('does not set it for other calls', async () => {
    answer({ code: '000', message: '成功', datas: menus });
    await menusCall();
    expect(sessionStore.getState().break_favorite).toBeNull();
  });
});

describe('request: offline (spec 1 §8)', () => {
  it('toasts 网络已断开 and fails without calling the server when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(menusCall()).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('网络已断开', { id: 'offline' }));
  });

  it('toasts 网络已断开 the moment the device goes offline', async () => {
    answer({ code: '000', message: '成功', datas: menus });
    await menusCall();
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('网络已断开', { id: 'offline' }));
  });

  it('toasts 网络已断开 when the network request itself fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(menusCall()).rejects.toBeInstanceOf(NetworkError);
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('网络已断开', { id: 'offline' }));
  });

  it('passes an abort through without an offline toast', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(menusCall()).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toastError).not.toHaveBeenCalled();
  });
});
