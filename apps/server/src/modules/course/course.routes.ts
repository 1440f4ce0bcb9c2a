import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { CourseService } from './course.service.ts';

export function registerCourseRoutes(app: FastifyInstance, service: CourseService): void {
  const endpoints = api.course;
  registerEndpoint(app, endpoints.list, async ({ query, user }) => service.list(user?.userId ?? null, query));
  registerEndpoint(app, endpoints.chapterList, async ({ query, user }) =>
    service.chapterList(user?.userId ?? null, query.courseId),
  );
  registerEndpoint(app, endpoints.chapterDetail, async ({ query, user }) =>
    service.chapterDetail(user?.userId ?? null, query.chapterId),
  );
  registerEndpoint(app, endpoints.hasBuy, async ({ query, user }) =>
    service.hasBuy(user?.userId ?? null, query.courseId),
  );
  registerEndpoint(app, endpoints.userWatch, async ({ body, user }) =>
    service.userWatch(user.userId, body.chapterId, body.percent),
  );
  registerEndpoint(app, endpoints.userAnswer, async ({ body, user }) =>
    service.userAnswer(user.userId, body.chapterId, body.answers),
  );
  registerEndpoint(app, endpoints.getCertified, async ({ query, user }) =>
    service.getCertified(user.userId, query.courseId),
  );
}
