import { api, Codes, reportPeriod } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import type { ReportService } from './report.service.ts';
import { createPdfCache, renderReportPdf, reportPdfTag } from './report-pdf.ts';

/**
 * The financial report preview (contract report.ts, spec 2 §7.1) and the original report PDF it
 * links to. The PDF lives outside /api: it is a file for a viewer, not an envelope call.
 */
export function registerReportRoutes(app: FastifyInstance, service: ReportService): void {
  registerEndpoint(app, api.report.finreportQuick, async ({ query }) =>
    service.quick(query.code, query.reportPeriod),
  );

  const cache = createPdfCache();
  app.get<{ Params: { code: string; file: string } }>(
    '/files/report/:code/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { code, file } = request.params;
      const period = reportPeriod.safeParse(file.replace(/\.pdf$/, ''));
      if (!file.endsWith('.pdf') || !period.success || code.length > 20)
        throw new AppError(Codes.notFound, `报告文件不存在：${file.slice(0, 40)}`, 404);
      const data = await service.load(code, period.data);
      const tag = `"${reportPdfTag(data)}"`;
      reply.header('etag', tag).header('cache-control', 'public, max-age=3600');
      if (request.headers['if-none-match'] === tag) return reply.code(304).send();
      const body = await cache.get(`${data.instrument.code}|${data.period}`, tag, () =>
        renderReportPdf(data),
      );
      const name = `${data.instrument.code}-${data.period}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .send(body);
    },
  );
}
