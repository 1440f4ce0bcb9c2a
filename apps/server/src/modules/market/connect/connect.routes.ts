import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { Market } from '../../../market/market.ts';
import { createConnectService } from './connect.service.ts';

/** The 沪深港通 part of the market group (spec 2 §2.2 /northDates … /swingStocks). */
export function registerConnectRoutes(app: FastifyInstance, market: Market): void {
  const service = createConnectService(market);
  const endpoints = api.market;
  registerEndpoint(app, endpoints.northSummary, async () => service.summary('north'));
  registerEndpoint(app, endpoints.southSummary, async () => service.summary('south'));
  registerEndpoint(app, endpoints.connectFlow, async ({ query }) =>
    service.flow(query.direction, query.days),
  );
  registerEndpoint(app, endpoints.connectDetail, async ({ query }) => service.detail(query.day));
  registerEndpoint(app, endpoints.ipoCalendar, async ({ query }) => service.ipoCalendar(query.size));
  registerEndpoint(app, endpoints.swingStocks, async ({ query }) => service.swings(query.kind, query.size));
}
