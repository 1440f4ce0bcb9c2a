import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { PromoService } from './promo.service.ts';

export function registerPromoRoutes(app: FastifyInstance, service: PromoService): void {
  registerEndpoint(app, api.promo.popup, async ({ query }) => service.activePopup(query.page));
}
