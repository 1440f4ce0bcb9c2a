import { api, Codes } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import { registerEndpoint } from '../../../http/register-endpoint.ts';
import { createPdfCache } from '../../report/report-pdf.ts';
import type { NoticeService } from './notice.service.ts';

/**
 * Announcements and research reports (contract content-notice.ts) and their PDFs. The PDFs live
 * outside /api, like the financial-report PDF: files for a viewer, not envelope calls.
 */
export function registerNoticeRoutes(app: FastifyInstance, service: NoticeService): void {
  registerEndpoint(app, api.content.noticeList, async ({ query }) => service.noticeList(query));
  registerEndpoint(app, api.content.noticeDetail, async ({ query }) => service.noticeDetail(query.id));
  registerEndpoint(app, api.content.researchList, async ({ query }) => service.researchList(query));
  registerEndpoint(app, api.content.researchDetail, async ({ query }) => service.researchDetail(query.id));
  registerEndpoint(app, api.content.researchInstitutions, async () => service.institutions());

  const cache = createPdfCache();
  for (const kind of ['notice', 'research'] as const) {
    app.get<{ Params: { file: string } }>(
      `/files/${kind}/:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { file } = request.params;
        const match = /^(\d{1,12})\.pdf$/.exec(file);
        const found = match ? await service.pdf(kind, Number(match[1])) : null;
        if (!found) throw new AppError(Codes.notFound, `文件不存在：${file.slice(0, 40)}`, 404);
        const tag = `"${found.tag}"`;
        reply.header('etag', tag).header('cache-control', 'public, max-age=3600');
        if (request.headers['if-none-match'] === tag) return reply.code(304).send();
        const { body: make } = found;
        const body = typeof make === 'function' ? await cache.get(`${kind}|${file}`, found.tag, make) : make;
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${found.name}"`)
          .send(body);
      },
    );
  }
}
