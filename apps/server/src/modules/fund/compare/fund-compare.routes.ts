import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { FundCompareService } from './fund-compare.service.ts';

/** 基金对比 and the 定投计算器 (contract fund-compare.ts). */
export function registerFundCompareRoutes(app: FastifyInstance, service: FundCompareService): void {
  registerEndpoint(app, api.fund.fundCompare, async ({ query }) => service.compare(query.codes));
  registerEndpoint(app, api.fund.profitComputer, async ({ query }) => service.regularInvestment(query));
}
