import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { StockCompareService } from './stock-compare.service.ts';

/** 个股对比 and 杜邦分析对比 (contract stock-compare.ts). */
export function registerStockCompareRoutes(app: FastifyInstance, service: StockCompareService): void {
  registerEndpoint(app, api.stock.stockCompare, async ({ query }) => service.compare(query.codes));
  registerEndpoint(app, api.stock.dupontCompare, async ({ query }) =>
    service.dupont(query.codes, query.periods),
  );
}
