import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { BrokerService } from './broker.service.ts';

export function registerBrokerRoutes(app: FastifyInstance, service: BrokerService): void {
  registerEndpoint(app, api.broker.homeLogin, async ({ user }) => service.notifyHomeLogin(user.userId));

  registerEndpoint(app, api.broker.openAccountInit, async ({ user }) =>
    service.initAccountOpening(user.userId),
  );
}
