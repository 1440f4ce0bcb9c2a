import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zstokv1 } from '@zhicai/domain';
import { latestSmsCode } from './outbox.ts';

/** An envelope's datas, or a thrown error naming the call and the answer. */
async function datasOf<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json()) as { code: string; message: string; datas: T };
  // 014 is a success too: a new user's first login (spec 1 §8).
  if (body.code !== '000' && body.code !== '014') throw new Error(`${what}: ${body.code} ${body.message}`);
  return body.datas;
}

/**
 * A user signed in through the server's own calls (SMS code from the local outbox), whose requests
 * carry the token and, for /v3/ calls, the signature a client makes (zstokv1 with the data folder's
 * API-lock key): for e2e tests that need data a user makes before the browser looks at it.
 */
export async function signedInClient(baseUrl: string, dataDir: string, phone: string) {
  await datasOf(await fetch(`${baseUrl}/api/v2/user/getSmsCode?phone=${phone}`), 'getSmsCode');
  const code = await latestSmsCode(dataDir, phone);
  const { token } = await datasOf<{ token: string }>(
    await fetch(`${baseUrl}/api/v2/user/bindPhone`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, code }),
    }),
    'bindPhone',
  );
  const { apiLockKey } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    apiLockKey: string;
  };
  const send = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { token };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (url.startsWith('/api/v3/')) {
      const apiToken = await datasOf<string>(await fetch(`${baseUrl}/api/v2/system/apiOuth`), 'apiOuth');
      Object.assign(headers, zstokv1(apiToken, Date.now(), apiLockKey));
    }
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return datasOf<T>(response, url);
  };
  return {
    /** The session token, for a browser context that should be signed in as the same user. */
    token,
    get: <T>(url: string): Promise<T> => send<T>('GET', url),
    post: <T>(url: string, body: unknown): Promise<T> => send<T>('POST', url, body),
  };
}
