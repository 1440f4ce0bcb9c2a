import type { AppModule } from '../app-module.ts';
import { createPointsRepository } from './points.repository.ts';
import { registerPointsRoutes } from './points.routes.ts';
import { createPointsService } from './points.service.ts';

/** The points shop: the daily check-in. */
export const pointsModule: AppModule = {
  group: 'points',
  register(app, deps) {
    registerPointsRoutes(app, createPointsService(createPointsRepository(deps.db), deps.clock));
  },
};
