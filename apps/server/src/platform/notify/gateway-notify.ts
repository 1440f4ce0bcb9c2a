import type { NotificationSender } from './notification-sender.ts';

export interface NotifyGatewayOptions {
  url: string;
  key: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * A push gateway over HTTP: POST the notification as JSON with the key as a bearer token; the
 * gateway turns it into a WeChat template message or an app push. Any 2xx means it was accepted.
 */
export function createGatewayNotificationSender(options: NotifyGatewayOptions): NotificationSender {
  const send = options.fetch ?? fetch;
  return {
    kind: 'gateway',
    description: `push gateway ${new URL(options.url).origin}`,
    async send(notification) {
      const response = await send(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        },
        body: JSON.stringify(notification),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) throw new Error(`push gateway answered HTTP ${response.status}`);
    },
  };
}
