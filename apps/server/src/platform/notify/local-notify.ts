import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationSender } from './notification-sender.ts';

/** Where the local sender appends notifications, relative to DATA_DIR. */
export const NOTIFY_OUTBOX = path.join('outbox', 'notify.jsonl');

/**
 * Development notifications: each is appended as one JSON line (the notification and `sentAt`) to
 * `${DATA_DIR}/outbox/notify.jsonl` and logged, as the local SMS sender does with codes.
 */
export function createLocalNotificationSender(
  dataDir: string,
  logger: FastifyBaseLogger,
  clock: () => Date,
): NotificationSender {
  const file = path.join(dataDir, NOTIFY_OUTBOX);
  return {
    kind: 'local',
    description: `local outbox ${file}`,
    async send(notification) {
      await mkdir(path.dirname(file), { recursive: true });
      const line = JSON.stringify({ ...notification, sentAt: clock().toISOString() });
      await appendFile(file, `${line}\n`, 'utf8');
      logger.info(
        { userId: notification.userId, channel: notification.channel },
        'notification written to the local outbox',
      );
    },
  };
}
