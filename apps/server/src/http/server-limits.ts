import http from 'node:http';
import type { Socket } from 'node:net';
import { Codes, type ResponseCode } from '@zhicai/contract';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { failure } from './envelope.ts';
import { apiSecurityHeaders } from './security-headers.ts';

/**
 * Time a client has to send a whole request, body included (Node's requestTimeout). Fastify turns
 * it off by default, so a client that never finished its body held the connection for ever
 * (issue 14 defect 7). 30 s carries the largest body we take (1 MiB) over a slow mobile link.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Time a client has to send the request's headers. */
export const HEADERS_TIMEOUT_MS = 15_000;
/**
 * How often Node looks for requests past those limits; its default (30 s) would let a limit run
 * over by as much again.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * The Fastify server options that bound how long a request may take and answer, in the envelope,
 * the errors that happen before any route runs: those of Node's HTTP parser (clientErrorHandler)
 * and of the router (frameworkErrors). Fastify's own answers there are JSON of another shape, and
 * the bad-URL one repeats the path.
 */
export function serverLimits(): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'clientErrorHandler' | 'frameworkErrors'
> & { http: { headersTimeout: number; connectionsCheckingInterval: number } } {
  return {
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    clientErrorHandler,
    frameworkErrors,
  };
}

/** A raw HTTP answer with an envelope body, written to a socket Node's parser gave up on. */
function writeEnvelope(socket: Socket, status: number, code: ResponseCode, message: string): void {
  const body = JSON.stringify(failure(code, message));
  const security = Object.entries(apiSecurityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n${security}` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Node's HTTP parser refused a request (Fastify's clientErrorHandler). */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      writeEnvelope(socket, 408, Codes.invalidParams, '请求超时，请检查网络后重试');
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      writeEnvelope(socket, 431, Codes.payloadTooLarge, '请求头过大');
    } else {
      writeEnvelope(socket, 400, Codes.invalidParams, '请求格式有误');
    }
  }
  socket.destroy();
}

/** The router could not decode the path or a parameter is too long (Fastify's frameworkErrors). */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // These replies have no route, so no onSend hook adds the security headers.
  reply.headers(apiSecurityHeaders);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send(failure(Codes.invalidParams, '请求地址过长'));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send(failure(Codes.invalidParams, '请求地址编码有误'));
  } else {
    reply.code(400).send(failure(Codes.invalidParams));
  }
}
