import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { FundScreenService } from './fund-screen.service.ts';

/** Fund screening under /api/v2/fundSelect/* (contract screener-fund.ts). */
export function registerFundScreenRoutes(app: FastifyInstance, service: FundScreenService): void {
  registerEndpoint(app, api.screener.fundListSelectInfo, async () => service.catalogue());
  registerEndpoint(app, api.screener.fundRange, async ({ query }) => service.range(query.flag));
  registerEndpoint(app, api.screener.fundListCommentTags, async ({ query }) =>
    service.commentTags(query.type === 1 || query.type === 2 ? query.type : undefined),
  );
  registerEndpoint(app, api.screener.fundRecommend, async () => service.recommend());
  registerEndpoint(app, api.screener.fundNum, async ({ body }) => service.num(body));
  registerEndpoint(app, api.screener.fundConditionAdjust, async ({ body }) => service.conditionAdjust(body));
  registerEndpoint(app, api.screener.fundSelect, async ({ body }) => service.select(body));
}
