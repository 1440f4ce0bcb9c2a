import type { BodyOf, Endpoint, PathParamsOf, QueryOf } from '@zhicai/contract';

/** The contract's endpoint groups (type only: the values load lazily, see request.ts). */
export type Api = typeof import('@zhicai/contract').api;

/** A POST's JSON body and, when the contract gives it one, its query (sent in the URL). */
type PostSent<E extends Endpoint> =
  QueryOf<E> extends undefined
    ? BodyOf<E>
    : BodyOf<E> extends undefined
      ? QueryOf<E>
      : BodyOf<E> & QueryOf<E>;

type Sent<E extends Endpoint> = E['method'] extends 'GET' ? QueryOf<E> : PostSent<E>;

/**
 * What a call sends: the query for GET, the JSON body for POST (spec 1 §7 "Request rules") and the
 * query the contract declares for a POST (`sortOpt?groupId=`), plus the path parameters of a path
 * such as `/api/v4/dayKV2/:code`, which fill the path instead.
 */
export type ParamsOf<E extends Endpoint> =
  PathParamsOf<E> extends undefined
    ? Sent<E>
    : Sent<E> extends undefined
      ? PathParamsOf<E>
      : PathParamsOf<E> & Sent<E>;

export interface RequestOptions {
  /** Cancels the call (TanStack Query passes one per query). */
  signal?: AbortSignal;
  /**
   * A raw body sent as is, for uploads (spec 1 §7: "the raw body when a content type is given").
   * Only token, requestFrom and Expires go as headers; the browser writes the multipart content
   * type with its boundary. Such a call succeeds only on HTTP 200 (spec 1 §8).
   */
  multipart?: FormData | Blob;
  /** The failure handler of spec 1 §8 ("failure handler called and an error thrown"). */
  onFail?: (error: Error) => void;
  /**
   * A startup call (spec 1 §4): sent at once instead of waiting for the session to be known.
   * Only the startup sequence and the login flow set it.
   */
  startup?: boolean;
}

export type Args<E extends Endpoint> =
  ParamsOf<E> extends undefined
    ? [params?: undefined, options?: RequestOptions]
    : [params: ParamsOf<E>, options?: RequestOptions];

/**
 * An endpoint's name, `group.endpoint` as in the contract's `api` object (`'config.getAppMenus'`).
 * Call sites name endpoints this way: never a URL, and nothing the first paint has to load.
 */
export type EndpointName = { [G in keyof Api]: `${G & string}.${keyof Api[G] & string}` }[keyof Api];

/** The endpoint object a name stands for. */
export type EndpointOf<N extends EndpointName> = N extends `${infer G extends keyof Api}.${infer K}`
  ? K extends keyof Api[G]
    ? Api[G][K] extends Endpoint
      ? Api[G][K]
      : never
    : never
  : never;
