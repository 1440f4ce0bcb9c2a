import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export interface Secrets {
  jwtSecret: string;
  apiLockKey: string;
  /** Which values came from configuration and which from the data folder, for the boot log. */
  source: { jwtSecret: 'environment' | 'data folder'; apiLockKey: 'environment' | 'data folder' };
}

const storedSecrets = z.object({ jwtSecret: z.string().min(32), apiLockKey: z.string().length(16) });
const SECRETS_FILE = 'secrets.json';
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random string over an alphabet, without modulo bias. */
export function randomAlphanumeric(length: number, alphabet = KEY_ALPHABET): string {
  let result = '';
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Bytes at or above the largest multiple of the alphabet size would favour early letters.
      if (byte < 256 - (256 % alphabet.length) && result.length < length) {
        result += alphabet[byte % alphabet.length];
      }
    }
  }
  return result;
}

/**
 * JWT_SECRET and API_LOCK_KEY: taken from configuration when set; otherwise created on first start
 * and kept in the data folder so that tokens and signatures survive restarts.
 */
export function loadOrCreateSecrets(
  dataDir: string,
  configured: { jwtSecret: string | undefined; apiLockKey: string | undefined },
): Secrets {
  const file = path.join(dataDir, SECRETS_FILE);
  let stored: z.infer<typeof storedSecrets> | undefined;
  if (existsSync(file)) {
    const parsed = storedSecrets.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} is damaged; fix or delete it to create new secrets`);
    stored = parsed.data;
  } else {
    stored = { jwtSecret: randomBytes(48).toString('base64url'), apiLockKey: randomAlphanumeric(16) };
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return {
    jwtSecret: configured.jwtSecret ?? stored.jwtSecret,
    apiLockKey: configured.apiLockKey ?? stored.apiLockKey,
    source: {
      jwtSecret: configured.jwtSecret ? 'environment' : 'data folder',
      apiLockKey: configured.apiLockKey ? 'environment' : 'data folder',
    },
  };
}
