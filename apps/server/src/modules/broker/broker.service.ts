import { type AccountOpening, accountOpeningStatus, Codes } from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import { type BrokerPartner, BrokerUnavailableError } from '../../platform/partner/broker-partner.ts';
import type { BrokerRepository } from './broker.repository.ts';

/** An application the user has not finished is resumed for this long, then a new one starts. */
export const APPLICATION_RESUME_MS = 30 * 24 * 3600_000;

function brokerUnavailable(): AppError {
  return new AppError(Codes.unavailable, '券商服务暂时不可用，请稍后再试', 503);
}

/** Calls the broker; its outage becomes a 503 for the client, never a 500. */
async function askBroker<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BrokerUnavailableError) throw brokerUnavailable();
    throw error;
  }
}

export function createBrokerService(deps: {
  repository: BrokerRepository;
  broker: BrokerPartner;
  phoneOf: (userId: number) => Promise<string | null>;
  clock: () => Date;
}) {
  const { repository, broker, clock } = deps;
  return {
    /**
     * spec 1 §7 broker home login notification. The broker is told first and the notice recorded
     * after, so a failed call leaves no record of a notice the broker never got.
     */
    async notifyHomeLogin(userId: number): Promise<{ notifiedAt: string }> {
      const notifiedAt = clock().toISOString();
      await askBroker(() => broker.notifyHomeLogin({ thirdUserId: userId, at: notifiedAt }));
      await repository.recordHomeLogin(userId, notifiedAt);
      return { notifiedAt };
    },

    /**
     * spec 1 §7 broker account-opening initialization: resumes an application in progress, or
     * opens a new one at the broker (a finished or stale application starts over).
     */
    async initAccountOpening(userId: number): Promise<AccountOpening> {
      const row = await repository.find(userId);
      const now = clock();
      if (row?.application_id && row.application_url && row.application_started_at) {
        const status = accountOpeningStatus.safeParse(row.application_status);
        const age = now.getTime() - Date.parse(row.application_started_at);
        if (status.success && status.data !== 'opened' && age < APPLICATION_RESUME_MS)
          return {
            applicationId: row.application_id,
            status: status.data,
            openUrl: row.application_url,
            startedAt: row.application_started_at,
          };
        if (status.success && status.data === 'opened')
          throw new AppError(Codes.refused, '您已开户成功，无需重复开户');
      }
      const phone = await deps.phoneOf(userId);
      const started = await askBroker(() => broker.startAccountOpening({ thirdUserId: userId, phone }));
      const application = {
        id: started.applicationId,
        status: 'started' as const,
        url: started.openUrl,
        startedAt: now.toISOString(),
      };
      await repository.saveApplication(userId, application);
      return {
        applicationId: application.id,
        status: application.status,
        openUrl: application.url,
        startedAt: application.startedAt,
      };
    },
  };
}

export type BrokerService = ReturnType<typeof createBrokerService>;
