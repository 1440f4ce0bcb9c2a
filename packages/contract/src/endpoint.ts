import type { z } from 'zod';
import { withBuiltSchemas } from './lazy-schema.ts';

export type HttpMethod = 'GET' | 'POST';

/**
 * Who may call an endpoint. The server resolves the `token` header before the handler runs:
 * - `required`: a signed-in user; without a token the call answers 004, with a token that is no
 *   longer good its refusal code (015, 016, 033, 036; spec 1 §8 sends the user to log in);
 * - `optional`: a signed-in user when the token is good, otherwise a visitor (a stale token does
 *   not get in the way, e.g. of logging in again);
 * - `none`: the token is not read at all.
 */
export type EndpointAuth = 'required' | 'optional' | 'none';

/**
 * The rate-limit classes of the server (apps/server/src/http/rate-limits.ts holds their numbers).
 * An endpoint without one is limited only by what its handler checks.
 * - `session`: the call may create a user or a session (logins, token exchanges); counted per IP,
 *   so a script cannot mint throw-away accounts whose per-user limits would then add up.
 * - `pageView`, `errorReport`, `event`: telemetry any visitor can write; counted per IP and, when
 *   signed in, per user as well.
 * - `userText`: what a user writes for others to read or for us to keep (comments, questions,
 *   answers, feedback, upload tickets); counted per user and per IP, so one account cannot flood a
 *   thread or fill the storage.
 */
export const rateLimitClasses = ['session', 'pageView', 'errorReport', 'event', 'userText'] as const;
export type RateLimitClass = (typeof rateLimitClasses)[number];

/** The parts of a request an endpoint may validate, besides its `datas` answer. */
export const requestParts = ['query', 'body', 'params'] as const;
export type RequestPart = (typeof requestParts)[number];

/** What a contract file writes for one endpoint; `defineGroup` adds its group and name. */
export interface EndpointDraft<
  Method extends HttpMethod = HttpMethod,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends z.ZodObject | undefined = z.ZodObject | undefined,
  Datas extends z.ZodType = z.ZodType,
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Auth extends EndpointAuth = EndpointAuth,
> {
  method: Method;
  /**
   * The URL path. A `:name` segment is a path parameter (reference/protocol.md puts codes in
   * `/api/v4/...` paths); its schema is `params`.
   */
  path: string;
  /** Short Chinese description for the OpenAPI document. */
  summary: string;
  auth: Auth;
  rateLimit: RateLimitClass | null;
  /**
   * spec 1 §4 "Watchlist change marker": a success sets break_favorite so the watchlist reloads its
   * lists when the user returns to it.
   */
  marksWatchlist: boolean;
  /**
   * The request parts this endpoint has a schema for, known without building the schemas: the
   * server registers its routes from it and builds a part's validator on the first request.
   */
  requestParts: readonly RequestPart[];
  query: Query;
  body: Body;
  params: Params;
  datas: Datas;
}

/**
 * One endpoint of the API. The server registers, authenticates and validates it from this object,
 * the client derives its call signature from it, and the OpenAPI document is generated from it.
 */
export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends z.ZodObject | undefined = z.ZodObject | undefined,
  Datas extends z.ZodType = z.ZodType,
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Auth extends EndpointAuth = EndpointAuth,
> extends EndpointDraft<Method, Query, Body, Datas, Params, Auth> {
  /** The feature group: the contract file's group (same name in the server modules and web features). */
  group: string;
  /** The endpoint's key within its group: `request('fund.baseInfo')` is group `fund`, name `baseInfo`. */
  name: string;
}

/**
 * A schema as an endpoint definition gives it: the contract's endpoints give a function that
 * builds it, so that loading the contract builds no endpoint's schemas (about half the
 * contract's start-up cost on the server and on a page's first call); each is built once, when it
 * is first read. A schema given as it is serves as it is (small endpoints in tests).
 */
export type SchemaSource<Schema> = Schema | (() => Schema);

export function defineEndpoint<
  Method extends HttpMethod,
  Datas extends z.ZodType,
  Auth extends EndpointAuth,
  Query extends z.ZodObject | undefined = undefined,
  Body extends z.ZodObject | undefined = undefined,
  Params extends z.ZodObject | undefined = undefined,
>(endpoint: {
  method: Method;
  path: string;
  summary: string;
  /** Every endpoint says who may call it; there is no default. */
  auth: Auth;
  rateLimit?: RateLimitClass;
  marksWatchlist?: boolean;
  query?: SchemaSource<Query>;
  body?: SchemaSource<Body>;
  params?: SchemaSource<Params>;
  datas: SchemaSource<Datas>;
}): EndpointDraft<Method, Query, Body, Datas, Params, Auth> {
  const draft: Omit<EndpointDraft<Method, Query, Body, Datas, Params, Auth>, RequestPart | 'datas'> = {
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    auth: endpoint.auth,
    rateLimit: endpoint.rateLimit ?? null,
    marksWatchlist: endpoint.marksWatchlist ?? false,
    requestParts: requestParts.filter((part) => endpoint[part] !== undefined),
  };
  for (const part of [...requestParts, 'datas'] as const) defineSchema(draft, part, endpoint[part]);
  // defineSchema has just given it every schema.
  return draft as EndpointDraft<Method, Query, Body, Datas, Params, Auth>;
}

/**
 * Sets `target[key]` to the schema `source` gives: an own, enumerable property (so spreading an
 * endpoint copies it), which a function source replaces with the schema it builds on first read.
 */
function defineSchema(target: object, key: RequestPart | 'datas', source: unknown): void {
  if (typeof source !== 'function') {
    Object.defineProperty(target, key, {
      value: source,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return;
  }
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const schema: unknown = withBuiltSchemas(source());
      Object.defineProperty(target, key, {
        value: schema,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return schema;
    },
  });
}

type Grouped<Draft, Group extends string, Name> = Draft & {
  readonly group: Group;
  readonly name: Name & string;
};

/**
 * The endpoints of one contract file under its group name: each gets `group` and its key as
 * `name`, so the group is written once per file and can never disagree with the `api` object.
 */
export function defineGroup<const Group extends string, const Drafts extends Record<string, EndpointDraft>>(
  group: Group,
  drafts: Drafts,
): { readonly [Name in keyof Drafts]: Grouped<Drafts[Name], Group, Name> } {
  const endpoints: Record<string, Endpoint> = {};
  // The draft itself gets its group and name: copying it would build its schemas (defineEndpoint).
  for (const [name, draft] of Object.entries(drafts)) endpoints[name] = Object.assign(draft, { group, name });
  return endpoints as { readonly [Name in keyof Drafts]: Grouped<Drafts[Name], Group, Name> };
}

export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodObject ? z.input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodObject ? z.input<E['body']> : undefined;
export type PathParamsOf<E extends Endpoint> = E['params'] extends z.ZodObject
  ? z.input<E['params']>
  : undefined;
export type DatasOf<E extends Endpoint> = z.output<E['datas']>;
