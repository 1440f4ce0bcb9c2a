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
    await seedDemoCourses(repository, deps.clock());
    registerCourseRoutes(
      app,
      createCourseService({
        repository,
        // vip_type 1 (VIP) and 2 (SVIP) both open 会员专享 chapters; the membership module keeps
        // vip_type at 0 once a membership lapses.
        isMember: async (userId) => ((await users.findById(userId))?.vip_type ?? 0) >= 1,
        nicknameOf: async (userId) => (await users.findById(userId))?.nickname ?? '知财用户',
        clock: deps.clock,
      }),
    );
  },
};
