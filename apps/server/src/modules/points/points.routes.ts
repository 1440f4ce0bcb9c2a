import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { PointsService } from './points.service.ts';

export function registerPointsRoutes(app: FastifyInstance, service: PointsService): void {
  registerEndpoint(app, api.points.hasSign, async ({ user }) =>
    service.hasCheckedInToday(user?.userId ?? null),
  );
  registerEndpoint(app, api.points.info, async ({ user }) => service.info(user.userId));
  registerEndpoint(app, api.points.receive, async ({ user }) => service.receive(user.userId));
  registerEndpoint(app, api.points.pointList, async ({ user, query }) =>
    service.pointList(user.userId, query.lastId, query.size),
  );
  registerEndpoint(app, api.points.goodList, async ({ user }) => service.goodList(user?.userId ?? null));
  registerEndpoint(app, api.points.exchange, async ({ user, body }) => service.exchange(user.userId, body));
  registerEndpoint(app, api.points.exchangeList, async ({ user, query }) =>
    service.exchangeList(user.userId, query.lastId, query.size),
  );
  registerEndpoint(app, api.points.createExpressInfo, async ({ user, body }) =>
    service.createExpress(user.userId, body),
  );
  registerEndpoint(app, api.points.expressLast, async ({ user }) => service.lastExpress(user.userId));
}
