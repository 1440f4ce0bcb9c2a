import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/**
 * The partner broker's side of spec 1 §7 "broker home login notification and broker
 * account-opening initialization". Real: the broker's HTTP API (BROKER_API_URL, bearer
 * BROKER_API_KEY); local: notices go to the log and a development outbox, and account opening
 * continues on a page our own server serves, so the whole flow runs without the broker.
 */
export interface BrokerPartner {
  kind: 'local' | 'broker';
  description: string;
  /** Tells the broker that its linked user (our id = its thirdUserId) is signed in on our home page. */
  notifyHomeLogin(notice: { thirdUserId: number; at: string }): Promise<void>;
  /** Opens an account-opening application; answers its id and the page where it continues. */
  startAccountOpening(request: {
    thirdUserId: number;
    phone: string | null;
  }): Promise<{ applicationId: string; openUrl: string }>;
}

/** Thrown when the broker cannot be asked or answers nonsense; the call then fails with 503. */
export class BrokerUnavailableError extends Error {}

/** Where the local broker appends notices and applications, relative to DATA_DIR. */
export const BROKER_OUTBOX = path.join('outbox', 'broker.jsonl');
/** The page the local broker's applications continue on (served only with the local broker). */
export const LOCAL_ACCOUNT_OPENING_PAGE = '/dev/broker/openAccount';

export function createLocalBrokerPartner(
  dataDir: string,
  logger: FastifyBaseLogger,
  clock: () => Date,
): BrokerPartner {
  const file = path.join(dataDir, BROKER_OUTBOX);
  async function record(entry: Record<string, unknown>) {
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify({ ...entry, recordedAt: clock().toISOString() })}\n`, 'utf8');
  }
  return {
    kind: 'local',
    description: `local broker outbox ${file}`,
    async notifyHomeLogin(notice) {
      await record({ kind: 'homeLogin', ...notice });
      logger.info({ thirdUserId: notice.thirdUserId }, 'broker home login written to the local outbox');
    },
    async startAccountOpening(request) {
      const applicationId = `local-${request.thirdUserId}-${clock().getTime().toString(36)}`;
      await record({ kind: 'accountOpening', thirdUserId: request.thirdUserId, applicationId });
      logger.info(
        { thirdUserId: request.thirdUserId, applicationId },
        'local broker account opening started',
      );
      return { applicationId, openUrl: `${LOCAL_ACCOUNT_OPENING_PAGE}?applicationId=${applicationId}` };
    },
  };
}

const openingAnswer = z.object({
  applicationId: z.string().min(1).max(64),
  openUrl: z.url({ protocol: /^https?$/ }).max(1024),
});

/**
 * The broker's API: POST `{base}/home-login` with `{thirdUserId, at}` (any 2xx is accepted), and
 * POST `{base}/account-opening` with `{thirdUserId, phone}` answering `{applicationId, openUrl}`.
 */
export function createHttpBrokerPartner(options: {
  url: string;
  key: string | undefined;
  fetch?: typeof fetch;
}): BrokerPartner {
  const send = options.fetch ?? fetch;
  const base = options.url.replace(/\/+$/, '');
  async function post(route: string, body: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await send(`${base}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      throw new BrokerUnavailableError(`broker unreachable: ${String(error)}`);
    }
    if (!response.ok) throw new BrokerUnavailableError(`broker answered HTTP ${response.status}`);
    return response.json().catch(() => null);
  }
  return {
    kind: 'broker',
    description: `broker ${new URL(options.url).origin}`,
    async notifyHomeLogin(notice) {
      await post('/home-login', notice);
    },
    async startAccountOpening(request) {
      const answer = openingAnswer.safeParse(await post('/account-opening', request));
      if (!answer.success) throw new BrokerUnavailableError('broker answered in an unknown shape');
      return answer.data;
    },
  };
}
