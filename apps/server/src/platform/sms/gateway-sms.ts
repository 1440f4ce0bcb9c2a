import { SmsDeliveryError, type SmsSender } from './sms-sender.ts';

export interface SmsGatewayOptions {
  url: string;
  key: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * An HTTP SMS gateway: POST `{phone, text}` as JSON with the key as a bearer token; any 2xx answer
 * means the gateway accepted the message.
 */
export function createGatewaySmsSender(options: SmsGatewayOptions): SmsSender {
  const send = options.fetch ?? fetch;
  return {
    kind: 'gateway',
    description: `SMS gateway ${new URL(options.url).origin}`,
    async send(message) {
      let response: Response;
      try {
        response = await send(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
          },
          body: JSON.stringify({ phone: message.phone, text: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
      } catch (error) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${String(error)}`);
      }
      if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}
