import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { PointsService } from './points.service.ts';

export function registerPointsRoutes(app: FastifyInstance, service: PointsService): void {
  registerEndpoint(app, api.points.hasSign, async ({ user }) =>
    service.hasCheckedInToday(user?.userId ?? null),
  );
}
