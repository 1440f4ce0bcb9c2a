import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** One line of the local SMS outbox: the phone it went to and its text; the code in either form. */
interface OutboxMessage {
  phone?: string;
  code?: string;
  text?: string;
  content?: string;
  message?: string;
}

function codeOf(message: OutboxMessage): string | null {
  if (typeof message.code === 'string' && /^\d{6}$/.test(message.code)) return message.code;
  const text = message.text ?? message.content ?? message.message ?? '';
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

/**
 * The newest SMS code the server's local sender wrote for a phone (`${dataDir}/outbox/sms.jsonl`,
 * one JSON object per line). Waits up to `timeoutMs` for it to appear.
 */
export async function latestSmsCode(dataDir: string, phone: string, timeoutMs = 5000): Promise<string> {
  const file = path.join(dataDir, 'outbox', 'sms.jsonl');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    const codes = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OutboxMessage)
      .filter((message) => message.phone === phone)
      .map(codeOf)
      .filter((code): code is string => code !== null);
    const code = codes.at(-1);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No SMS code for ${phone} in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The lines the local broker wrote (`${dataDir}/outbox/broker.jsonl`): home-login notices and applications. */
export async function brokerOutbox(dataDir: string): Promise<{ kind: string; thirdUserId: number }[]> {
  const text = await readFile(path.join(dataDir, 'outbox', 'broker.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { kind: string; thirdUserId: number });
}
