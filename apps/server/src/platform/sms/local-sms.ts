import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.ts';

/** Where the local sender appends messages, relative to DATA_DIR. */
export const SMS_OUTBOX = path.join('outbox', 'sms.jsonl');

/**
 * Development SMS: each message is logged and appended as one JSON line
 * `{"phone","code","text","sentAt"}` to `${DATA_DIR}/outbox/sms.jsonl`, so a developer reads the
 * code from the log and e2e tests read it from the file.
 */
export function createLocalSmsSender(
  dataDir: string,
  logger: FastifyBaseLogger,
  clock: () => Date,
): SmsSender {
  const file = path.join(dataDir, SMS_OUTBOX);
  return {
    kind: 'local',
    description: `local outbox ${file}`,
    async send(message) {
      await mkdir(path.dirname(file), { recursive: true });
      const line = JSON.stringify({ ...message, sentAt: clock().toISOString() });
      await appendFile(file, `${line}\n`, 'utf8');
      logger.info({ phone: message.phone, code: message.code }, 'SMS code written to the local outbox');
    },
  };
}
