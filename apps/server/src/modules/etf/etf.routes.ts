import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { EtfService } from './etf.service.ts';

/** ETF holdings and related funds (contract etf.ts); the path code arrives dotted (510300SH → 510300.SH). */
export function registerEtfRoutes(app: FastifyInstance, service: EtfService): void {
  registerEndpoint(app, api.etf.holdAll, async ({ params }) => service.holdAll(params.code));
  registerEndpoint(app, api.etf.linkFund, async ({ params }) => service.linkFund(params.code));
  registerEndpoint(app, api.etf.valuation, async ({ params }) => service.valuation(params.code));
}
