import type { AppModule } from '../app-module.ts';
import { createAboutRepository } from './about.repository.ts';
import { registerAboutRoutes } from './about.routes.ts';
import { createAboutService } from './about.service.ts';

/** 关于我们 and 版本信息: the operator's about text and the release notes. */
export const aboutModule: AppModule = {
  group: 'about',
  register(app, deps) {
    registerAboutRoutes(app, createAboutService(createAboutRepository(deps.db)));
  },
};
