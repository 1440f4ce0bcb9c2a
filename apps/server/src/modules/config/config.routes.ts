import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { ConfigService } from './config.service.ts';

export function registerConfigRoutes(
  app: FastifyInstance,
  { service, apiLockToken }: { service: ConfigService; apiLockToken: () => Promise<string> },
): void {
  registerEndpoint(app, api.config.get, async ({ query }) => service.getValue(query.key));
  registerEndpoint(app, api.config.getAppMenus, async () => service.listAppMenus());
  registerEndpoint(app, api.config.apiOuth, async () => apiLockToken());
}
