import { noticeDelivery } from '../alert/alert.module.ts';
import type { AppModule } from '../app-module.ts';
import { createUserRepository } from '../user/user.repository.ts';
import { createCommunityRepository } from './community.repository.ts';
import { registerCommunityRoutes } from './community.routes.ts';
import { createCommunityService } from './community.service.ts';
import { seedDemoQuestions } from './demo-questions.ts';

/** Comments, questions and answers, feedback and uploads (issue 17; contract community.ts). */
export const communityModule: AppModule = {
  group: 'community',
  async register(app, deps) {
    const repository = createCommunityRepository(deps.db);
    const users = createUserRepository(deps.db);
    const reviewers = new Set(deps.reviewerPhones);
    const instrumentName = (code: string) => deps.market.directory.get(code)?.name ?? null;
    await seedDemoQuestions(repository, instrumentName, deps.clock());
    registerCommunityRoutes(
      app,
      createCommunityService({
        repository,
        storage: deps.platform.storage,
        userSockets: deps.userSockets,
        instrumentName,
        nicknameOf: async (userId) => (await users.findById(userId))?.nickname ?? '知财用户',
        isReviewer: async (userId) => {
          if (reviewers.size === 0) return false;
          const phone = (await users.findById(userId))?.phone;
          return phone != null && reviewers.has(phone);
        },
        // Review outcomes go to the author's message box.
        notify: noticeDelivery(app),
        clock: deps.clock,
      }),
    );
    // The local storage is its own upload target and serves the files back.
    await deps.platform.storage.registerRoutes?.(app);
  },
};
