import type { AppModule } from '../app-module.ts';
import { createConfigRepository } from './config.repository.ts';
import { registerConfigRoutes } from './config.routes.ts';
import { createConfigService } from './config.service.ts';

/** Client configuration keys, the app menus, and the API-lock token the /v3/ signatures use. */
export const configModule: AppModule = {
  group: 'config',
  register(app, deps) {
    registerConfigRoutes(app, {
      service: createConfigService(createConfigRepository(deps.db), deps.clock),
      apiLockToken: deps.apiLockToken,
    });
  },
};
