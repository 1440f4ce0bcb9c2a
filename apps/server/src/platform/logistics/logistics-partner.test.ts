import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createPlatformServices } from '../platform-services.ts';
import {
  createHttpLogisticsPartner,
  createLocalLogisticsPartner,
  LogisticsUnavailableError,
} from './logistics-partner.ts';

const logger = pino({ level: 'silent' });
const order = {
  orderNo: 'PS7',
  receiver: { name: '张三', phone: '13912345678', address: '上海市 浦东新区 世纪大道 100 号' },
  items: [{ name: '知财定制笔记本', quantity: 1 }],
};

describe('logistics partner', () => {
  it('runs the local stand-in unless LOGISTICS_API_URL is set, and names it', () => {
    const base = {
      dataDir: '/tmp/zhicai',
      smsGateway: undefined,
      notifyGateway: undefined,
      wechat: undefined,
      hbPartner: undefined,
      brokerApi: undefined,
      objectStorage: undefined,
    };
    const local = createPlatformServices({ ...base, logisticsApi: undefined }, logger, () => new Date());
    expect(local.logistics.kind).toBe('local');
    expect(local.logistics.description).toBe('local stand-in: ships after 120 s, delivers after 1800 s');
    const real = createPlatformServices(
      { ...base, logisticsApi: { url: 'https://express.example.cn/api', key: 'k' } },
      logger,
      () => new Date(),
    );
    expect(real.logistics).toMatchObject({
      kind: 'express',
      description: 'express API https://express.example.cn',
    });
  });

  it('local: pending, then shipped with a stable tracking number, then delivered', async () => {
    let now = Date.parse('2026-03-01T00:00:00Z');
    const partner = createLocalLogisticsPartner(logger, () => new Date(now));
    const { shipmentId } = await partner.createShipment(order);
    expect(await partner.track(shipmentId)).toMatchObject({ status: 'pending', trackingNo: null });
    now += 2 * 60 * 1000;
    const shipped = await partner.track(shipmentId);
    expect(shipped).toMatchObject({
      status: 'shipped',
      shippedAt: '2026-03-01T00:02:00.000Z',
      deliveredAt: null,
    });
    expect(shipped.trackingNo).toMatch(/^ZC\d{12}$/);
    now += 28 * 60 * 1000;
    expect(await partner.track(shipmentId)).toMatchObject({
      status: 'delivered',
      trackingNo: shipped.trackingNo,
      deliveredAt: '2026-03-01T00:30:00.000Z',
    });
    await expect(partner.track('not-a-local-id')).rejects.toBeInstanceOf(LogisticsUnavailableError);
  });

  it('real: posts the order and reads the state with the bearer key', async () => {
    const requests: { url: string; init: RequestInit | undefined }[] = [];
    const answers = [
      { shipmentId: 'SHP-1' },
      { status: 'shipped', carrier: '顺丰速运', trackingNo: 'SF100', shippedAt: '2026-03-01T01:00:00Z' },
    ];
    const partner = createHttpLogisticsPartner({
      url: 'https://express.example.cn/api/',
      key: 'secret',
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        requests.push({ url: String(input), init });
        return new Response(JSON.stringify(answers.shift()), { status: 200 });
      }) as typeof fetch,
    });
    expect(await partner.createShipment(order)).toEqual({ shipmentId: 'SHP-1' });
    expect(await partner.track('SHP-1')).toEqual({
      status: 'shipped',
      carrier: '顺丰速运',
      trackingNo: 'SF100',
      shippedAt: '2026-03-01T01:00:00Z',
      deliveredAt: null,
    });
    expect(requests.map((request) => [request.init?.method, request.url])).toEqual([
      ['POST', 'https://express.example.cn/api/shipments'],
      ['GET', 'https://express.example.cn/api/shipments/SHP-1'],
    ]);
    expect(JSON.parse(String(requests[0]?.init?.body))).toEqual(order);
    expect(requests[0]?.init?.headers).toMatchObject({ authorization: 'Bearer secret' });
  });

  it('real: an HTTP failure or an unknown answer is LogisticsUnavailableError', async () => {
    const failing = createHttpLogisticsPartner({
      url: 'https://express.example.cn/api',
      key: undefined,
      fetch: (async () => new Response('no', { status: 502 })) as typeof fetch,
    });
    await expect(failing.createShipment(order)).rejects.toBeInstanceOf(LogisticsUnavailableError);
    const odd = createHttpLogisticsPartner({
      url: 'https://express.example.cn/api',
      key: undefined,
      fetch: (async () => new Response(JSON.stringify({ status: 'lost' }), { status: 200 })) as typeof fetch,
    });
    await expect(odd.track('x')).rejects.toBeInstanceOf(LogisticsUnavailableError);
  });
});
