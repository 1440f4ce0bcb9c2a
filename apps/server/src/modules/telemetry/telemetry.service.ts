import type { api, BodyOf } from '@zhicai/contract';
import type { FastifyBaseLogger } from 'fastify';
import { redactCredentials } from '../../http/credential-redaction.ts';
import type { TelemetryRepository } from './telemetry.repository.ts';

type ErrorReport = BodyOf<typeof api.telemetry.errorReport>;
type TrackedEvent = BodyOf<typeof api.telemetry.event>;

const EXTRA_FIELDS = ['event_ext1', 'event_ext2', 'event_ext3', 'event_ext4', 'event_ext5'] as const;

export function createTelemetryService(
  repository: TelemetryRepository,
  logger: FastifyBaseLogger,
  clock: () => Date,
) {
  return {
    /**
     * spec 1 §4 "page-visit event on each route change". Visitors count too (userId null). A page
     * opened with a login credential in its query reports it here; its value is not kept.
     */
    async recordPageView(view: { userId: number | null; path: string; query: string; deviceKind: string }) {
      await repository.insertPageView({
        user_id: view.userId,
        path: redactCredentials(view.path),
        query: redactCredentials(view.query),
        device_kind: view.deviceKind,
        created_at: clock().toISOString(),
      });
    },

    /** spec 1 §8 "uncaught global error": logged for operators' alerts and kept for analysis. */
    async recordErrorReport(received: ErrorReport, context: { userId: number | null; ip: string }) {
      // Messages and paths quote page URLs, which may hold a login credential.
      const report = {
        ...received,
        pathName: redactCredentials(received.pathName),
        errorMsg: redactCredentials(received.errorMsg),
      };
      logger.warn({ clientError: report, userId: context.userId, ip: context.ip }, 'client error report');
      await repository.insertErrorReport({
        user_id: context.userId,
        device: report.device,
        service: report.service,
        container: report.container,
        env: report.env,
        path_name: report.pathName,
        is_white: report.isWhite ? 1 : 0,
        error_msg: report.errorMsg,
        ip: context.ip,
        created_at: clock().toISOString(),
      });
    },

    /** spec 1 §7 event tracking: only signed-in users' events are kept. */
    async recordEvent(event: TrackedEvent, userId: number) {
      await repository.insertEvent({
        user_id: userId,
        event_name: event.event_name,
        ext_json: JSON.stringify(
          EXTRA_FIELDS.map((field) => {
            const value = event[field];
            return value === undefined ? null : redactCredentials(value);
          }),
        ),
        app_version: event.appVersion ?? null,
        container: event.container,
        env: event.env,
        created_at: clock().toISOString(),
      });
    },
  };
}

export type TelemetryService = ReturnType<typeof createTelemetryService>;
