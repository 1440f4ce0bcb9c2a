import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Endpoint } from '@zhicai/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  type EndpointInput,
  type EndpointOptions,
  type PreparedAnswer,
  registerEndpoint,
} from './register-endpoint.ts';
import { logsDebug, SLOW_REQUEST_MS, slowRequestFields } from './request-log.ts';
import { normalisedSegments } from './request-path.ts';

/**
 * The answer to a GET of a pre-routed path with this raw querystring (everything after the first
 * `?`), or undefined to let Fastify answer the request the usual way.
 */
export type PreRoute = (query: string, header: HeaderOf) => PreparedAnswer | undefined;

/**
 * A request header's value as Node gives it in `request.headers` for headers that are not special
 * (repeats joined with ", "), or undefined. Routes read headers through this rather than
 * `request.headers`, whose object Node builds on first access (~4% of a pre-routed answer).
 */
export type HeaderOf = (name: string) => string | undefined;

/** HeaderOf over the raw header list, for a lower-case name. */
export function rawHeader(rawHeaders: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const key = rawHeaders[index] as string;
    if (key.length === name.length && (key === name || key.toLowerCase() === name)) {
      const next = rawHeaders[index + 1] as string;
      value = value === undefined ? next : `${value}, ${next}`;
    }
  }
  return value;
}

/** HeaderOf over Fastify's (Node's) header object. */
export function headerOf(headers: IncomingHttpHeaders): HeaderOf {
  return (name) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

export interface PreRouter {
  /** Answers GETs of exactly `path` (followed by a querystring) through `route` first. */
  get(path: string, route: PreRoute): void;
  /** How many requests were answered before Fastify (for tests). */
  answered(): number;
}

export interface PreRouterOptions {
  /** True once the app is closing: Fastify then answers 503 and ends keep-alive connections. */
  closing: () => boolean;
  slowRequestMs?: number;
  /**
   * Headers the app's onSend hooks add to JSON answers (security-headers.ts), written after the
   * content type as Fastify writes them.
   */
  headers?: Readonly<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pre-router app.ts installs, for tests that check which requests it answered. */
    preRouter?: PreRouter;
  }
}

const QUESTION_MARK = 63;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers a few hot GETs on the HTTP server before Fastify sees them (issue 4: one realTime quote
 * ≥ 25,000 req/s on one core). On this 2-core VM a bare Node HTTP server answering a 0.6 KB
 * buffer manages 23-33k requests per CPU-second and a bare Fastify route 20-22k, so the budget
 * cannot be met inside Fastify's request pipeline, whose per-request objects (request, reply, child
 * logger), routing and global hooks (API lock, websocket, close, compress) cost more than the answer
 * itself. A pre-route only answers what Fastify would answer the same way: it hands back an answer
 * only for a querystring Fastify has already validated for it (registerPreRoutedGet), never for a
 * bad one, so a 400 envelope and its log line still come from Fastify.
 *
 * Everything else goes to Fastify untouched: other methods (HEAD included) and paths, requests
 * while the app closes (Fastify's 503 and `connection: close`), requests carrying a
 * content-encoding (@fastify/compress refuses unknown ones even on a GET), and everything when the
 * server logs at debug (the request log then writes each success). Pre-routed paths skip
 * Fastify's hooks, so only paths that no hook acts on may be pre-routed: the API lock acts on /v3/
 * only, the websocket hooks on upgrades only.
 *
 * Installed by wrapping the server's request listener rather than through Fastify's serverFactory:
 * with a serverFactory Fastify no longer listens on both 127.0.0.1 and ::1 for HOST=localhost and
 * leaves the server's timeouts to the factory; wrapping keeps the server Fastify made. Servers
 * Fastify adds for extra addresses of `localhost` are not wrapped and simply answer through Fastify.
 */
export function installPreRouter(app: FastifyInstance, options: PreRouterOptions): PreRouter {
  const server: Server = app.server;
  const listeners = server.listeners('request');
  if (listeners.length !== 1) {
    throw new Error(`pre-router: expected Fastify's one request listener, found ${listeners.length}`);
  }
  const fastify = listeners[0] as (request: IncomingMessage, response: ServerResponse) => void;
  const hookHeaders = Object.entries(options.headers ?? {}).flat();
  const log: FastifyBaseLogger = app.log;
  const routes: { path: string; route: PreRoute }[] = [];
  let answered = 0;

  function tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    for (const { path, route } of routes) {
      // Exactly the path and a `?`: no percent-encoding, trailing slash or other spelling that
      // Fastify might route differently.
      if (url.charCodeAt(path.length) !== QUESTION_MARK || !url.startsWith(path)) continue;
      const rawHeaders = request.rawHeaders;
      if (options.closing() || rawHeader(rawHeaders, 'content-encoding') !== undefined) return false;
      const started = performance.now();
      let answer: PreparedAnswer | undefined;
      try {
        answer = route(url.slice(path.length + 1), (name) => rawHeader(rawHeaders, name));
      } catch {
        // Fastify answers it again: the usual 500 envelope and error log if it fails there too.
        return false;
      }
      if (answer === undefined) return false;
      send(response, answer, hookHeaders);
      answered += 1;
      const responseTime = performance.now() - started;
      if (responseTime >= (options.slowRequestMs ?? SLOW_REQUEST_MS)) {
        log.warn({ req: slowRequestFields(request), res: { statusCode: 200 }, responseTime }, 'slow request');
      }
      return true;
    }
    return false;
  }

  server.removeListener('request', fastify);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || routes.length === 0 || !tryAnswer(request, response)) {
      fastify.call(server, request, response);
    }
  });

  return {
    get(path, route) {
      // Pre-routed answers skip Fastify's hooks, and the API lock is one of them.
      if (normalisedSegments(path).includes('v3'))
        throw new Error(`pre-router: ${path} is a signed /v3/ path and must go through the API lock`);
      // Fastify fixes a route's log level when the route is registered (the server's level then,
      // unless the route names one); when that level writes every success at debug, Fastify keeps
      // the route to itself.
      if (!logsDebug(log)) routes.push({ path, route });
    },
    answered: () => answered,
  };
}

interface Wire {
  headers: string[];
  /** The payload's bytes as a latin1 string (one character per byte). */
  body: string;
}

/** What send() derives from an answer, kept as long as the answer is (a tick, for realTime). */
const wires = new WeakMap<PreparedAnswer, Wire>();

function wireOf(answer: PreparedAnswer, hookHeaders: readonly string[]): Wire {
  let wire = wires.get(answer);
  if (wire === undefined) {
    const bytes = typeof answer.payload === 'string' ? Buffer.from(answer.payload) : answer.payload;
    wire = {
      headers: [
        ...answer.headers.list,
        'content-type',
        JSON_TYPE,
        ...hookHeaders,
        'content-length',
        String(bytes.length),
      ],
      body: bytes.toString('latin1'),
    };
    wires.set(answer, wire);
  }
  return wire;
}

/**
 * The headers and bytes Fastify sends for a PreparedAnswer (register-endpoint.ts), in its order.
 * The body goes out as a latin1 string, which writes exactly its bytes: Node then sends the head and
 * the body in one write, where a Buffer body takes a corked two-part writev.
 */
function send(response: ServerResponse, answer: PreparedAnswer, hookHeaders: readonly string[]): void {
  const wire = wireOf(answer, hookHeaders);
  response.writeHead(200, wire.headers);
  response.end(wire.body, 'latin1');
}

/**
 * A contract GET endpoint answered by `answer` from its validated query and the request headers,
 * through Fastify the first time a querystring comes and before Fastify (installPreRouter) once
 * Fastify has validated exactly that querystring for it. A query schema is a pure function of the
 * querystring, so a remembered result is the one validation would give again; querystrings that
 * fail validation are never remembered and keep getting Fastify's 400 envelope. At `remembered`
 * distinct querystrings the memory starts over (at most that many times the 16 KB header limit).
 * Every request of a querystring shares its query object, so `answer` must not change it (with
 * memoizeQuery it is frozen).
 */
/**
 * spec 1 §7: clients add a timestamp to reads to defeat caches (the web app's `_t`,
 * web/src/platform/request/request-rules.ts). No query schema reads it and zod drops unknown keys,
 * so a querystring validates the same with or without it: remembering querystrings without it lets
 * a polling client's repeats, each with a new timestamp, be recognised.
 */
const CACHE_BUST_PARAM = '_t';
const CACHE_BUST = /(^|&)_t=[^&]*/g;

export function withoutCacheBust(raw: string): string {
  if (!raw.includes(`${CACHE_BUST_PARAM}=`)) return raw;
  const stripped = raw.replace(CACHE_BUST, '');
  return stripped.startsWith('&') ? stripped.slice(1) : stripped;
}

export function registerPreRoutedGet<E extends Endpoint>(
  app: FastifyInstance,
  router: PreRouter,
  endpoint: E,
  answer: (query: EndpointInput<E>['query'], header: HeaderOf) => PreparedAnswer,
  options: EndpointOptions & { remembered?: number } = {},
): void {
  registerCachedPreRoutedGet(app, router, endpoint, { load: answer, ready: answer }, options);
}

/**
 * registerPreRoutedGet for an answer that may need I/O: Fastify answers through `load` (which may
 * read the database), the pre-router through `ready`, which hands back an answer only when it has
 * one at hand (a cache) and undefined otherwise, so Fastify answers that request through `load`.
 * Both must give the same answer for the same query.
 */
export function registerCachedPreRoutedGet<E extends Endpoint>(
  app: FastifyInstance,
  router: PreRouter,
  endpoint: E,
  answers: {
    load: (query: EndpointInput<E>['query'], header: HeaderOf) => PreparedAnswer | Promise<PreparedAnswer>;
    ready: (query: EndpointInput<E>['query'], header: HeaderOf) => PreparedAnswer | undefined;
  },
  options: EndpointOptions & { remembered?: number } = {},
): void {
  if (endpoint.method !== 'GET') throw new Error(`pre-router: ${endpoint.path} is not a GET endpoint`);
  const shape = (endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape && CACHE_BUST_PARAM in shape)
    throw new Error(`pre-router: ${endpoint.path} reads ${CACHE_BUST_PARAM}, which the pre-router ignores`);
  const remembered = options.remembered ?? 256;
  const queries = new Map<string, EndpointInput<E>['query']>();
  const prefix = `${endpoint.path}?`;
  registerEndpoint(
    app,
    endpoint,
    async ({ query, request }) => {
      const url = request.raw.url ?? '';
      // HEAD requests reach this handler too; only a GET of exactly this path is pre-routed.
      if (request.method === 'GET' && url.startsWith(prefix)) {
        const raw = withoutCacheBust(url.slice(prefix.length));
        if (!queries.has(raw)) {
          if (queries.size >= remembered) queries.clear();
          queries.set(raw, query);
        }
      }
      return answers.load(query, headerOf(request.headers));
    },
    options,
  );
  router.get(endpoint.path, (raw, header) => {
    const query = queries.get(withoutCacheBust(raw));
    return query === undefined ? undefined : answers.ready(query, header);
  });
}
