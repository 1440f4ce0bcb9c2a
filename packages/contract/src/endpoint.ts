import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * One endpoint of the API. The server registers and validates it from this object, the client
 * derives its call signature from it, and the OpenAPI document is generated from it.
 */
export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends z.ZodObject | undefined = z.ZodObject | undefined,
  Datas extends z.ZodType = z.ZodType,
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
> {
  method: Method;
  /**
   * The URL path. A `:name` segment is a path parameter (reference/protocol.md puts codes in
   * `/api/v4/...` paths); its schema is `params`.
   */
  path: string;
  /** Short Chinese description for the OpenAPI document. */
  summary: string;
  /** The feature group (same name in the contract, the server modules and the web features). */
  group: string;
  query: Query;
  body: Body;
  params: Params;
  datas: Datas;
}

export function defineEndpoint<
  Method extends HttpMethod,
  Datas extends z.ZodType,
  Query extends z.ZodObject | undefined = undefined,
  Body extends z.ZodObject | undefined = undefined,
  Params extends z.ZodObject | undefined = undefined,
>(endpoint: {
  method: Method;
  path: string;
  summary: string;
  group: string;
  query?: Query;
  body?: Body;
  params?: Params;
  datas: Datas;
}): Endpoint<Method, Query, Body, Datas, Params> {
  return {
    ...endpoint,
    query: endpoint.query as Query,
    body: endpoint.body as Body,
    params: endpoint.params as Params,
  };
}

export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodObject ? z.input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodObject ? z.input<E['body']> : undefined;
export type PathParamsOf<E extends Endpoint> = E['params'] extends z.ZodObject
  ? z.input<E['params']>
  : undefined;
export type DatasOf<E extends Endpoint> = z.output<E['datas']>;
