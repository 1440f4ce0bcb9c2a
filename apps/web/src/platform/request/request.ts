import { type BodyOf, type DatasOf, type Endpoint, type QueryOf, responseKind } from '@zhicai/contract';
import { requestFrom } from '../environment.ts';
import { localStore } from '../session/local-store.ts';
import { sessionStore } from '../session/session-store.ts';
import { ApiError, NetworkError } from './api-error.ts';

/** What a call sends: the query for GET, the JSON body for POST (spec 1 §7 "Request rules"). */
export type ParamsOf<E extends Endpoint> = E['method'] extends 'GET' ? QueryOf<E> : BodyOf<E>;

export interface RequestOptions {
  /** Cancels the call (TanStack Query passes one per query). */
  signal?: AbortSignal;
}

type Args<E extends Endpoint> =
  ParamsOf<E> extends undefined
    ? [params?: undefined, options?: RequestOptions]
    : [params: ParamsOf<E>, options?: RequestOptions];

export const offlineMessage = '网络已断开';

/** Query-string value of one parameter; absent values are left out. */
function appendParam(search: URLSearchParams, key: string, value: unknown) {
  if (value === undefined || value === null) return;
  search.append(key, Array.isArray(value) ? value.join(',') : String(value));
}

function urlOf(endpoint: Endpoint, params: unknown): string {
  if (endpoint.method !== 'GET' || params === undefined || params === null) return endpoint.path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) appendParam(search, key, value);
  const query = search.toString();
  return query ? `${endpoint.path}?${query}` : endpoint.path;
}

function headers(): Record<string, string> {
  return {
    token: localStore.getState().token ?? '',
    requestFrom: requestFrom(navigator.userAgent),
    'Content-Type': 'application/json',
    Expires: '-1',
  };
}

/**
 * Loads a module in the background, once; a failed load (the device went offline before it
 * arrived) is tried again on the next use.
 */
function inBackground<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  void get().catch(() => undefined);
  return get;
}

// The toast and the notice dialog stay out of the first paint, but start loading right away: the
// offline toast must be at hand once the network is gone.
const toastModule = inBackground(() => import('../../ui/toast/toast.ts'));
const noticeModule = inBackground(() => import('../../ui/notice-dialog/show-notice.tsx'));

function offline(): NetworkError {
  // One toast for a burst of failing calls. If even the toast could not load, there is nothing
  // more to show; the caller still gets the NetworkError.
  void toastModule()
    .then(({ toast }) => toast.error(offlineMessage, { id: 'offline' }))
    .catch(() => undefined);
  return new NetworkError(offlineMessage);
}

function notice(message: string): void {
  void noticeModule()
    .then(({ showNotice }) => showNotice(message))
    .catch(() => undefined);
}

interface Envelope {
  code: string;
  message: string;
  datas: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message } = body as Record<string, unknown>;
  return typeof code === 'string' && (message === undefined || typeof message === 'string');
}

/**
 * Calls one contract endpoint and returns its `datas` (spec 1 §7 and §8). The endpoint object comes
 * from `@zhicai/contract`, never a URL string. The full wrapper of spec 1 §7 (v3 signature headers,
 * v4 time parameter, multipart, the course header) arrives with the next issue and extends this one.
 *
 * - offline or unreachable: toast 网络已断开, throw NetworkError;
 * - HTTP status other than 200: throw ApiError, whatever the code says;
 * - success codes return datas (014 also sets the newUser flag); notice codes show the message in
 *   the notice dialog and return datas; 037 shows it and throws; session-invalid codes remove the
 *   token and throw; every other code throws.
 */
export async function request<E extends Endpoint>(endpoint: E, ...args: Args<E>): Promise<DatasOf<E>> {
  const [params, options] = args;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw offline();

  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, params), {
      method: endpoint.method,
      headers: headers(),
      body: endpoint.method === 'POST' && params !== undefined ? JSON.stringify(params) : undefined,
      signal: options?.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // fetch rejects with TypeError when the network fails; an abort is the caller's own doing.
    if (error instanceof TypeError) throw offline();
    throw error;
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }

  if (response.status !== 200) {
    const code = isEnvelope(body) ? body.code : `HTTP ${response.status}`;
    const message = isEnvelope(body) && body.message ? body.message : `请求失败（${response.status}）`;
    throw new ApiError(code, message, response.status);
  }
  if (!isEnvelope(body)) throw new ApiError('invalidResponse', '服务返回的数据无法识别', response.status);

  const message = body.message ?? '';
  switch (responseKind(body.code)) {
    case 'success':
      return datasOf(endpoint, body.datas, response.status);
    case 'successNewUser':
      sessionStore.getState().set('newUser', '1');
      return datasOf(endpoint, body.datas, response.status);
    case 'notice':
      notice(message);
      return datasOf(endpoint, body.datas, response.status);
    case 'noticeFail':
      notice(message);
      throw new ApiError(body.code, message, response.status);
    case 'sessionInvalid':
      // The login and relogin flows (spec 1 §4) arrive with the login issue; removing the token
      // already makes every later call anonymous.
      localStore.getState().setToken(null);
      throw new ApiError(body.code, message, response.status);
    case 'fail':
      throw new ApiError(body.code, message || '请求失败', response.status);
  }
}

/** Checks datas against the contract, so a page never renders a shape it was not written for. */
function datasOf<E extends Endpoint>(endpoint: E, datas: unknown, status: number): DatasOf<E> {
  const parsed = endpoint.datas.safeParse(datas);
  if (!parsed.success) throw new ApiError('invalidResponse', '服务返回的数据格式有误', status);
  return parsed.data as DatasOf<E>;
}
