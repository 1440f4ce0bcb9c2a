import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { Authenticator } from '../../platform/auth/sessions.ts';
import type { PointsService } from './points.service.ts';

export function registerPointsRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  service: PointsService,
): void {
  registerEndpoint(app, api.points.hasSign, async ({ request }) =>
    service.hasCheckedInToday((await auth.optionalUser(request))?.userId ?? null),
  );
}
