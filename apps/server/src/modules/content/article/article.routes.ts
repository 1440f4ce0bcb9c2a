import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import { type ArticleService, readerKey } from './article.service.ts';

export function registerArticleRoutes(app: FastifyInstance, service: ArticleService): void {
  const content = api.content;
  registerEndpoint(app, content.articleList, async ({ query }) => service.list(query));
  registerEndpoint(app, content.articleDetail, async ({ query, user, request }) =>
    service.detail(
      query.id,
      readerKey(user?.userId ?? null, request.ip, request.headers['user-agent'] ?? ''),
    ),
  );
  registerEndpoint(app, content.articleSearch, async ({ query }) => service.search(query));
  registerEndpoint(app, content.columnList, async () => service.columns());
  registerEndpoint(app, content.columnDetail, async ({ query }) => service.column(query.id));
  registerEndpoint(app, content.dailyPaper, async ({ query }) => service.dailyPaper(query.kind, query.date));
  registerEndpoint(app, content.weeklyPaper, async ({ query }) => service.weeklyPaper(query.date));
  registerEndpoint(app, content.bannerList, async () => service.banners());
}
