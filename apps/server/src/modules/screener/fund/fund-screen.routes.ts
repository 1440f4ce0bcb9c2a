import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import type { ModuleDeps } from '../../app-module.ts';
import type { FundScreenService } from './fund-screen.service.ts';

/** How often the background looks whether the NAV day moved (a close wrote new NAVs). */
const navDayCheckMs = 15_000;

/**
 * Fund screening under /api/v2/fundSelect/* (contract screener-fund.ts); the table is built in the
 * background once the server serves (ModuleDeps.startBackground), until the app closes.
 */
export function registerFundScreenRoutes(
  app: FastifyInstance,
  service: FundScreenService,
  startBackground: ModuleDeps['startBackground'],
): void {
  startBackground(() => service.follow(navDayCheckMs));
  app.addHook('onClose', async () => service.unfollow());
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
