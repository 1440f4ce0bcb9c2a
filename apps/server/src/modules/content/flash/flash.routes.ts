import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { type HeaderOf, type PreRouter, registerCachedPreRoutedGet } from '../../../http/pre-router.ts';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { FlashService } from './flash.service.ts';
import type { FlashPageCache } from './flash-page-cache.ts';

const acceptsGzip = (header: HeaderOf) => /\bgzip\b/.test(header('accept-encoding') ?? '');

/** Distinct querystrings of a feed remembered for the pre-router: about one per cached page. */
const remembered = 512;

/**
 * The feed pages are answered from serialised pages (flash-page-cache.ts), and a querystring
 * Fastify has validated before is answered ahead of Fastify (pre-router.ts) while its page is
 * cached and current: readers scrolling back ask for the same few hundred cursors.
 */
export function registerFlashRoutes(
  app: FastifyInstance,
  { flashes, cache, preRouter }: { flashes: FlashService; cache: FlashPageCache; preRouter: PreRouter },
): void {
  const listKey = ({
    type,
    lastId,
    limit,
    code,
  }: {
    type: number;
    lastId?: number | undefined;
    limit: number;
    code?: string | undefined;
  }) => ({
    feed: `list|${type}|${code ?? ''}|${limit}`,
    lastId,
  });
  registerCachedPreRoutedGet(
    app,
    preRouter,
    api.content.newsList,
    {
      load: (query, header) =>
        cache.answer(
          listKey(query),
          () =>
            flashes.page({
              lastId: query.lastId,
              limit: query.limit,
              code: query.code,
              minImportance: query.type,
            }),
          acceptsGzip(header),
        ),
      ready: (query, header) => cache.ready(listKey(query), acceptsGzip(header)),
    },
    { compressesItself: true, remembered },
  );
  const jhKey = ({ lastId, limit }: { lastId?: number | undefined; limit: number }) => ({
    feed: `jh|${limit}`,
    lastId,
  });
  registerCachedPreRoutedGet(
    app,
    preRouter,
    api.content.newsJhList,
    {
      load: (query, header) =>
        cache.answer(
          jhKey(query),
          () => flashes.page({ lastId: query.lastId, limit: query.limit, minImportance: 3 }),
          acceptsGzip(header),
        ),
      ready: (query, header) => cache.ready(jhKey(query), acceptsGzip(header)),
    },
    { compressesItself: true, remembered },
  );
  registerEndpoint(app, api.content.newsJhGet, async ({ query }) => flashes.get(query.id));
}
