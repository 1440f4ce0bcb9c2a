import type { AppModule } from '../app-module.ts';
import { registerNotice } from './notice/notice.module.ts';

/**
 * News and content: each part (flashes, articles, announcements and research) lives in its own folder
 * under `modules/content/` and registers its endpoints here.
 */
export const contentModule: AppModule = {
  group: 'content',
  register(app, deps) {
    registerNotice(app, deps);
  },
};
