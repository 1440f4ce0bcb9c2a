import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { createRateLimiter } from '../../http/rate-limiter.ts';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { type Authenticator, deviceKindOf } from '../../platform/auth/sessions.ts';
import type { TelemetryService } from './telemetry.service.ts';

export function registerTelemetryRoutes(
  app: FastifyInstance,
  auth: Authenticator,
  service: TelemetryService,
  clock: () => Date,
): void {
  // A person browsing fast opens a page every second or two; an error loop reports far faster.
  // Visitors are counted by IP, and carrier NAT puts many phones behind one, hence the headroom.
  const minute = 60_000;
  const pageViews = createRateLimiter(
    { limit: 300, windowMs: minute, message: '访问过于频繁，请稍后再试' },
    clock,
  );
  const errorReports = createRateLimiter({ limit: 60, windowMs: minute, message: '错误上报过于频繁' }, clock);
  const events = createRateLimiter(
    { limit: 120, windowMs: minute, message: '操作过于频繁，请稍后再试' },
    clock,
  );

  registerEndpoint(app, api.telemetry.pageView, async ({ query, request }) => {
    const signedIn = await auth.optionalUser(request);
    pageViews.take(signedIn ? `user:${signedIn.userId}` : `ip:${request.ip}`);
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
    errorReports.take(signedIn ? `user:${signedIn.userId}` : `ip:${request.ip}`);
    await service.recordErrorReport(body, { userId: signedIn?.userId ?? null, ip: request.ip });
    return null;
  });

  // spec 1 §7: events are sent only when a token exists; without one the call answers 004.
  registerEndpoint(app, api.telemetry.event, async ({ body, request }) => {
    const { userId } = await auth.requireUser(request);
    events.take(String(userId));
    await service.recordEvent(body, userId);
    return null;
  });
}
