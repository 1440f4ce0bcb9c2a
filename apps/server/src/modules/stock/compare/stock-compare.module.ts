import type { FastifyInstance } from 'fastify';
import { createStatementsRepository } from '../../../market/statements/statements.repository.ts';
import type { ModuleDeps } from '../../app-module.ts';
import type { StockService } from '../stock.service.ts';
import { registerStockCompareRoutes } from './stock-compare.routes.ts';
import { createStockCompareService } from './stock-compare.service.ts';

/** The stock group's comparison part: 个股对比 and 杜邦分析对比, on the stock page's own figures. */
export function registerStockCompare(app: FastifyInstance, deps: ModuleDeps, stocks: StockService): void {
  registerStockCompareRoutes(
    app,
    createStockCompareService({
      market: deps.market,
      stocks,
      statements: createStatementsRepository(deps.db),
    }),
  );
}
