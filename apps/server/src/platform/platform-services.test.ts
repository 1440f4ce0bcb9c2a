import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createGatewayNotificationSender } from './notify/gateway-notify.ts';
import { BrokerUnavailableError, createHttpBrokerPartner } from './partner/broker-partner.ts';
import { createHttpPartnerTokens, PartnerUnavailableError } from './partner/partner-tokens.ts';
import { createPlatformServices } from './platform-services.ts';
import { createGatewaySmsSender } from './sms/gateway-sms.ts';
import { SmsDeliveryError } from './sms/sms-sender.ts';

const logger = pino({ level: 'silent' });
const clock = () => new Date();
const local = {
  dataDir: '/tmp/zhicai',
  smsGateway: undefined,
  notifyGateway: undefined,
  wechat: undefined,
  hbPartner: undefined,
  brokerApi: undefined,
  objectStorage: undefined,
  logisticsApi: undefined,
};

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
    expect([services.sms.kind, services.wechat.kind, services.partner.kind, services.broker.kind]).toEqual([
      'local',
      'local',
      'local',
      'local',
    ]);
    expect(services.sms.description).toBe('local outbox /tmp/zhicai/outbox/sms.jsonl');
    expect(services.notify.description).toBe('local outbox /tmp/zhicai/outbox/notify.jsonl');
    expect(services.broker.description).toBe('local broker outbox /tmp/zhicai/outbox/broker.jsonl');
    expect(services.wechat.authorizeUrl).toBe('/dev/wechat/authorize');
    expect(services.storage.description).toBe('local folder /tmp/zhicai/uploads');
  });

  it('runs the real implementations when configured', () => {
    const services = createPlatformServices(
      {
        ...local,
        smsGateway: { url: 'https://sms.example.cn/send', key: 'k' },
        notifyGateway: { url: 'https://push.example.cn/send', key: 'n' },
        wechat: { appId: 'wx123', appSecret: 's' },
        hbPartner: { url: 'https://partner.example.cn/token', key: undefined },
        brokerApi: { url: 'https://broker.example.cn/api', key: 'b' },
        objectStorage: {
          uploadUrl: 'https://bucket.oss.example.cn',
          publicUrl: 'https://cdn.example.cn',
          region: 'cn-hangzhou',
          accessKeyId: 'AK',
          secretAccessKey: 'SK',
        },
      },
      logger,
      clock,
    );
    expect([services.sms.kind, services.wechat.kind, services.partner.kind, services.broker.kind]).toEqual([
      'gateway',
      'real',
      'partner',
      'broker',
    ]);
    expect(services.notify.kind).toBe('gateway');
    expect(services.storage.kind).toBe('s3');
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

  it('posts a notification to the push gateway with the key as a bearer token', async () => {
    const gateway = recordingFetch(200, {});
    const sender = createGatewayNotificationSender({
      url: 'https://push.example.cn/send',
      key: 'n',
      fetch: gateway.fetch,
    });
    const notification = {
      userId: 7,
      channel: 'wechat' as const,
      title: '贵州茅台 股价跌到 1490.00',
      body: '最新价 1489.00',
      path: '/stock?stockCode=600519.SH',
      at: '2026-11-20T02:30:00.000Z',
    };
    await sender.send(notification);
    expect(JSON.parse(String(gateway.requests[0]?.init?.body))).toEqual(notification);
    expect(gateway.requests[0]?.init?.headers).toMatchObject({ authorization: 'Bearer n' });
    const refusing = createGatewayNotificationSender({
      url: 'https://push.example.cn/send',
      key: undefined,
      fetch: recordingFetch(502, {}).fetch,
    });
    await expect(refusing.send(notification)).rejects.toThrow('HTTP 502');
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

  it('tells the broker of a home login and starts account opening through its API', async () => {
    const notices = recordingFetch(202, {});
    const broker = createHttpBrokerPartner({
      url: 'https://broker.example.cn/api/',
      key: 'b',
      fetch: notices.fetch,
    });
    await broker.notifyHomeLogin({ thirdUserId: 7, at: '2026-11-20T02:00:00.000Z' });
    expect(notices.requests[0]?.url).toBe('https://broker.example.cn/api/home-login');
    expect(notices.requests[0]?.init?.headers).toMatchObject({ authorization: 'Bearer b' });
    expect(JSON.parse(String(notices.requests[0]?.init?.body))).toEqual({
      thirdUserId: 7,
      at: '2026-11-20T02:00:00.000Z',
    });

    const opening = recordingFetch(200, {
      applicationId: 'A1',
      openUrl: 'https://broker.example.cn/open?a=A1',
    });
    const opened = createHttpBrokerPartner({
      url: 'https://broker.example.cn/api',
      key: undefined,
      fetch: opening.fetch,
    });
    expect(await opened.startAccountOpening({ thirdUserId: 7, phone: '13800138000' })).toEqual({
      applicationId: 'A1',
      openUrl: 'https://broker.example.cn/open?a=A1',
    });
    expect(opening.requests[0]?.url).toBe('https://broker.example.cn/api/account-opening');
  });

  it('reports a broker refusal or an odd answer as the broker being unavailable', async () => {
    const refusing = createHttpBrokerPartner({
      url: 'https://broker.example.cn/api',
      key: undefined,
      fetch: recordingFetch(502, {}).fetch,
    });
    await expect(refusing.notifyHomeLogin({ thirdUserId: 7, at: 'x' })).rejects.toThrow(
      BrokerUnavailableError,
    );
    const odd = createHttpBrokerPartner({
      url: 'https://broker.example.cn/api',
      key: undefined,
      fetch: recordingFetch(200, { id: 1 }).fetch,
    });
    await expect(odd.startAccountOpening({ thirdUserId: 7, phone: null })).rejects.toThrow(
      BrokerUnavailableError,
    );
  });
});
