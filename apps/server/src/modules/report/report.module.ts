import { createStatementsRepository } from '../../market/statements/statements.repository.ts';
import type { AppModule } from '../app-module.ts';
import { registerReportRoutes } from './report.routes.ts';
import { createReportService } from './report.service.ts';

/** The financial report preview (spec 2 §7.1) and the report PDF it links to. */
export const reportModule: AppModule = {
  group: 'report',
  register(app, deps) {
    registerReportRoutes(
      app,
      createReportService(createStatementsRepository(deps.db), deps.market.directory),
    );
  },
};
