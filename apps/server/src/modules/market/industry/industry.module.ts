import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app-module.ts';
import { registerIndustryRoutes } from './industry.routes.ts';
import { createIndustryService } from './industry.service.ts';

/** 找行业 and the plate pages: the market group's part under modules/market/industry. */
export function registerIndustry(app: FastifyInstance, deps: ModuleDeps): void {
  registerIndustryRoutes(app, createIndustryService(deps.market));
}
