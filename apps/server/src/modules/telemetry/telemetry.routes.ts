import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { deviceKindOf } from '../../platform/auth/sessions.ts';
import type { TelemetryService } from './telemetry.service.ts';

// The per-IP and per-user limits of these calls are the contract's rate-limit classes
// (pageView, errorReport, event; numbers in http/rate-limits.ts).
export function registerTelemetryRoutes(app: FastifyInstance, service: TelemetryService): void {
  registerEndpoint(app, api.telemetry.pageView, async ({ query, request, user }) => {
    await service.recordPageView({
      userId: user?.userId ?? null,
      path: query.path,
      query: query.query ?? '',
      deviceKind: deviceKindOf(request),
    });
    return null;
  });

  registerEndpoint(app, api.telemetry.errorReport, async ({ body, request, user }) => {
    await service.recordErrorReport(body, { userId: user?.userId ?? null, ip: request.ip });
    return null;
  });

  // spec 1 §7: events are sent only when a token exists; without one the call answers 004.
  registerEndpoint(app, api.telemetry.event, async ({ body, user }) => {
    await service.recordEvent(body, user.userId);
    return null;
  });
}
