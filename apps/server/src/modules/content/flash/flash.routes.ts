import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { FlashService } from './flash.service.ts';

export function registerFlashRoutes(app: FastifyInstance, flashes: FlashService): void {
  registerEndpoint(app, api.content.newsList, async ({ query: { type, ...cursor } }) =>
    flashes.page({ ...cursor, minImportance: type }),
  );
  registerEndpoint(app, api.content.newsJhList, async ({ query }) =>
    flashes.page({ ...query, minImportance: 3 }),
  );
  registerEndpoint(app, api.content.newsJhGet, async ({ query }) => flashes.get(query.id));
}
