import type { AppModule } from '../app-module.ts';
import { createPromoRepository } from './promo.repository.ts';
import { registerPromoRoutes } from './promo.routes.ts';
import { createPromoService } from './promo.service.ts';

/** Promotions: the popup activity of a page. */
export const promoModule: AppModule = {
  group: 'promo',
  register(app, deps) {
    registerPromoRoutes(app, createPromoService(createPromoRepository(deps.db), deps.clock));
  },
};
