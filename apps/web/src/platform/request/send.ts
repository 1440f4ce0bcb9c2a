import type { Endpoint } from '@zhicai/contract';
import { currentEnvironment } from '../environment.ts';
import { inBackground } from '../in-background.ts';
import { getRuntimeConfig } from '../runtime-config.ts';
import { localStore } from '../session/local-store.ts';
import { sessionStore } from '../session/session-store.ts';
import { ApiError, invalidResponseCode, NetworkError, offlineMessage } from './api-error.ts';
import { buildRequest, isSignedPath, type RequestContext, takesTimeParam } from './request-rules.ts';
import type { RequestOptions } from './request-types.ts';
import { judge } from './response-rules.ts';
import { sessionInvalidated } from './session-invalid.ts';
import { apiLockGate, sessionGate } from './startup-gates.ts';

/**
 * The wrapper of spec 1 §7 and §8, loaded after first paint (see request.ts). `send` returns the
 * contract-checked `datas`; `sendText` the body text.
 */

// The toast and the notice dialog load in the background right away: the offline toast must be
// at hand once the network is gone.
const toastModule = inBackground(() => import('../../ui/toast/toast.ts'));
const noticeModule = inBackground(() => import('../../ui/notice-dialog/show-notice.tsx'));

function offline(): NetworkError {
  // One toast for a burst of failing calls (same id). If even the toast could not load, there is
  // nothing more to show; the caller still gets the NetworkError.
  void toastModule()
    .then(({ toast }) => toast.error(offlineMessage, { id: 'offline' }))
    .catch(() => undefined);
  return new NetworkError(offlineMessage);
}

// spec 1 §8 "Offline": the toast also shows the moment the device drops off the network, not only
// when the next call fails.
if (typeof window !== 'undefined') window.addEventListener('offline', () => offline());

function notice(message: string): void {
  if (!message) return;
  void noticeModule()
    .then(({ showNotice }) => showNotice(message))
    .catch(() => undefined);
}

// The signature (crypto-js) loads in the background too, beside the toast: fetched only on a page's
// first signed call, it was one more round trip after this chunk before every /v3/ page's first data
// (its first call waits for the API lock, then for this chunk).
const signatureModule = inBackground(() => import('./signature.ts'));

/** The state of the page a call to `path` is made from. */
async function context(path: string): Promise<RequestContext> {
  const local = localStore.getState();
  const now = Date.now();
  const signs = isSignedPath(path) && local.APILOCK !== null;
  const timed = takesTimeParam(path);
  const crypto = signs || timed ? await signatureModule() : null;
  return {
    token: local.token,
    requestFrom: currentEnvironment().requestFrom,
    isSubject: Boolean(sessionStore.getState().isSubject),
    signature:
      crypto && signs && local.APILOCK
        ? crypto.zstokv1(local.APILOCK, now, getRuntimeConfig().apiLockKey)
        : null,
    timeParam: crypto && timed ? crypto.tParam(now) : null,
    now,
    page: { pathname: window.location.pathname, search: window.location.search },
  };
}

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function exchange(endpoint: Endpoint, params: unknown, options: RequestOptions = {}): Promise<Answer> {
  if (!options.startup) await sessionGate();
  if (endpoint.path.includes('/v3/')) await apiLockGate();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw offline();

  const built = buildRequest(endpoint, params, await context(endpoint.path), options.multipart);
  let response: Response;
  try {
    response = await fetch(built.url, {
      method: built.method,
      headers: built.headers,
      body: built.body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // fetch rejects with TypeError when the network fails; an abort is the caller's own doing.
    if (error instanceof TypeError) throw offline();
    throw error;
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

function fail(error: ApiError, options: RequestOptions | undefined): never {
  options?.onFail?.(error);
  throw error;
}

export async function send(endpoint: Endpoint, params: unknown, options?: RequestOptions): Promise<unknown> {
  const multipart = options?.multipart !== undefined;
  const { status, body } = await exchange(endpoint, params, options);
  const verdict = judge(status, body, multipart);
  switch (verdict.kind) {
    case 'success': {
      if (verdict.newUser) sessionStore.getState().set('newUser', '1');
      if (verdict.notice !== null) notice(verdict.notice);
      let datas: unknown = verdict.datas;
      if (!multipart) {
        const parsed = endpoint.datas.safeParse(verdict.datas);
        // A notice code (-001/-002/-004) often comes without datas: the notice has told the user,
        // so the call then fails quietly (handled).
        if (!parsed.success) {
          const error = new ApiError(
            invalidResponseCode,
            '服务返回的数据格式有误',
            status,
            verdict.notice !== null,
          );
          return fail(error, options);
        }
        datas = parsed.data;
      }
      // spec 1 §4 "Watchlist change marker": the contract flags the calls that set it.
      if (endpoint.marksWatchlist) sessionStore.getState().set('break_favorite', '1');
      return datas;
    }
    case 'noticeFail':
      notice(verdict.message);
      return fail(new ApiError(verdict.code, verdict.message, status, true), options);
    case 'sessionInvalid':
      sessionInvalidated();
      return fail(new ApiError(verdict.code, verdict.message, status, true), options);
    case 'fail':
      return fail(new ApiError(verdict.code, verdict.message, status), options);
  }
}

export async function sendText(
  endpoint: Endpoint,
  params: unknown,
  options?: RequestOptions,
): Promise<string> {
  const { status, text } = await exchange(endpoint, params, options);
  if (status !== 200) return fail(new ApiError(`HTTP ${status}`, `请求失败（${status}）`, status), options);
  return text;
}
