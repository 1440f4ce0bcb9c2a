import { type Endpoint, routeOf } from '@zhicai/contract';
import type { SignatureHeaders } from '@zhicai/domain';
import type { RequestFrom } from '../environment.ts';

/**
 * The pure part of spec 1 §7 "Request rules": from an endpoint, its parameters and the state of
 * the page, the URL, headers and body to send. Nothing here reads storage or the clock, so each
 * rule has a plain table test. The two time-derived values (the /v3/ signature and the /api/v4/ `t`)
 * come in computed (send.ts loads their crypto only when a call needs them).
 */
export interface RequestContext {
  /** The user token from local storage; null when signed out. */
  token: string | null;
  requestFrom: RequestFrom;
  /** sessionStorage isSubject is set (a course page): the course soft-token header goes along. */
  isSubject: boolean;
  /**
   * The timeStamp + zstokv1 headers for this call's time (domain zstokv1 over the API-lock token and
   * the runtime config's apiLockKey); null while APILOCK is off or on paths that are not signed.
   */
  signature: SignatureHeaders | null;
  /** The domain's tParam for this call's time, on /api/v4/ paths; null elsewhere. */
  timeParam: string | null;
  /** Epoch milliseconds of this call: `t`, `timeStamp` and `_t` share it. */
  now: number;
  /** The page the call is made from (its query feeds `_source`, its path `action=notMsk`). */
  page: { pathname: string; search: string };
}

export interface BuiltRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | FormData | Blob;
}

/** The course soft-token header (spec 1 §7 "extra header for the course soft token"). */
export const courseHeader = { name: 'softToken', value: 'COURSE' } as const;
/** The cache-busting query parameter added to GET reads (spec 1 §7 "add a timestamp"). */
export const cacheBustParam = '_t';
/** The page whose user-info calls ask for the unmasked phone (spec 2 §7.3). */
const integralNewUserPath = routeOf('integralNewUser').path;

/** spec 1 §7: the user-info call (GET /api/v2/user/userinfo) carries extras from the page. */
function isUserInfoCall(endpoint: Pick<Endpoint, 'group' | 'name'>): boolean {
  return endpoint.group === 'user' && endpoint.name === 'userinfo';
}

/** spec 1 §7: paths containing /v3/ carry the signature headers. */
export function isSignedPath(path: string): boolean {
  return path.includes('/v3/');
}

/** spec 1 §7: paths containing /api/v4/ get the time parameter t. */
export function takesTimeParam(path: string): boolean {
  return path.includes('/api/v4/');
}

type Payload = Record<string, unknown>;

function queryOf(payload: Payload): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    search.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}

function withQuery(path: string, payload: Payload): string {
  const query = queryOf(payload);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** spec 1 §7: /api/v2/user/userinfo forwards `_source`, adds source=1, and action=notMsk on one page. */
export function userInfoExtras(page: RequestContext['page']): Payload {
  const extras: Payload = {};
  const source = new URLSearchParams(page.search).get('_source');
  if (source !== null) extras._source = source;
  extras.source = '1';
  if (page.pathname === integralNewUserPath) extras.action = 'notMsk';
  return extras;
}

/** spec 1 §7: the headers of every call. */
export function requestHeaders(
  path: string,
  context: RequestContext,
  multipart: boolean,
): Record<string, string> {
  const headers: Record<string, string> = multipart
    ? { token: context.token ?? '', requestFrom: context.requestFrom, Expires: '-1' }
    : {
        token: context.token ?? '',
        requestFrom: context.requestFrom,
        'Content-Type': 'application/json',
        Expires: '-1',
      };
  if (context.isSubject) headers[courseHeader.name] = courseHeader.value;
  if (isSignedPath(path)) {
    // Signed only while APILOCK is on; otherwise the two headers go empty (spec 1 §7).
    const signature = context.signature ?? { timeStamp: '', zstokv1: '' };
    headers.timeStamp = signature.timeStamp;
    headers.zstokv1 = signature.zstokv1;
  }
  return headers;
}

/** Builds one call (spec 1 §7 "Request rules"). */
/**
 * Puts path parameters into a `:name` path and takes them out of the payload. Codes in `/api/v4/`
 * paths lose their dot and are upper case (reference/protocol.md: 510300.SH → 510300SH).
 */
export function fillPathParams(path: string, payload: Payload): string {
  return path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
    const value = String(payload[name] ?? '');
    delete payload[name];
    const segment = path.startsWith('/api/v4/') ? value.replace('.', '').toUpperCase() : value;
    return encodeURIComponent(segment);
  });
}

export function buildRequest(
  endpoint: Pick<Endpoint, 'method' | 'path' | 'group' | 'name'> & { query?: Endpoint['query'] },
  params: unknown,
  context: RequestContext,
  multipart?: FormData | Blob,
): BuiltRequest {
  const payload: Payload = typeof params === 'object' && params !== null ? { ...(params as Payload) } : {};
  const { method } = endpoint;
  const path = fillPathParams(endpoint.path, payload);
  // spec 1 §7: paths containing /api/v4/ get the time parameter t in the payload.
  if (takesTimeParam(path) && context.timeParam !== null) payload.t = context.timeParam;
  const extras = isUserInfoCall(endpoint) ? userInfoExtras(context.page) : {};
  const headers = requestHeaders(path, context, multipart !== undefined);

  if (method === 'GET') {
    // The cache-busting timestamp goes last so the meaningful parameters read first in logs.
    const url = withQuery(path, { ...payload, ...extras, [cacheBustParam]: context.now });
    return { url, method, headers };
  }
  if (multipart !== undefined) {
    // A raw body cannot carry payload fields; they travel in the query instead.
    return { url: withQuery(path, { ...payload, ...extras }), method, headers, body: multipart };
  }
  // POST: the payload is the JSON body (spec 1 §7); the userinfo extras and the fields the contract
  // declares as the call's query (spec 2 §7.3's `batchAdd?code=`, `sortOpt?groupId=`) go in the URL.
  const queryKeys = new Set(Object.keys(endpoint.query?.shape ?? {}));
  const inUrl: Payload = {};
  const body: Payload = {};
  for (const [key, value] of Object.entries(payload)) {
    if (queryKeys.has(key)) inUrl[key] = value;
    else body[key] = value;
  }
  return { url: withQuery(path, { ...inUrl, ...extras }), method, headers, body: JSON.stringify(body) };
}
