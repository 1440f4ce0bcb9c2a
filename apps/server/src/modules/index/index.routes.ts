import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { IndexService } from './index.service.ts';

/** Index constituents and the industry map of an index or ETF (contract indices.ts). */
export function registerIndexRoutes(app: FastifyInstance, service: IndexService): void {
  registerEndpoint(app, api.index.swMap, async ({ params }) => service.swMap(params.code));
  registerEndpoint(app, api.index.constituents, async ({ query }) => service.constituents(query));
}
