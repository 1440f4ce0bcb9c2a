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
