import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { StockScreenService } from './stock-screen.service.ts';

/** The stock screen's calls (contract screener-stock.ts). */
export function registerStockScreenRoutes(app: FastifyInstance, service: StockScreenService): void {
  registerEndpoint(app, api.screener.listSelectInfo, async () => service.catalogue());
  registerEndpoint(app, api.screener.range, async ({ query }) => service.range(query.code));
  registerEndpoint(app, api.screener.listCommentTags, async ({ query }) => service.tags(query.type));
  registerEndpoint(app, api.screener.select, async ({ body }) => service.screen(body));
  registerEndpoint(app, api.screener.num, async ({ body }) => service.numbers(body));
  registerEndpoint(app, api.screener.conditionAdjust, async ({ body }) => service.adjust(body));
  registerEndpoint(app, api.screener.recommend, async () => service.recommend());
  registerEndpoint(app, api.screener.capitalScreen, async ({ query }) =>
    service.presetScreen(query.id, query.page, query.size),
  );
  registerEndpoint(app, api.screener.capitalScreenNum, async ({ query }) => service.presetCount(query.id));
}
