import { allEndpoints, type Endpoint } from '@zhicai/contract';
import { type Mock, vi } from 'vitest';
import type { z } from 'zod';
import type { EndpointData } from '../platform/query/endpoint-query.ts';
import type { EndpointName, EndpointOf } from '../platform/request/request.ts';
import { reportStubProblem } from './stub-problems.ts';

/**
 * A tiny fake of our server for component tests, keyed by endpoint name as the client calls it:
 *
 *   const server = stubApi({
 *     'fund.baseInfo': ok(baseInfoFixture),
 *     'market.getRank': (params) => ok(rankFixture(params.id)),
 *     'fund.holdings': failure('999', '系统繁忙，请稍后再试'),
 *   });
 *   server.calls('market.getRank')[0]?.id;
 *
 * A fetched URL is resolved to its endpoint by the contract's method and path (`:code` path
 * parameters included), and its params are parsed with the endpoint's own schemas as the server
 * parses them: an answer function receives what the handler would (`params.code` with its dot,
 * `params.size` a number). `ok(datas)` is typed by the endpoint it answers for, and the stub parses
 * its datas with the endpoint's schema, so a fixture that drifts from the contract fails the test
 * rather than feeding the page a shape the server never sends.
 */

/** An envelope the stub answers with (spec 1 §7): a code, its message, the datas, the HTTP status. */
export interface StubAnswer<Datas = unknown> {
  readonly code: string;
  readonly message?: string;
  readonly datas: Datas | null;
  readonly status?: number;
}

/** The answer an endpoint may get: its own `datas`, or a failure. */
export type EndpointAnswer<N extends EndpointName> = StubAnswer<EndpointData<N>>;

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

/**
 * What the server's handler of an endpoint receives: its query (GET) or body (POST) and its path
 * parameters, parsed by the contract's schemas (coerced numbers, defaults, codes with their dot).
 */
export type StubParams<N extends EndpointName> = Parsed<EndpointOf<N>['query']> &
  Parsed<EndpointOf<N>['body']> &
  Parsed<EndpointOf<N>['params']>;

/** One call the stub answered. */
export interface StubCall<N extends EndpointName = EndpointName> {
  name: N;
  params: StubParams<N>;
  method: string;
  headers: Headers;
  url: URL;
}

export type StubHandler<N extends EndpointName> =
  | EndpointAnswer<N>
  | ((params: StubParams<N>, call: StubCall<N>) => EndpointAnswer<N>);

export type StubRoutes = { [N in EndpointName]?: StubHandler<N> };

/**
 * A success answer with these datas. Its type comes from where it is used (`NoInfer`): in
 * `stubApi({ 'fund.fees': ok(datas) })` the datas must be `EndpointData<'fund.fees'>`.
 */
export function ok<Datas>(datas: NoInfer<Datas>): StubAnswer<Datas> {
  return { code: '000', message: '成功', datas };
}

/**
 * A failure answer: a catalogue code (contract codes.ts) with its message, and the HTTP status the
 * server sends it with (200 for the catalogue's notice and business codes; 4xx/5xx for its own).
 */
export function failure(code = '999', message = '系统繁忙，请稍后再试', status = 200): StubAnswer<never> {
  return { code, message, datas: null, status };
}

/** The server's answer to a path no endpoint has. */
const notFound = failure('404', '请求的资源不存在', 404);

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
}

// Path parameters match one segment; the rest of a path is literal.
const routes: Route[] = allEndpoints.map((endpoint) => {
  const names: string[] = [];
  const source = endpoint.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { endpoint, pattern: new RegExp(`^${source}$`), names };
});

function endpointNameOf(endpoint: Endpoint): EndpointName {
  return `${endpoint.group}.${endpoint.name}` as EndpointName;
}

/** The endpoint a request goes to, with its raw path parameters; null when none has that path. */
function resolve(method: string, pathname: string) {
  for (const route of routes) {
    if (route.endpoint.method !== method) continue;
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const path = Object.fromEntries(
      route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
    );
    return { endpoint: route.endpoint, path };
  }
  return null;
}

/** Parses one part of a request the way the server's validation does; an issue is a problem. */
function parsePart(
  schema: z.ZodType | undefined,
  raw: Record<string, unknown>,
  what: string,
): { ok: true; value: Record<string, unknown> } | { ok: false } {
  if (!schema) return { ok: true, value: {} };
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  reportStubProblem(`${what} would be refused by the server: ${parsed.error.message}`);
  return { ok: false };
}

function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  if (typeof init?.body !== 'string' || init.body === '') return {};
  const body: unknown = JSON.parse(init.body);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/** Checks a success answer's datas against the endpoint's schema; a mismatch is a problem. */
function checkDatas(name: string, endpoint: Endpoint, answer: StubAnswer): string | null {
  if (answer.code !== '000') return null;
  const parsed = endpoint.datas.safeParse(answer.datas);
  return parsed.success
    ? null
    : `the datas answered for ${name} do not match the contract: ${parsed.error.message}`;
}

export interface ApiStub {
  /** The fetch mock itself (every call, whatever its URL). */
  fetch: Mock<typeof fetch>;
  /** The params of every call of one endpoint, in order. */
  calls<N extends EndpointName>(name: N): StubParams<N>[];
  /** Every call of one endpoint with its method and headers, in order. */
  requests<N extends EndpointName>(name: N): StubCall<N>[];
  /** The endpoint name of every call, in order (a path no endpoint has, as its path). */
  names(): string[];
}

/**
 * Replaces fetch with the stub (undo with `vi.unstubAllGlobals()`). An endpoint without an answer,
 * like a path no endpoint has, answers HTTP 404 as the real server does for an unknown path.
 */
export function stubApi(answers: StubRoutes): ApiStub {
  const table = answers as Partial<Record<string, StubHandler<EndpointName>>>;
  for (const [name, handler] of Object.entries(table)) {
    const route = routes.find((candidate) => endpointNameOf(candidate.endpoint) === name);
    if (!route) throw new Error(`stubApi: the contract has no endpoint ${name}`);
    if (handler === undefined || typeof handler === 'function') continue;
    // A fixed answer is checked at once, so the test fails where the fixture is given.
    const problem = checkDatas(name, route.endpoint, handler);
    if (problem) throw new Error(`stubApi: ${problem}`);
  }

  const log: { name: string; call: StubCall | null }[] = [];

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const resolved = resolve(method, url.pathname);
    let answer: StubAnswer = notFound;
    if (!resolved) {
      log.push({ name: url.pathname, call: null });
    } else {
      const { endpoint } = resolved;
      const name = endpointNameOf(endpoint);
      const what = `${method} ${url.pathname}${url.search} (${name})`;
      const query = parsePart(endpoint.query, Object.fromEntries(url.searchParams), what);
      const body = parsePart(endpoint.body, method === 'GET' ? {} : bodyOf(init), what);
      const path = parsePart(endpoint.params, resolved.path, what);
      const params = {
        ...(query.ok ? query.value : {}),
        ...(body.ok ? body.value : {}),
        ...(path.ok ? path.value : {}),
      } as StubParams<EndpointName>;
      const call: StubCall = { name, params, method, headers: new Headers(init?.headers), url };
      log.push({ name, call });
      const handler = table[name];
      if (!query.ok || !body.ok || !path.ok) {
        answer = failure('400', '请求参数有误', 400);
      } else if (handler !== undefined) {
        answer = typeof handler === 'function' ? handler(params, call) : handler;
        const problem = typeof handler === 'function' ? checkDatas(name, endpoint, answer) : null;
        if (problem) {
          reportStubProblem(problem);
          // What the request wrapper does with datas that do not parse, made visible at once.
          answer = failure('999', problem);
        }
      }
    }
    const { status = 200, ...envelope } = answer;
    return new Response(JSON.stringify({ message: '成功', ...envelope }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  const requests = <N extends EndpointName>(name: N) =>
    log.flatMap((entry) => (entry.name === name && entry.call ? [entry.call as StubCall<N>] : []));
  return {
    fetch: fetchMock,
    requests,
    calls: (name) => requests(name).map((call) => call.params),
    names: () => log.map((entry) => entry.name),
  };
}

/** What our server answers for an unexpected failure (HTTP 500 with code 999). */
export const serverFailure = failure('999', '系统繁忙，请稍后再试', 500);
