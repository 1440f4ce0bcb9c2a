import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app-module.ts';
import type { FundService } from '../fund.service.ts';
import { registerFundCompareRoutes } from './fund-compare.routes.ts';
import { createFundCompareService } from './fund-compare.service.ts';

/** The fund group's comparison part: 基金对比 and the 定投计算器, on the fund page's own figures. */
export function registerFundCompare(app: FastifyInstance, deps: ModuleDeps, funds: FundService): void {
  registerFundCompareRoutes(app, createFundCompareService({ market: deps.market, funds }));
}
