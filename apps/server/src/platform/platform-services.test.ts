import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpPartnerTokens, PartnerUnavailableError } from './partner/partner-tokens.ts';
import { createPlatformServices } from './platform-services.ts';
import { createGatewaySmsSender } from './sms/gateway-sms.ts';
import { SmsDeliveryError } from './sms/sms-sender.ts';

const logger = pino({ level: 'silent' });
const clock = () => new Date();
const local = { dataDir: '/tmp/zhicai', smsGateway: undefined, wechat: undefined, hbPartner: undefined };

function recordingFetch(status: number, answer: object) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const stub = async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(input), init });
    return new Response(JSON.stringify(answer), { status });
  };
  return { requests, fetch: stub as typeof fetch };
}

describe('platform services', () => {
  it('runs the local implementations by default and says so', () => {
    const services = createPlatformServices(local, logger, clock);
    expect([services.sms.kind, services.wechat.kind, services.partner.kind]).toEqual([
      'local',
      'local',
      'local',
    ]);
    expect(services.sms.description).toBe('local outbox /tmp/zhicai/outbox/sms.jsonl');
    expect(services.wechat.authorizeUrl).toBe('/dev/wechat/authorize');
  });

  it('runs the real implementations when configured', () => {
    const services = createPlatformServices(
      {
        ...local,
        smsGateway: { url: 'https://sms.example.cn/send', key: 'k' },
        wechat: { appId: 'wx123', appSecret: 's' },
        hbPartner: { url: 'https://partner.example.cn/token', key: undefined },
      },
      logger,
      clock,
    );
    expect([services.sms.kind, services.wechat.kind, services.partner.kind]).toEqual([
      'gateway',
      'real',
      'partner',
    ]);
    expect(services.wechat.appId).toBe('wx123');
    expect(services.wechat.authorizeUrl).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
  });

  it('posts the phone and text to the SMS gateway with the key as a bearer token', async () => {
    const gateway = recordingFetch(200, { ok: true });
    const sender = createGatewaySmsSender({
      url: 'https://sms.example.cn/send',
      key: 'k',
      fetch: gateway.fetch,
    });
    await sender.send({ phone: '13800138000', code: '123456', text: '验证码 123456' });
    expect(gateway.requests[0]?.init?.body).toBe(
      JSON.stringify({ phone: '13800138000', text: '验证码 123456' }),
    );
    expect(gateway.requests[0]?.init?.headers).toMatchObject({ authorization: 'Bearer k' });
  });

  it('reports a gateway refusal as a delivery error', async () => {
    const gateway = recordingFetch(500, {});
    const sender = createGatewaySmsSender({
      url: 'https://sms.example.cn/send',
      key: 'k',
      fetch: gateway.fetch,
    });
    await expect(sender.send({ phone: '13800138000', code: '1', text: 't' })).rejects.toThrow(
      SmsDeliveryError,
    );
  });

  it('asks the partner for the user key behind a t_hb token', async () => {
    const known = createHttpPartnerTokens({
      url: 'https://partner.example.cn/token',
      key: undefined,
      fetch: recordingFetch(200, { userKey: 'p-1' }).fetch,
    });
    expect(await known.resolveUserKey('t')).toBe('p-1');
    const odd = createHttpPartnerTokens({
      url: 'https://partner.example.cn/token',
      key: undefined,
      fetch: recordingFetch(200, { user: 1 }).fetch,
    });
    await expect(odd.resolveUserKey('t')).rejects.toThrow(PartnerUnavailableError);
  });
});
