import { api } from '@zhicai/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { FlashService } from './flash.service.ts';
import type { FlashPageCache } from './flash-page-cache.ts';

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

export function registerFlashRoutes(
  app: FastifyInstance,
  flashes: FlashService,
  cache: FlashPageCache,
): void {
  /** What names a page's contents: its cursor, or without one the newest flash stored. */
  const position = async (lastId: number | undefined) =>
    lastId === undefined ? `head:${await flashes.newestId()}` : `below:${lastId}`;
  registerEndpoint(
    app,
    api.content.newsList,
    async ({ query: { type, lastId, limit, code }, request }) =>
      cache.answer(
        `list|${type}|${code ?? ''}|${limit}|${await position(lastId)}`,
        () => flashes.page({ lastId, limit, code, minImportance: type }),
        acceptsGzip(request),
      ),
    { compressesItself: true },
  );
  registerEndpoint(
    app,
    api.content.newsJhList,
    async ({ query: { lastId, limit }, request }) =>
      cache.answer(
        `jh|${limit}|${await position(lastId)}`,
        () => flashes.page({ lastId, limit, minImportance: 3 }),
        acceptsGzip(request),
      ),
    { compressesItself: true },
  );
  registerEndpoint(app, api.content.newsJhGet, async ({ query }) => flashes.get(query.id));
}
