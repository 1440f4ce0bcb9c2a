import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { CommunityService } from './community.service.ts';

export function registerCommunityRoutes(app: FastifyInstance, service: CommunityService): void {
  const endpoints = api.community;
  registerEndpoint(app, endpoints.list, async ({ query, user }) => service.list(user?.userId ?? null, query));
  registerEndpoint(app, endpoints.detail, async ({ query, user }) =>
    service.detail(user?.userId ?? null, query.id),
  );
  registerEndpoint(app, endpoints.comment, async ({ body, user }) => service.comment(user.userId, body));
  registerEndpoint(app, endpoints.like, async ({ body, user }) => service.like(user.userId, body.id));
  registerEndpoint(app, endpoints.tipoff, async ({ body, user }) =>
    service.tipoff(user.userId, body.id, body.reason),
  );
  registerEndpoint(app, endpoints.reviewList, async ({ query, user }) =>
    service.reviewList(user.userId, query.lastId, query.size),
  );
  registerEndpoint(app, endpoints.review, async ({ body, user }) =>
    service.review(user.userId, body.id, body.decision),
  );
  registerEndpoint(app, endpoints.msgList, async ({ query, user }) =>
    service.msgList(user.userId, query.lastId, query.size),
  );
  registerEndpoint(app, endpoints.unreadCount, async ({ user }) => service.unreadCount(user.userId));
  registerEndpoint(app, endpoints.readMsg, async ({ body, user }) => service.readMsg(user.userId, body.ids));
  registerEndpoint(app, endpoints.delMsg, async ({ body, user }) => service.delMsg(user.userId, body.id));

  registerEndpoint(app, endpoints.questionList, async ({ query }) => service.questionList(query));
  registerEndpoint(app, endpoints.questionDetail, async ({ query }) => service.questionDetail(query.id));
  registerEndpoint(app, endpoints.ask, async ({ body, user }) => service.ask(user.userId, body));
  registerEndpoint(app, endpoints.answer, async ({ body, user }) => service.answer(user.userId, body));
  registerEndpoint(app, endpoints.searchAnswer, async ({ query }) =>
    service.searchAnswer(query.keyword, query.lastId, query.size),
  );
  registerEndpoint(app, endpoints.topics, async () => service.topics());
  registerEndpoint(app, endpoints.group, async () => service.group());

  registerEndpoint(app, endpoints.feedbackList, async ({ user }) => service.feedbackList(user.userId));
  registerEndpoint(app, endpoints.feedbackSubmit, async ({ body, user }) =>
    service.feedbackSubmit(user.userId, body),
  );

  registerEndpoint(app, endpoints.feedbackReviewList, async ({ query, user }) =>
    service.feedbackReviewList(user.userId, query),
  );
  registerEndpoint(app, endpoints.feedbackReply, async ({ body, user }) =>
    service.feedbackReply(user.userId, body),
  );

  registerEndpoint(app, endpoints.ossSign, async ({ query, user }) =>
    service.sign(user.userId, 'image', query.purpose),
  );
  registerEndpoint(app, endpoints.ossSignVideo, async ({ query, user }) =>
    service.sign(user.userId, 'video', query.purpose),
  );
}
