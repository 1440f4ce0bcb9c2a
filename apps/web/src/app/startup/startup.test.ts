import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectEnvironment } from '../../platform/environment.ts';
import { localStore } from '../../platform/session/local-store.ts';
import { sessionStore } from '../../platform/session/session-store.ts';
import type { LoginFlowDeps } from './login-flow.ts';
import {
  apiLockRetryDelay,
  isLiveStreamPath,
  runStartup,
  type StartupDeps,
  skipsSessionInit,
} from './startup.ts';
import { stalePlaceholderTokens } from './stored-session.ts';

const request = vi.hoisted(() =>
  vi.fn<(name: string, params?: unknown, options?: unknown) => Promise<unknown>>(),
);
vi.mock('../../platform/request/request.ts', () => ({ request }));

const browser = detectEnvironment('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1');
const app = detectEnvironment('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) ZhicaiApp/2022102000');
const apiToken = 'abcdefgh'.repeat(10);
const user = {
  id: 7,
  nickname: '小明',
  avatar: '',
  phone: '138****8000',
  vipType: 1,
  abTestBatchNo: 'B2',
  createdAt: '',
};

type Answers = Record<string, unknown | ((call: number) => unknown)>;

/** Answers the startup calls by endpoint name; a thrown Error is a failed call. */
function answer(answers: Answers) {
  const counts = new Map<string, number>();
  request.mockImplementation(async (name: string) => {
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    const value = answers[name];
    const result = typeof value === 'function' ? (value as (call: number) => unknown)(count) : value;
    if (result instanceof Error) throw result;
    if (result === undefined) throw new Error(`unexpected call ${name}`);
    return result;
  });
}

const calls = () => request.mock.calls.map(([name]) => name as string);

function deps(overrides: Partial<StartupDeps> = {}): StartupDeps {
  const loginFlow: LoginFlowDeps = {
    environment: overrides.environment ?? browser,
    location: overrides.location ?? { pathname: '/', search: '' },
    authorize: vi.fn(),
    replaceSearch: vi.fn(),
  };
  return {
    environment: browser,
    location: { pathname: '/', search: '' },
    getNativeToken: async () => null,
    loginFlow,
    sleep: async () => {},
    rerender: vi.fn(),
    openAccountCreation: vi.fn(),
    ...overrides,
  };
}

const standardAnswers: Answers = {
  'config.apiOuth': apiToken,
  'user.isCN': { ip: '1.2.3.4', isCN: true, msg: '', msgHk: '港股提示', priceDate: '2026-11-20' },
  'user.vipType': { vipType: 2 },
  'user.userinfo': user,
};

beforeEach(() => answer(standardAnswers));
afterEach(() => {
  request.mockReset();
  localStore.getState().setToken(null);
  localStore.getState().GET_APILOCK_SUCESS(null);
});

describe('startup order (spec 1 §4)', () => {
  it('in the app with a token: user info, API lock, region, VIP type — in that order', async () => {
    const run = runStartup(deps({ environment: app, getNativeToken: async () => 'app-token' }));
    await run.done;
    expect(localStore.getState().token).toBe('app-token');
    expect(calls()).toEqual(['user.userinfo', 'config.apiOuth', 'user.isCN', 'user.vipType']);
    expect(sessionStore.getState().userInfo).toEqual(user);
    expect(sessionStore.getState().abTestBatchNo).toBe('B2');
    expect(localStore.getState().APILOCK).toBe(apiToken);
    expect(sessionStore.getState()).toMatchObject({
      isCn: 'true',
      isCnMsg: '',
      userIP: '1.2.3.4',
      vipType: '2',
    });
  });

  it('marks every startup call as a startup call, so the request gates do not hold it', async () => {
    await runStartup(deps({ environment: app, getNativeToken: async () => 'app-token' })).done;
    for (const [, , options] of request.mock.calls) expect(options).toEqual({ startup: true });
  });

  it('in a browser: no user-info refresh; a visitor without a token asks no VIP type', async () => {
    await runStartup(deps()).done;
    expect(calls()).toEqual(['config.apiOuth', 'user.isCN']);
  });

  it('in a browser with a token: API lock, region, VIP type', async () => {
    localStore.getState().setToken('jwt');
    await runStartup(deps()).done;
    expect(calls()).toEqual(['config.apiOuth', 'user.isCN', 'user.vipType']);
  });

  it('skips the VIP type on live-stream pages', async () => {
    localStore.getState().setToken('jwt');
    await runStartup(deps({ location: { pathname: '/LiveStream', search: '' } })).done;
    expect(calls()).toEqual(['config.apiOuth', 'user.isCN']);
    expect(isLiveStreamPath('/liveStream')).toBe(true);
    expect(isLiveStreamPath('/stock')).toBe(false);
  });

  it('settles the session before the API-lock step, and opens the API-lock gate after it', async () => {
    const order: string[] = [];
    const run = runStartup(deps());
    void run.session.then(() => order.push('session'));
    void run.apiLock.then(() => order.push('apiLock'));
    await run.done;
    order.push('done');
    expect(order).toEqual(['session', 'apiLock', 'done']);
  });
});

describe('startup failure rules (spec 1 §4 step 4, §8)', () => {
  it('proceeds past failed user-info, region and VIP calls', async () => {
    answer({
      ...standardAnswers,
      'user.userinfo': new Error('down'),
      'user.isCN': new Error('down'),
      'user.vipType': new Error('down'),
    });
    await runStartup(deps({ environment: app, getNativeToken: async () => 'app-token' })).done;
    expect(calls()).toEqual(['user.userinfo', 'config.apiOuth', 'user.isCN', 'user.vipType']);
  });

  it('waits for the API-lock token: retries with growing delays until it arrives', async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    answer({ ...standardAnswers, 'config.apiOuth': (n: number) => (n < 4 ? new Error('down') : apiToken) });
    await runStartup(deps({ sleep })).done;
    expect(calls()).toEqual([
      'config.apiOuth',
      'config.apiOuth',
      'config.apiOuth',
      'config.apiOuth',
      'user.isCN',
    ]);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000]);
    expect(localStore.getState().APILOCK).toBe(apiToken);
    expect(apiLockRetryDelay(10)).toBe(30_000);
  });

  it('does not run the region step before the API-lock token has arrived', async () => {
    let release = () => {};
    const sleep = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    answer({ ...standardAnswers, 'config.apiOuth': (n: number) => (n === 1 ? new Error('down') : apiToken) });
    const run = runStartup(deps({ sleep }));
    await vi.waitFor(() => expect(sleep).toHaveBeenCalledOnce());
    expect(calls()).toEqual(['config.apiOuth']);
    release();
    await run.done;
    expect(calls()).toEqual(['config.apiOuth', 'config.apiOuth', 'user.isCN']);
  });
});

describe('startup step 1: the token (spec 1 §4)', () => {
  it('outside the app deletes the stale placeholder token', async () => {
    for (const stale of stalePlaceholderTokens) {
      window.localStorage.setItem('token', stale);
      localStore.getState().setToken(stale);
      await runStartup(deps()).session;
      expect(localStore.getState().token).toBeNull();
      expect(window.localStorage.getItem('token')).toBeNull();
    }
  });

  it('outside the app keeps a real token', async () => {
    localStore.getState().setToken('jwt');
    await runStartup(deps()).session;
    expect(localStore.getState().token).toBe('jwt');
  });

  it('in the app an empty token clears the user caches and re-renders', async () => {
    localStore.getState().setToken('old');
    localStore.getState().change_isGetNewUserCard('1');
    sessionStore.getState().set('newUser', '1');
    sessionStore.getState().change_presentCard({ cardNo: 'A' });
    window.localStorage.setItem('strategyParams', '{"a":1}');
    window.localStorage.setItem('selectParams', '{"b":1}');
    const rerender = vi.fn();
    await runStartup(deps({ environment: app, getNativeToken: async () => '', rerender })).done;
    expect(localStore.getState().token).toBeNull();
    expect(localStore.getState().isGetNewUserCard).toBeNull();
    expect(sessionStore.getState().newUser).toBeNull();
    expect(sessionStore.getState().presentCard).toBeNull();
    expect(window.localStorage.getItem('strategyParams')).toBeNull();
    expect(window.localStorage.getItem('selectParams')).toBeNull();
    expect(rerender).toHaveBeenCalledOnce();
    expect(calls()).not.toContain('user.userinfo');
  });

  it('in the app keeps the stored token when the bridge does not answer', async () => {
    localStore.getState().setToken('kept');
    const rerender = vi.fn();
    await runStartup(deps({ environment: app, getNativeToken: async () => null, rerender })).session;
    expect(localStore.getState().token).toBe('kept');
    expect(rerender).not.toHaveBeenCalled();
  });
});

describe('session init (spec 1 §4 step 2)', () => {
  it('is skipped on /vipGiftCard and /newscastCont?state=auth only', () => {
    expect(skipsSessionInit({ pathname: '/vipGiftCard', search: '' })).toBe(true);
    expect(skipsSessionInit({ pathname: '/newscastCont', search: '?state=auth' })).toBe(true);
    expect(skipsSessionInit({ pathname: '/newscastCont', search: '' })).toBe(false);
    expect(skipsSessionInit({ pathname: '/', search: '?state=auth' })).toBe(false);
  });

  it('runs the login check on other pages (a clear query removes the token)', async () => {
    localStore.getState().setToken('jwt');
    const location = { pathname: '/', search: '?clear=1' };
    await runStartup(deps({ location, loginFlow: { ...deps().loginFlow, location } })).session;
    expect(localStore.getState().token).toBeNull();
  });

  it('leaves the token alone on a page that skips it', async () => {
    localStore.getState().setToken('jwt');
    const location = { pathname: '/vipGiftCard', search: '?clear=1' };
    await runStartup(deps({ location, loginFlow: { ...deps().loginFlow, location } })).session;
    expect(localStore.getState().token).toBe('jwt');
  });
});

describe('account creation (spec 1 §2 open_HX_creatAccount=creat)', () => {
  it('opens account creation after the session is known', async () => {
    localStore.getState().setToken('jwt');
    const openAccountCreation = vi.fn();
    const location = { pathname: '/', search: '?open_HX_creatAccount=creat' };
    await runStartup(deps({ location, openAccountCreation, loginFlow: { ...deps().loginFlow, location } }))
      .session;
    expect(openAccountCreation).toHaveBeenCalledWith('open');
  });

  it('asks a visitor to log in first, and does nothing without the query', async () => {
    const openAccountCreation = vi.fn();
    const location = { pathname: '/', search: '?open_HX_creatAccount=creat' };
    await runStartup(deps({ location, openAccountCreation, loginFlow: { ...deps().loginFlow, location } }))
      .session;
    expect(openAccountCreation).toHaveBeenCalledWith('login');
    const quiet = vi.fn();
    await runStartup(deps({ openAccountCreation: quiet })).session;
    expect(quiet).not.toHaveBeenCalled();
  });
});
