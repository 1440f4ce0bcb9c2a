import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoginResult } from '@zhicai/contract';
import { SMS_OUTBOX } from '../platform/sms/local-sms.ts';
import type { TestContext } from './test-app.ts';

/** The newest code the local SMS sender wrote to the outbox for a phone (as e2e tests read it). */
export function latestSmsCode(context: TestContext, phone: string): string {
  const lines = readFileSync(path.join(context.dataDir, SMS_OUTBOX), 'utf8').trim().split('\n');
  const messages = lines.map((line) => JSON.parse(line) as { phone: string; code: string });
  const message = messages.filter((entry) => entry.phone === phone).at(-1);
  if (!message) throw new Error(`no SMS to ${phone} in the outbox`);
  return message.code;
}

/** Logs in by phone through the real calls: send a code, read it from the outbox, verify it. */
export async function loginByPhone(
  context: TestContext,
  phone: string,
  options: { requestFrom?: string; remoteAddress?: string } = {},
): Promise<LoginResult & { code: string }> {
  const headers = options.requestFrom ? { requestfrom: options.requestFrom } : {};
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  const sent = await context.app.inject({
    method: 'GET',
    url: '/api/v2/user/getSmsCode',
    query: { phone },
    headers,
    remoteAddress,
  });
  if (sent.json().code !== '000') throw new Error(`getSmsCode answered ${sent.body}`);
  const verified = await context.app.inject({
    method: 'POST',
    url: '/api/v2/user/bindPhone',
    payload: { phone, code: latestSmsCode(context, phone) },
    headers,
    remoteAddress,
  });
  const envelope = verified.json();
  if (envelope.code !== '000' && envelope.code !== '014')
    throw new Error(`bindPhone answered ${verified.body}`);
  return { ...envelope.datas, code: envelope.code };
}
