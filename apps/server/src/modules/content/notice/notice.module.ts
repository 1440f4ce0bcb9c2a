import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app-module.ts';
import { createNoticeRepository } from './notice.repository.ts';
import { registerNoticeRoutes } from './notice.routes.ts';
import { createNoticeService } from './notice.service.ts';

/** Announcements and research reports: the content group's part under modules/content/notice. */
export function registerNotice(app: FastifyInstance, deps: ModuleDeps): void {
  registerNoticeRoutes(
    app,
    createNoticeService(deps.db, createNoticeRepository(deps.db), deps.market, deps.clock),
  );
}
