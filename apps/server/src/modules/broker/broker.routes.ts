import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { Authenticator } from '../../platform/auth/sessions.ts';
import type { BrokerService } from './broker.service.ts';

export function registerBrokerRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  service: BrokerService,
): void {
  registerEndpoint(app, api.broker.homeLogin, async ({ request }) =>
    service.notifyHomeLogin((await auth.requireUser(request)).userId),
  );

  registerEndpoint(app, api.broker.openAccountInit, async ({ request }) =>
    service.initAccountOpening((await auth.requireUser(request)).userId),
  );
}
