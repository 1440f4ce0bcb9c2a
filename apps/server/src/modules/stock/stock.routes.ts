import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { StockService } from './stock.service.ts';

/** The stock detail page's calls (contract stock.ts), read from the market in memory and SQL. */
export function registerStockRoutes(app: FastifyInstance, service: StockService): void {
  registerEndpoint(app, api.stock.stockBaseInfo, async ({ query }) => service.baseInfo(query.code));
  registerEndpoint(app, api.stock.stockIntro, async ({ query }) => service.intro(query.code));
  registerEndpoint(app, api.stock.pepb, async ({ query }) =>
    service.pepb(query.code, query.type, query.years),
  );
  registerEndpoint(app, api.stock.industryCompareDetail, async ({ query }) =>
    service.industryCompare(query.code),
  );
  registerEndpoint(app, api.stock.holderNumDetails, async ({ query }) => service.holderNumbers(query.code));
  registerEndpoint(app, api.stock.handicap, async ({ query }) => service.handicap(query.code));
  registerEndpoint(app, api.stock.eventReminder, async ({ query }) => service.events(query.code, query.size));
}
