import {
  type DatasOf,
  type Endpoint,
  envelopeOf,
  type RequestPart,
  type ResponseCode,
  type ResponseKind,
  responseCodes,
} from '@zhicai/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Authenticator, SignedInUser } from '../platform/auth/sessions.ts';
import { success } from './envelope.ts';
import { LazySchema, lazySerializerCompiler, lazyValidatorCompiler } from './lazy-schema.ts';
import { memoizedQueryValidator } from './memoized-query.ts';
import type { RateLimits } from './rate-limits.ts';

/**
 * What registerEndpoint needs to enforce an endpoint's `auth` and `rateLimit` before its handler
 * runs; buildApp installs it once (installEndpointGuards).
 */
export interface EndpointGuards {
  auth: Authenticator;
  limits: RateLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    endpointGuards: EndpointGuards | null;
  }
}

export function installEndpointGuards(app: FastifyInstance, guards: EndpointGuards): void {
  app.decorate('endpointGuards', guards);
}

/** Catalogue codes that mean success (spec 1 §8), e.g. 014 "success and new user". */
export type SuccessCode = {
  [Code in ResponseCode]: (typeof responseCodes)[Code]['kind'] extends Extract<
    ResponseKind,
    'success' | 'successNewUser'
  >
    ? Code
    : never;
}[ResponseCode];

/** What a handler returns to answer a success code other than 000. */
export class SuccessAnswer<Datas> {
  constructor(
    readonly code: SuccessCode,
    readonly datas: Datas,
  ) {}
}

export function answerWith<Datas>(code: SuccessCode, datas: Datas): SuccessAnswer<Datas> {
  return new SuccessAnswer(code, datas);
}

/**
 * Headers a PreparedAnswer needs besides its content type and length (content-encoding, vary),
 * made once and shared by every answer that needs them: as fields for Fastify's reply and as the
 * flat name/value list the pre-router (pre-router.ts) writes without Fastify.
 */
export class PreparedHeaders {
  readonly list: readonly string[];

  constructor(readonly fields: Readonly<Record<string, string>>) {
    this.list = Object.entries(fields).flat();
  }
}

const noHeaders = new PreparedHeaders({});

/**
 * What a handler returns to send a success envelope it has already serialised (and possibly
 * compressed): the route skips the zod response serializer for it. Only for hot routes whose
 * envelope is built from data already checked against the contract schema (realTime encodes each
 * quote with the quote schema once per tick); tests must still parse such answers with the
 * contract schema. The content type is JSON.
 */
export class PreparedAnswer {
  constructor(
    readonly payload: string | Buffer,
    readonly headers: PreparedHeaders = noHeaders,
  ) {}
}

export function preparedAnswer(payload: string | Buffer, headers?: PreparedHeaders): PreparedAnswer {
  return new PreparedAnswer(payload, headers);
}

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** The caller as the endpoint's `auth` admits it: always a user, a user or null, or not read. */
export type CallerOf<E extends Endpoint> = E['auth'] extends 'required'
  ? SignedInUser
  : E['auth'] extends 'optional'
    ? SignedInUser | null
    : undefined;

export interface EndpointInput<E extends Endpoint> {
  /** The signed-in caller, resolved and checked before the handler runs. */
  user: CallerOf<E>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  params: Parsed<E['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointOptions {
  /**
   * The handler negotiates and compresses its own answers (it returns a PreparedAnswer with
   * content-encoding set): @fastify/compress adds no hooks to the route.
   */
  compressesItself?: boolean;
  /** Remember validated querystrings (memoized-query.ts): for hot GET routes polled with one query. */
  memoizeQuery?: boolean;
}

/**
 * The caller of one request as the endpoint admits it: with `rateLimit`, the call is counted for
 * the client IP first (so refused tokens count too) and then for the signed-in user.
 */
async function admit<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  request: FastifyRequest,
): Promise<CallerOf<E>> {
  if (endpoint.auth === 'none' && endpoint.rateLimit === null) return undefined as CallerOf<E>;
  const guards = app.endpointGuards;
  if (!guards) throw new Error(`${endpoint.path} needs endpoint guards: call installEndpointGuards first`);
  if (endpoint.rateLimit !== null) guards.limits.takeForIp(endpoint.rateLimit, request.ip);
  let user: SignedInUser | null | undefined;
  if (endpoint.auth === 'required') user = await guards.auth.requireUser(request);
  else if (endpoint.auth === 'optional') user = await guards.auth.optionalUser(request);
  if (endpoint.rateLimit !== null && user) guards.limits.takeForUser(endpoint.rateLimit, user.userId);
  return user as CallerOf<E>;
}

/**
 * Serves one contract endpoint: its schemas validate the request and the response, its `auth`
 * and `rateLimit` are enforced before the handler runs (which receives the typed `user`), and the
 * handler only returns `datas`; the envelope is added here. Expected failures are thrown as
 * AppError and become catalogue envelopes in the error handler. A handler that must answer another
 * success code of the catalogue (014 for a new user) returns `answerWith(code, datas)`; a hot route
 * that has the whole envelope ready as JSON returns `preparedAnswer(payload)`.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<DatasOf<E> | SuccessAnswer<DatasOf<E>> | PreparedAnswer>,
  options: EndpointOptions = {},
): void {
  // The schemas are built on the route's first request (lazy-schema.ts), not here.
  const partSchema = (part: RequestPart) =>
    endpoint.requestParts.includes(part) ? new LazySchema(() => endpoint[part] as z.ZodType) : undefined;
  const querystring = partSchema('query');
  const body = partSchema('body');
  const params = partSchema('params');
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.compressesItself ? { compress: false as const } : {}),
    validatorCompiler: options.memoizeQuery ? memoizedQueryValidator() : lazyValidatorCompiler,
    serializerCompiler: lazySerializerCompiler,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.group],
      // The OpenAPI document shows which calls need a login ('optional' ones work either way).
      ...(endpoint.auth === 'required'
        ? { security: [{ token: [] }] }
        : endpoint.auth === 'optional'
          ? { security: [{}, { token: [] }] }
          : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      ...(params ? { params } : {}),
      response: { 200: new LazySchema(() => envelopeOf(endpoint.datas)) },
    },
    handler: async (request, reply) => {
      const user = await admit(app, endpoint, request);
      const result = await handler({
        user,
        query: request.query as Parsed<E['query']>,
        body: request.body as Parsed<E['body']>,
        params: request.params as Parsed<E['params']>,
        request,
        reply,
      });
      if (result instanceof PreparedAnswer) {
        // A string or Buffer with a JSON content type goes out as it is: Fastify calls the
        // response serializer only for other payloads.
        return reply
          .headers(result.headers.fields)
          .type('application/json; charset=utf-8')
          .send(result.payload);
      }
      if (result instanceof SuccessAnswer) {
        return { code: result.code, message: responseCodes[result.code].message, datas: result.datas };
      }
      return success(result);
    },
  });
}
