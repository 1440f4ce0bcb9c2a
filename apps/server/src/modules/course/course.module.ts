import type { AppModule } from '../app-module.ts';
import { createUserRepository } from '../user/user.repository.ts';
import { createCourseRepository } from './course.repository.ts';
import { registerCourseRoutes } from './course.routes.ts';
import { createCourseService } from './course.service.ts';
import { seedDemoCourses } from './demo-courses.ts';

/** 投资课堂: courses, chapters, exercises, progress and certificates (contract course.ts). */
export const courseModule: AppModule = {
  group: 'course',
  async register(app, deps) {
    const repository = createCourseRepository(deps.db);
    const users = createUserRepository(deps.db);
    // The demo lessons are sanitised as they are stored, which loads sanitize-html (a side bundle
    // no start loads, issue 15 item 8): they are written once the server serves. A course call
    // that comes before they are in waits for them rather than finding an empty classroom.
    let startSeeding = () => {};
    let seedingStarted = false;
    const seeded = new Promise<void>((resolve) => {
      startSeeding = resolve;
    })
      .then(() => seedDemoCourses(repository, deps.clock()))
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'demo courses could not be written'));
    deps.startBackground(() => {
      seedingStarted = true;
      startSeeding();
    });
    app.addHook('onClose', async () => {
      if (seedingStarted) await seeded;
    });
    const service = createCourseService({
      repository,
      // vip_type 1 (VIP) and 2 (SVIP) both open 会员专享 chapters; the membership module keeps
      // vip_type at 0 once a membership lapses.
      isMember: async (userId) => ((await users.findById(userId))?.vip_type ?? 0) >= 1,
      nicknameOf: async (userId) => (await users.findById(userId))?.nickname ?? '知财用户',
      clock: deps.clock,
    });
    await app.register(async (scope) => {
      scope.addHook('onRequest', async () => {
        await seeded;
      });
      registerCourseRoutes(scope, service);
    });
  },
};
