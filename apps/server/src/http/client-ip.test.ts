import { api } from '@zhicai/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { call, callSettled } from '../test/call.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { parseTrustProxy } from './client-ip.ts';

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** An app whose TRUST_PROXY is read from the environment as the server reads it. */
async function appWith(trustProxy: string) {
  context = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }, '/tmp').trustProxy });
  return context;
}

async function clientIp(forwardedFor: string, remoteAddress = '10.0.0.2'): Promise<string> {
  if (!context) throw new Error('no app');
  const { datas } = await call(
    context,
    api.user.isCN,
    {},
    { headers: { 'x-forwarded-for': forwardedFor }, remoteAddress },
  );
  return datas.ip;
}

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('takes the address our one proxy appended, not one the client prepended (TRUST_PROXY=on)', async () => {
    await appWith('on');
    // The proxy appends the address it saw (8.8.8.8); the rest is whatever the client sent.
    expect(await clientIp('8.8.8.8')).toBe('8.8.8.8');
    expect(await clientIp('223.5.5.5, 8.8.8.8')).toBe('8.8.8.8');
    expect(await clientIp('127.0.0.1, 10.1.1.1, 223.5.5.5, 8.8.8.8')).toBe('8.8.8.8');
  });

  it('does not let a client rotate prepended addresses past the per-IP SMS limit', async () => {
    const target = await appWith('on');
    const codes: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      const answer = await callSettled(
        target,
        api.user.getSmsCode,
        { query: { phone: `1380013${String(index).padStart(4, '0')}` } },
        { headers: { 'x-forwarded-for': `203.0.113.${index + 1}, 8.8.8.8` }, remoteAddress: '10.0.0.2' },
      );
      codes.push(answer.code);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('000'));
    expect(codes[10]).toBe('-002');
  });

  it('counts hops from our side with a number of proxies', async () => {
    await appWith('2');
    // CDN → our proxy → us: the CDN appended the client, our proxy appended the CDN.
    expect(await clientIp('1.1.1.1, 8.8.8.8, 198.51.100.7')).toBe('8.8.8.8');
    expect(await clientIp('8.8.8.8, 198.51.100.7')).toBe('8.8.8.8');
  });

  it('skips the listed proxies and takes the first address that is not one', async () => {
    await appWith('10.0.0.0/8, 198.51.100.7');
    expect(await clientIp('1.1.1.1, 8.8.8.8, 198.51.100.7, 10.9.9.9')).toBe('8.8.8.8');
    // A peer that is not a listed proxy is the client, whatever it forwards.
    expect(await clientIp('8.8.8.8', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp('8.8.8.8', '::ffff:10.0.0.2')).toBe('8.8.8.8');
  });

  it('ignores X-Forwarded-For when off', async () => {
    await appWith('off');
    expect(await clientIp('8.8.8.8')).toBe('10.0.0.2');
  });
});

describe('parseTrustProxy', () => {
  it.each([
    ['off', { kind: 'off' }],
    ['0', { kind: 'off' }],
    ['on', { kind: 'hops', hops: 1 }],
    ['3', { kind: 'hops', hops: 3 }],
    ['127.0.0.1', { kind: 'addresses', ranges: ['127.0.0.1'] }],
    ['10.0.0.0/8, fd00::/8', { kind: 'addresses', ranges: ['10.0.0.0/8', 'fd00::/8'] }],
  ])('reads %s', (text, setting) => {
    expect(parseTrustProxy(text)).toEqual(setting);
  });

  it.each(['yes', 'true', '17', '-1', '10.0.0.0/33', '10.0.0.0/8/1', 'proxy.local', ','])(
    'refuses %s',
    (text) => {
      expect(parseTrustProxy(text)).toBeNull();
    },
  );
});
