import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { FundService } from './fund.service.ts';

/** Fund details, NAV history, holdings, fees and managers (contract fund.ts). */
export function registerFundRoutes(app: FastifyInstance, service: FundService): void {
  registerEndpoint(app, api.fund.baseInfo, async ({ query }) => service.baseInfo(query.code));
  registerEndpoint(app, api.fund.navHistory, async ({ query }) =>
    service.navHistory(query.code, query.range),
  );
  registerEndpoint(app, api.fund.holdings, async ({ query }) => service.holdings(query.code));
  registerEndpoint(app, api.fund.fees, async ({ query }) => service.fees(query.code));
  registerEndpoint(app, api.fund.manager, async ({ query }) => service.manager(query.id));
}
