import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginUrl, safeReturnPath, wechatAuthorizeUrl } from './login-redirect.ts';

const routerCall = vi.hoisted(() => vi.fn(async () => ({ ok: true, value: null })));
const navigateTo = vi.hoisted(() => vi.fn());
const environment = vi.hoisted(() => ({
  current: { inNativeApp: false, inWeChat: false, inMiniProgram: false },
}));
vi.mock('../bridge/index.ts', () => ({ nativeBridge: { call: routerCall } }));
vi.mock('../navigation.ts', () => ({ navigateTo, currentPath: () => '/fundHome?tab=2' }));
vi.mock('../environment.ts', () => ({ currentEnvironment: () => environment.current }));

afterEach(() => {
  routerCall.mockClear();
  navigateTo.mockClear();
});

describe('WeChat authorization URL (spec 1 §4)', () => {
  it('asks for userinfo scope with state auth and the current page as redirect', () => {
    const url = new URL(
      wechatAuthorizeUrl(
        'http://h.test/stock?stockCode=600519.SH',
        'http://h.test/dev/wechat/authorize',
        'wx1',
      ),
    );
    expect(url.pathname).toBe('/dev/wechat/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx1',
      redirect_uri: 'http://h.test/stock?stockCode=600519.SH',
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: 'auth',
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('drops the code and state of an earlier return from the redirect', () => {
    const url = new URL(
      wechatAuthorizeUrl('http://h.test/?code=old&state=auth&a=1', 'https://wx.test/auth', 'wx1'),
    );
    expect(url.searchParams.get('redirect_uri')).toBe('http://h.test/?a=1');
  });
});

describe('login page return path', () => {
  it('carries the current page and only ever returns in-app', () => {
    expect(loginUrl('/fundHome?tab=2')).toBe('/bindphone?redirect=%2FfundHome%3Ftab%3D2');
    expect(safeReturnPath('/fundHome?tab=2')).toBe('/fundHome?tab=2');
    expect(safeReturnPath('https://evil.test/')).toBe('/me');
    expect(safeReturnPath('//evil.test/')).toBe('/me');
    expect(safeReturnPath(null)).toBe('/me');
    expect(safeReturnPath('/bindphone?redirect=/')).toBe('/me');
  });
});

describe('sendToLogin (spec 1 §4, §8 session-invalid codes)', () => {
  it('asks the native app for its relogin view', async () => {
    environment.current = { inNativeApp: true, inWeChat: false, inMiniProgram: false };
    const { sendToLogin } = await import('./login-redirect.ts');
    sendToLogin();
    await vi.waitFor(() => expect(routerCall).toHaveBeenCalledWith('router', { path: 'relogin' }));
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('sends a browser user to the SMS login page with the way back', async () => {
    environment.current = { inNativeApp: false, inWeChat: false, inMiniProgram: false };
    const { sendToLogin } = await import('./login-redirect.ts');
    sendToLogin();
    expect(navigateTo).toHaveBeenCalledWith('/bindphone?redirect=%2FfundHome%3Ftab%3D2');
  });

  it('sends a mini-program user to the SMS login page too (WeChat OAuth does not run there)', async () => {
    environment.current = { inNativeApp: false, inWeChat: true, inMiniProgram: true };
    const { sendToLogin } = await import('./login-redirect.ts');
    sendToLogin();
    expect(navigateTo).toHaveBeenCalledOnce();
  });
});
