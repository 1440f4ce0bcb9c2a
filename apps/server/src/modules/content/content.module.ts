import type { AppModule } from '../app-module.ts';
import { registerArticleContent } from './article/article.module.ts';
import { registerFlashes } from './flash/flash.module.ts';
import { registerNotice } from './notice/notice.module.ts';

/**
 * News and content: each part (flashes, articles, announcements and research) lives in its own folder
 * under `modules/content/` and registers its endpoints here.
 */
export const contentModule: AppModule = {
  group: 'content',
  async register(app, deps) {
    registerArticleContent(app, deps);
    await registerFlashes(app, deps);
    registerNotice(app, deps);
  },
};
