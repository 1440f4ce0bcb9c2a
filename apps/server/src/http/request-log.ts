import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, LogController } from 'fastify';
import { redactCredentials } from './credential-redaction.ts';
import { clientMethod } from './head-requests.ts';

/** A request taking longer than this (ms) is logged at warn level whatever its status. */
export const SLOW_REQUEST_MS = 1000;

type RequestCompleted = LogController['requestCompleted'];

/**
 * Whether the logger writes debug lines. Fastify's null logger (logger: false) has no
 * isLevelEnabled, and writes nothing.
 */
export function logsDebug(log: FastifyBaseLogger): boolean {
  const isLevelEnabled = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return isLevelEnabled?.call(log, 'debug') === true;
}

/**
 * Query parameters that carry credentials (the test token, partner t_hb tokens, session tokens):
 * their values never reach the logs. `code` is an instrument code almost everywhere, worth keeping
 * for debugging, but on the WeChat paths it is an authorization code.
 */
const secretParameters = new Set(['testtoken', 't_hb', 'hbtoken', 'token', 'ticket']);
const wechatPath = /\/(wx|wechat)\//i;

/**
 * The URL with the values of credential parameters replaced by ***: by name at the top of the
 * query, and anywhere inside other values (credential-redaction.ts), such as the page query a
 * page view reports.
 */
export function redactedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return redactCredentials(url);
  const secretCode = wechatPath.test(url.slice(0, queryStart));
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator < 0 ? pair : pair.slice(0, separator);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      const lower = decoded.toLowerCase();
      const secret = secretParameters.has(lower) || (secretCode && lower === 'code');
      return separator >= 0 && secret ? `${name}=***` : pair;
    })
    .join('&');
  return redactCredentials(`${url.slice(0, queryStart)}?${query}`);
}

type CompletedRequest = Parameters<RequestCompleted>[1];

/** What a log line says about a request: pino's usual fields, with credentials redacted. */
function requestFields(request: CompletedRequest) {
  return {
    method: clientMethod(request.raw),
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The same fields for a request answered before Fastify (pre-router.ts), from the raw request:
 * the address is the socket's, as Fastify gives it without TRUST_PROXY.
 */
export function slowRequestFields(request: IncomingMessage) {
  return {
    method: request.method,
    url: redactedUrl(request.url ?? ''),
    host: request.headers.host,
    remoteAddress: request.socket.remoteAddress,
    remotePort: request.socket.remotePort,
  };
}

/**
 * One log line per request instead of Fastify's two info lines (which cost ~9% of the CPU of a
 * busy quote server): a failed or 5xx request at error, a slow one at warn, a client error (4xx)
 * at info as before, and an ordinary success only at debug, where pino drops it cheaply. Fastify's
 * other request logs (stream errors, serializer errors, 404s) keep their default behaviour, and
 * unexpected errors are also logged with their stack by the error handler.
 */
export class RequestLog extends LogController {
  readonly slowRequestMs: number;

  constructor(options: { slowRequestMs?: number } = {}) {
    super();
    this.slowRequestMs = options.slowRequestMs ?? SLOW_REQUEST_MS;
  }

  override incomingRequest(): void {}

  override requestCompleted(...[error, request, reply]: Parameters<RequestCompleted>): void {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    const ordinary = !error && status < 400 && responseTime < this.slowRequestMs;
    // Most requests are ordinary successes, logged at debug: when pino would drop the line anyway,
    // the redacted URL and the fields are not worth building (~3% of a busy quote server's CPU).
    if (ordinary && !logsDebug(reply.log)) return;
    const req = requestFields(request);
    if (error || status >= 500) {
      reply.log.error({ req, res: reply, err: error, responseTime }, 'request failed');
    } else if (responseTime >= this.slowRequestMs) {
      reply.log.warn({ req, res: reply, responseTime }, 'slow request');
    } else if (status >= 400) {
      reply.log.info({ req, res: reply, responseTime }, 'request completed');
    } else {
      reply.log.debug({ req, res: reply, responseTime }, 'request completed');
    }
  }
}
