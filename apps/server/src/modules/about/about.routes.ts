import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { AboutService } from './about.service.ts';

export function registerAboutRoutes(app: FastifyInstance, service: AboutService): void {
  registerEndpoint(app, api.about.info, async () => service.info());
  registerEndpoint(app, api.about.releases, async () => service.releases());
}
