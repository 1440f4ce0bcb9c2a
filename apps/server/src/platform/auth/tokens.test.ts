import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-000';
const claims = { jti: 'session-1', sub: '42', iat: 1_800_000_000, exp: 1_815_552_000 };

function forge(header: object, payload: object, key: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode(header)}.${encode(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

describe('HS256 user tokens', () => {
  const signer = createTokenSigner(secret);

  it('round-trips the jti, sub, iat and exp claims', () => {
    const token = signer.sign(claims);
    expect(token.split('.')).toHaveLength(3);
    expect(signer.verify(token)).toEqual(claims);
  });

  it('is a standard JWT: an independent HS256 signature over the same parts matches', () => {
    const token = signer.sign(claims);
    expect(token).toBe(forge({ alg: 'HS256', typ: 'JWT' }, claims, secret));
  });

  it.each([
    [
      'signed with another secret',
      () => createTokenSigner('another-secret-that-is-long-enough!!').sign(claims),
    ],
    ['with a changed payload', () => forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: '1' }, 'guess')],
    [
      'with alg none',
      () => `${forge({ alg: 'none', typ: 'JWT' }, claims, secret).split('.').slice(0, 2).join('.')}.`,
    ],
    ['that is not a JWT', () => 'not-a-token'],
    ['that is too long', () => `${signer.sign(claims)}${'x'.repeat(2000)}`],
    [
      'with claims of the wrong shape',
      () => forge({ alg: 'HS256', typ: 'JWT' }, { jti: 1, sub: 'x' }, secret),
    ],
  ])('refuses a token %s', (_case, make) => {
    expect(signer.verify(make())).toBeNull();
  });
});

describe('strict base64url in tokens (issue 14 defect 7)', () => {
  const signer = createTokenSigner(secret);
  /** A token whose signature has both base64url-only characters, to swap for base64's. */
  const token = (() => {
    for (let jti = 0; ; jti += 1) {
      const made = signer.sign({ ...claims, jti: `session-${jti}` });
      const signature = made.split('.')[2] ?? '';
      if (signature.includes('-') && signature.includes('_')) return made;
    }
  })();
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  /** 32 bytes take 43 characters whose last one carries 2 unused bits: its neighbour decodes alike. */
  const last = signature.at(-1) ?? 'A';
  const sibling = alphabet[alphabet.indexOf(last) ^ 1] ?? 'A';

  it('accepts the token as issued', () => {
    expect(signer.verify(token)).not.toBeNull();
  });

  it.each([
    ['padded with =', `${header}.${payload}.${signature}=`],
    ['padded with ==', `${header}.${payload}.${signature}==`],
    [
      'in the base64 alphabet (+ and /)',
      `${header}.${payload}.${signature.replaceAll('-', '+').replaceAll('_', '/')}`,
    ],
    ['with unused bits set', `${header}.${payload}.${signature.slice(0, -1)}${sibling}`],
    [
      'with a character base64 skips',
      `${header}.${payload}.${signature.slice(0, 10)}!${signature.slice(10)}`,
    ],
    ['with white space inside', `${header}.${payload}.${signature.slice(0, 10)} ${signature.slice(10)}`],
    ['with a padded payload', `${header}.${payload}=.${signature}`],
  ])('refuses a signature or payload %s', (_case, variant) => {
    expect(signer.verify(variant)).toBeNull();
  });
});
