import { Codes, type ResponseCode } from '@zhicai/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { failure } from './envelope.ts';
import { validationMessage } from './validation-message.ts';
import type { WebApp } from './web-app.ts';

/** Fastify's own client-error codes, mapped onto the catalogue with a Chinese message. */
const frameworkErrors: Record<string, { code: ResponseCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: Codes.invalidParams, message: '请求体不是合法的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: Codes.invalidParams, message: '请求体为空，应为 JSON 对象' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: Codes.payloadTooLarge, message: '请求体过大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: Codes.unsupportedMediaType, message: '不支持的请求内容类型' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: Codes.invalidParams,
    message: '请求体长度与 Content-Length 不符',
  },
  FST_ERR_CTP_INVALID_TYPE: { code: Codes.unsupportedMediaType, message: '不支持的请求内容类型' },
  FST_ERR_BAD_URL: { code: Codes.invalidParams, message: '请求地址编码有误' },
  FST_ERR_ASYNC_CONSTRAINT: { code: Codes.invalidParams, message: '请求参数有误' },
};

/**
 * Every error leaves as an envelope: validation failures name the field, framework client errors
 * keep their 4xx status, and anything unexpected is logged with its stack and answered without it.
 */
export function installErrorHandling(
  app: FastifyInstance,
  options: { knownApiPaths: () => ReadonlySet<string>; webApp: () => WebApp | undefined },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Sent as ready-made JSON: a catalogue code answered with HTTP 200 (session-invalid, notice)
      // must not meet the route's 200 response schema, which describes the success `datas`.
      return reply
        .code(error.httpStatus)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(failure(error.code, error.message)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(failure(Codes.invalidParams, validationMessage(error.validation, error.validationContext)));
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) {
      return reply.code(error.statusCode ?? 400).send(failure(known.code, known.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other client errors the framework raises (e.g. a poisoned __proto__ key in JSON).
      request.log.info({ err: error }, 'client error');
      return reply.code(error.statusCode).send(failure(Codes.invalidParams));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(failure(Codes.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isClientRoute(request.method, path)) {
      const webApp = options.webApp();
      if (webApp) return webApp.sendIndex(reply);
      return reply.code(503).send(failure(Codes.unavailable, '前端页面尚未构建，请先运行 npm run build'));
    }
    if (options.knownApiPaths().has(path)) {
      return reply
        .code(405)
        .send(failure(Codes.methodNotAllowed, `接口 ${path} 不支持 ${request.method} 请求`));
    }
    return reply.code(404).send(failure(Codes.notFound, `接口不存在：${path.slice(0, 200)}`));
  });
}

/**
 * A page of the single-page app rather than an API call or a file: the history fallback answers
 * it with index.html and the client router decides (its own 404 page included).
 */
function isClientRoute(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/ws')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}
