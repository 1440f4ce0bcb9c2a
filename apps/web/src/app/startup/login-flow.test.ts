import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectEnvironment } from '../../platform/environment.ts';
import { setNavigator } from '../../platform/navigation.ts';
import { ApiError } from '../../platform/request/api-error.ts';
import { localStore } from '../../platform/session/local-store.ts';
import { sessionStore } from '../../platform/session/session-store.ts';
import { type LoginFlowDeps, loginFlowDeps, runLoginFlow, skipsWeChatAuthorization } from './login-flow.ts';

const request = vi.hoisted(() =>
  vi.fn<(name: string, params?: unknown, options?: unknown) => Promise<unknown>>(),
);
const toast = vi.hoisted(() => vi.fn());
vi.mock('../../platform/request/request.ts', () => ({ request }));
vi.mock('../../ui/toast/toast.ts', () => ({ toast }));

const safari = detectEnvironment('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1');
const wechat = detectEnvironment(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.48(0x18003030) NetType/WIFI Language/zh_CN',
);
const login = {
  token: 'jwt-new',
  user: {
    id: 9,
    nickname: '微信用户',
    avatar: '',
    phone: null,
    vipType: 0,
    abTestBatchNo: 'A',
    createdAt: '',
  },
  userText: '欢迎回来',
};

function deps(search: string, environment = safari, pathname = '/'): LoginFlowDeps {
  return { environment, location: { pathname, search }, authorize: vi.fn(), replaceSearch: vi.fn() };
}

beforeEach(() => {
  request.mockReset();
  toast.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  localStore.getState().setToken(null);
  localStore.getState().setUser(null);
});

describe('login flow of a page load (spec 1 §4)', () => {
  it('a stored token: continues without a call', async () => {
    localStore.getState().setToken('jwt');
    await expect(runLoginFlow(deps('', wechat))).resolves.toBe('stored');
    expect(request).not.toHaveBeenCalled();
  });

  it('clear removes the token and ends the check', async () => {
    localStore.getState().setToken('jwt');
    const d = deps('?clear=1', wechat);
    await expect(runLoginFlow(d)).resolves.toBe('cleared');
    expect(localStore.getState().token).toBeNull();
    expect(d.authorize).not.toHaveBeenCalled();
  });

  it('testToken is exchanged for a token', async () => {
    request.mockResolvedValueOnce(login);
    await expect(runLoginFlow(deps('?testToken=t-1'))).resolves.toBe('loggedIn');
    expect(request).toHaveBeenCalledWith('user.checkTestToken', { testToken: 't-1' }, { startup: true });
    expect(localStore.getState().token).toBe('jwt-new');
    expect(localStore.getState().user).toEqual(login.user);
  });

  it('testToken without a user behind it goes to WeChat authorization', async () => {
    request.mockResolvedValueOnce(null);
    const d = deps('?testToken=unknown');
    await expect(runLoginFlow(d)).resolves.toBe('redirected');
    expect(d.authorize).toHaveBeenCalledOnce();
  });

  it('t_hb on /stock is exchanged and stored as token and hbToken', async () => {
    request.mockResolvedValueOnce({ token: 'hb-jwt' });
    await expect(runLoginFlow(deps('?stockCode=600519.SH&t_hb=partner', safari, '/stock'))).resolves.toBe(
      'stored',
    );
    expect(request).toHaveBeenCalledWith('user.exchangeHbToken', { token: 'partner' }, { startup: true });
    expect(localStore.getState().token).toBe('hb-jwt');
    expect(sessionStore.getState().hbToken).toBe('hb-jwt');
  });

  it('t_hb on /hbAggP too, and a failed exchange is ignored', async () => {
    request.mockRejectedValueOnce(new ApiError('015', '无效'));
    await expect(runLoginFlow(deps('?t_hb=bad', wechat, '/hbAggP'))).resolves.toBe('anonymous');
    expect(localStore.getState().token).toBeNull();
  });

  it('t_hb on other pages is not exchanged', async () => {
    await expect(runLoginFlow(deps('?t_hb=partner', safari, '/fundHome'))).resolves.toBe('anonymous');
    expect(request).not.toHaveBeenCalled();
  });

  it('inside WeChat without a token: off to authorization', async () => {
    const d = deps('', wechat);
    await expect(runLoginFlow(d)).resolves.toBe('redirected');
    expect(d.authorize).toHaveBeenCalledOnce();
  });

  it('outside WeChat without a token: nothing happens', async () => {
    const d = deps('');
    await expect(runLoginFlow(d)).resolves.toBe('anonymous');
    expect(d.authorize).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
  });

  it('never bounces /hbAggP, /hbStock* or /notfound to WeChat', async () => {
    for (const path of ['/hbAggP', '/hbStock', '/hbStockDetail', '/notfound']) {
      expect(skipsWeChatAuthorization(path)).toBe(true);
      const d = deps('', wechat, path);
      await expect(runLoginFlow(d)).resolves.toBe('anonymous');
      expect(d.authorize).not.toHaveBeenCalled();
    }
    expect(skipsWeChatAuthorization('/stock')).toBe(false);
  });

  it('back from authorization: exchanges code, inviteCode and type; toasts userText after 1 s', async () => {
    vi.useFakeTimers();
    request.mockResolvedValueOnce(login);
    const d = deps('?a=1&code=wx-code&state=auth&inviteCode=INV&type=share', wechat);
    await expect(runLoginFlow(d)).resolves.toBe('loggedIn');
    expect(request).toHaveBeenCalledWith(
      'user.wechatLogin',
      { code: 'wx-code', inviteCode: 'INV', type: 'share' },
      { startup: true },
    );
    expect(d.replaceSearch).toHaveBeenCalledWith('?a=1&inviteCode=INV&type=share');
    expect(localStore.getState().token).toBe('jwt-new');
    await vi.advanceTimersByTimeAsync(999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('欢迎回来', { id: 'login-text' }));
  });

  it('a declined authorization (state auth, no code) is not asked again', async () => {
    const d = deps('?state=auth', wechat);
    await expect(runLoginFlow(d)).resolves.toBe('anonymous');
    expect(d.authorize).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
  });

  it('a malformed login answer authorizes again', async () => {
    request.mockRejectedValueOnce(new ApiError('invalidResponse', '服务返回的数据格式有误', 200));
    const d = deps('?code=wx-code&state=auth', wechat);
    await expect(runLoginFlow(d)).resolves.toBe('redirected');
    expect(d.authorize).toHaveBeenCalledOnce();
  });

  it('a refused code leaves the visitor logged out without a loop', async () => {
    request.mockRejectedValueOnce(new ApiError('999', '授权失败', 200));
    const d = deps('?code=used&state=auth', wechat);
    await expect(runLoginFlow(d)).resolves.toBe('anonymous');
    expect(d.authorize).not.toHaveBeenCalled();
  });

  describe('credentials leave the address bar once read (issue 14 defect 5)', () => {
    it('drops testToken and keeps the rest of the query', async () => {
      request.mockResolvedValueOnce(login);
      const d = deps('?from=share&testToken=t-1&tab=2');
      await expect(runLoginFlow(d)).resolves.toBe('loggedIn');
      expect(d.replaceSearch).toHaveBeenCalledWith('?from=share&tab=2');
    });

    it('drops testToken before WeChat authorization takes over', async () => {
      request.mockResolvedValueOnce(null);
      const d = deps('?testToken=unknown');
      const order: string[] = [];
      vi.mocked(d.replaceSearch).mockImplementation((search) => order.push(`replace ${search}`));
      vi.mocked(d.authorize).mockImplementation(() => order.push('authorize'));
      await expect(runLoginFlow(d)).resolves.toBe('redirected');
      expect(order).toEqual(['replace ', 'authorize']);
    });

    it('drops t_hb on /stock, where it is still exchanged', async () => {
      request.mockResolvedValueOnce({ token: 'hb-jwt' });
      const d = deps('?stockCode=600519.SH&t_hb=partner', safari, '/stock');
      await runLoginFlow(d);
      expect(d.replaceSearch).toHaveBeenCalledWith('?stockCode=600519.SH');
      expect(request).toHaveBeenCalledWith('user.exchangeHbToken', { token: 'partner' }, { startup: true });
    });

    it('drops t_hb on pages that do not exchange it, too', async () => {
      const d = deps('?t_hb=partner', safari, '/fundHome');
      await runLoginFlow(d);
      expect(d.replaceSearch).toHaveBeenCalledWith('');
    });

    it('drops testToken with clear, and a used WeChat code without bringing a token back', async () => {
      const cleared = deps('?clear=1&testToken=t-1');
      await runLoginFlow(cleared);
      expect(cleared.replaceSearch).toHaveBeenCalledWith('?clear=1');

      request.mockResolvedValueOnce(login);
      const back = deps('?t_hb=partner&code=wx-code&state=auth&a=1', wechat, '/fundHome');
      await runLoginFlow(back);
      expect(vi.mocked(back.replaceSearch).mock.calls.at(-1)).toEqual(['?a=1']);
    });

    it('leaves a query without credentials alone', async () => {
      const d = deps('?code=600519.SH&from=share', safari, '/stock');
      await runLoginFlow(d);
      expect(d.replaceSearch).not.toHaveBeenCalled();
    });
  });

  describe('the address bar of the page (loginFlowDeps)', () => {
    afterEach(() => {
      setNavigator(null);
      window.history.replaceState(null, '', '/');
    });

    it('replaces the query with history.replaceState before the router runs, keeping path and hash', () => {
      window.history.replaceState({ kept: 1 }, '', '/stock?t_hb=partner&stockCode=600519.SH#news');
      const length = window.history.length;
      loginFlowDeps(safari).replaceSearch('?stockCode=600519.SH');
      expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
        '/stock?stockCode=600519.SH#news',
      );
      expect(window.history.length).toBe(length);
      expect(window.history.state).toEqual({ kept: 1 });
    });

    it('goes through the router once it is mounted, so the router sees the new query', () => {
      const navigate = vi.fn();
      setNavigator(navigate);
      window.history.replaceState(null, '', '/?testToken=t-1#top');
      loginFlowDeps(safari).replaceSearch('');
      expect(navigate).toHaveBeenCalledWith('/#top', { replace: true });
    });
  });
});
