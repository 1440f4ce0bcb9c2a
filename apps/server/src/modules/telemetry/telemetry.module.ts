import type { AppModule } from '../app-module.ts';
import { createTelemetryRepository } from './telemetry.repository.ts';
import { registerTelemetryRoutes } from './telemetry.routes.ts';
import { createTelemetryService } from './telemetry.service.ts';

/** Page views, client error reports and events. */
export const telemetryModule: AppModule = {
  group: 'telemetry',
  register(app, deps) {
    registerTelemetryRoutes(
      app,
      createTelemetryService(createTelemetryRepository(deps.db), deps.logger, deps.clock),
    );
  },
};
