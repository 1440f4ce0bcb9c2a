import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { Market } from '../../market/market.ts';
import { createIndexService } from './index.service.ts';

/** Index constituents and the industry map of an index or ETF (contract indices.ts). */
export function registerIndexRoutes(app: FastifyInstance, market: Market): void {
  const service = createIndexService(market);
  registerEndpoint(app, api.index.swMap, async ({ params }) => service.swMap(params.code));
  registerEndpoint(app, api.index.constituents, async ({ query }) => service.constituents(query));
}
