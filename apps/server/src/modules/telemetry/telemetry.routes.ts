import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { type Authenticator, deviceKindOf } from '../../platform/auth/sessions.ts';
import type { TelemetryService } from './telemetry.service.ts';

export function registerTelemetryRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  service: TelemetryService,
): void {
  registerEndpoint(app, api.telemetry.pageView, async ({ query, request }) => {
    const signedIn = await auth.optionalUser(request);
    await service.recordPageView({
      userId: signedIn?.userId ?? null,
      path: query.path,
      query: query.query ?? '',
      deviceKind: deviceKindOf(request),
    });
    return null;
  });

  registerEndpoint(app, api.telemetry.errorReport, async ({ body, request }) => {
    const signedIn = await auth.optionalUser(request);
    await service.recordErrorReport(body, { userId: signedIn?.userId ?? null, ip: request.ip });
    return null;
  });

  // spec 1 §7: events are sent only when a token exists; without one the call answers 004.
  registerEndpoint(app, api.telemetry.event, async ({ body, request }) => {
    const { userId } = await auth.requireUser(request);
    await service.recordEvent(body, userId);
    return null;
  });
}
