import {
  anyEnvelope,
  api,
  type BodyOf,
  type DatasOf,
  type Endpoint,
  type PathParamsOf,
  type QueryOf,
  type ResponseKind,
  responseCodes,
} from '@zhicai/contract';
import { zstokv1 } from '@zhicai/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { TEST_API_LOCK_KEY } from './test-app.ts';

/**
 * The app a call goes to: a TestContext, or another instance on the same database (restart,
 * secondInstance). Signed calls are signed at `clock`'s time, the real time without one.
 */
export interface CallTarget {
  app: FastifyInstance;
  clock?: () => Date;
}

type Part<Key extends string, Value> = [Value] extends [undefined]
  ? { [K in Key]?: undefined }
  : Record<never, never> extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/**
 * What a call sends, typed by the endpoint: its query, its JSON body and its path parameters, each
 * required when the endpoint has a field that must be given. A code path parameter may be given
 * dotted (`600519.SH`): like the web client, the call drops the dot in an `/api/v4/` path.
 */
export type CallInput<E extends Endpoint> = Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>> &
  Part<'params', PathParamsOf<E>>;

/** What a call expected to fail sends: anything, since sending what the contract refuses is the point. */
export interface RawInput {
  query?: Record<string, unknown>;
  body?: unknown;
  params?: Record<string, string>;
}

export interface CallOptions {
  /** The `token` header: the signed-in user's token. */
  token?: string;
  /** Further headers (requestfrom, accept-encoding…). */
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** Sends a `/v3/` call without its signature headers (to see the API lock refuse it). */
  unsigned?: boolean;
}

/** A success envelope, `datas` parsed with the endpoint's schema. */
export interface Answer<E extends Endpoint> {
  status: number;
  code: string;
  message: string;
  datas: DatasOf<E>;
  response: LightMyRequestResponse;
}

/** A failure envelope; its datas are not the endpoint's (null in every failure the server sends). */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  datas: unknown;
  response: LightMyRequestResponse;
}

/**
 * The answer of a call that may succeed or be refused (rate limits, concurrent calls): `ok` tells
 * which, and a success's `datas` are parsed by the endpoint's schema as `call` parses them.
 */
export type Settled<E extends Endpoint> = (Answer<E> & { ok: true }) | (Refusal & { ok: false });

type Args<E extends Endpoint> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

const successKinds: readonly ResponseKind[] = ['success', 'successNewUser'];

function isSuccess(code: string): boolean {
  const entry = (responseCodes as Record<string, { kind: ResponseKind } | undefined>)[code];
  return entry !== undefined && successKinds.includes(entry.kind);
}

function nameOf(endpoint: Endpoint): string {
  return `${endpoint.group}.${endpoint.name}`;
}

/** Puts path parameters into a `:name` path as the web client does (request-rules.ts). */
function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its path parameter :${name}`);
    const text = String(value);
    return encodeURIComponent(path.startsWith('/api/v4/') ? text.replace('.', '').toUpperCase() : text);
  });
}

/** The querystring as the web client writes it: lists comma-joined, missing values left out. */
function queryOf(query: Record<string, unknown> | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    fields[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return fields;
}

/** The signature headers of a `/v3/` call (zstokv1, reference/protocol.md), made as a client makes them. */
async function signatureHeaders(target: CallTarget): Promise<Record<string, string>> {
  const { datas: apiToken } = await call(target, api.config.apiOuth);
  const { timeStamp, zstokv1: signature } = zstokv1(
    apiToken,
    (target.clock?.() ?? new Date()).getTime(),
    TEST_API_LOCK_KEY,
  );
  return { timeStamp, zstokv1: signature };
}

async function send(
  target: CallTarget,
  endpoint: Endpoint,
  input: RawInput,
  options: CallOptions,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.token = options.token;
  if (endpoint.path.includes('/v3/') && !options.unsigned)
    Object.assign(headers, await signatureHeaders(target));
  return target.app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, input.params ?? {}),
    query: queryOf(input.query),
    // A POST always carries a JSON body, `{}` when it sends nothing (spec 1 §7, as the web client).
    ...(endpoint.method === 'POST' ? { payload: (input.body ?? {}) as object } : {}),
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The envelope and nothing beside it: a key the client does not know is a drift too. */
const strictEnvelope = z.strictObject(anyEnvelope.shape);

function envelopeOf(endpoint: Endpoint, response: LightMyRequestResponse) {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new Error(
      `${nameOf(endpoint)} answered HTTP ${response.statusCode} without JSON: ${response.body}`,
    );
  }
  const envelope = strictEnvelope.safeParse(body);
  if (!envelope.success) throw new Error(`${nameOf(endpoint)} answered no envelope: ${response.body}`);
  return envelope.data;
}

/** Sends a call and reads its envelope, a success's `datas` parsed with the endpoint's schema. */
async function settle<E extends Endpoint>(
  target: CallTarget,
  endpoint: E,
  input: RawInput,
  options: CallOptions,
): Promise<Settled<E>> {
  const response = await send(target, endpoint, input, options);
  const envelope = envelopeOf(endpoint, response);
  const answer = { status: response.statusCode, code: envelope.code, message: envelope.message, response };
  if (!isSuccess(envelope.code)) return { ok: false, ...answer, datas: envelope.datas };
  if (response.statusCode !== 200) {
    throw new Error(`${nameOf(endpoint)} answered HTTP ${response.statusCode}: ${response.body}`);
  }
  const datas = endpoint.datas.safeParse(envelope.datas);
  if (!datas.success) {
    throw new Error(
      `${nameOf(endpoint)} answered datas that break the contract:\n${z.prettifyError(datas.error)}`,
    );
  }
  return { ok: true, ...answer, datas: datas.data as DatasOf<E> };
}

/**
 * Calls an endpoint by its contract object as a client would (path parameters filled, `/v3/`
 * calls signed) and returns its success envelope with `datas` parsed by the endpoint's schema.
 * Fails the test when the call does not succeed or when `datas` drifts from the contract.
 *
 *   const { datas } = await call(context, api.fund.baseInfo, { query: { code } }, { token });
 */
export async function call<E extends Endpoint>(
  target: CallTarget,
  endpoint: E,
  ...[input, options]: Args<E>
): Promise<Answer<E>> {
  const settled = await settle(target, endpoint, (input ?? {}) as RawInput, options ?? {});
  if (!settled.ok) {
    throw new Error(`${nameOf(endpoint)} answered HTTP ${settled.status}: ${settled.response.body}`);
  }
  const { ok: _ok, ...answer } = settled;
  return answer;
}

/**
 * Calls an endpoint whose answer the test does not know beforehand, a success or a refusal (a
 * rate limit reached by one of many calls, calls racing each other), and returns either, `ok`
 * telling which. Fails the test only when the answer is no envelope or a success drifts from the
 * contract.
 */
export async function callSettled<E extends Endpoint>(
  target: CallTarget,
  endpoint: E,
  ...[input, options]: Args<E>
): Promise<Settled<E>> {
  return settle(target, endpoint, (input ?? {}) as RawInput, options ?? {});
}

/**
 * Calls an endpoint that must refuse the call, and returns the failure envelope. Fails the test
 * when the call succeeds. The input is not typed by the contract: what it refuses is the point.
 */
export async function callRefused(
  target: CallTarget,
  endpoint: Endpoint,
  input: RawInput = {},
  options: CallOptions = {},
): Promise<Refusal> {
  const settled = await settle(target, endpoint, input, options);
  if (settled.ok) {
    throw new Error(
      `${nameOf(endpoint)} was expected to refuse the call but answered ${settled.response.body}`,
    );
  }
  const { ok: _ok, ...refusal } = settled;
  return refusal;
}
