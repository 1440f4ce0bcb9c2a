import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api, type LoginResult } from '@zhicai/contract';
import { SMS_OUTBOX } from '../platform/sms/local-sms.ts';
import { type CallOptions, call } from './call.ts';
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
  const sending: CallOptions = {
    headers: options.requestFrom ? { requestfrom: options.requestFrom } : {},
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
  };
  await call(context, api.user.getSmsCode, { query: { phone } }, sending);
  const verified = await call(
    context,
    api.user.bindPhone,
    { body: { phone, code: latestSmsCode(context, phone) } },
    sending,
  );
  return { ...verified.datas, code: verified.code };
}
