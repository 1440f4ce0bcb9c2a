import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createPlatformServices } from '../platform-services.ts';

const logger = pino({ level: 'silent' });
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

describe('the payment provider the server runs', () => {
  it('is the local cashier without WECHATPAY_MCH_ID, and says so', () => {
    expect(loadConfig({}, '/web').wechatPay).toBeUndefined();
    const services = createPlatformServices(local, logger, () => new Date());
    expect(services.payment.kind).toBe('local');
    expect(services.payment.description).toContain('/dev/pay/cashier');
  });

  it('refuses a merchant id without the rest of its settings, naming what is missing', () => {
    expect(() => loadConfig({ WECHATPAY_MCH_ID: '1900009191', WECHAT_APP_ID: 'wx1' }, '/web')).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ WECHATPAY_MCH_ID: '1900009191' }, '/web')).toThrow(/appId/);
  });

  it('is WeChat Pay v3 with every setting, its keys read from the files named', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'zhicai-pay-'));
    const keys = path.join(folder, 'key.pem');
    const publicKey = path.join(folder, 'pub.pem');
    const { privateKey, publicKey: pub } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    writeFileSync(keys, privateKey);
    writeFileSync(publicKey, pub);
    const config = loadConfig(
      {
        WECHATPAY_MCH_ID: '1900009191',
        WECHAT_APP_ID: 'wxd678efh567hg6787',
        WECHATPAY_SERIAL_NO: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
        WECHATPAY_PRIVATE_KEY_FILE: keys,
        WECHATPAY_API_V3_KEY: 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb',
        WECHATPAY_PUBLIC_KEY_FILE: publicKey,
        WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
        WECHATPAY_NOTIFY_URL: 'https://zhicai.example.com/api/v2/wx/pay/notify',
      },
      '/web',
    );
    expect(config.wechatPay).toMatchObject({ appId: 'wxd678efh567hg6787', mchId: '1900009191' });
    const services = createPlatformServices(
      { ...local, wechatPay: config.wechatPay },
      logger,
      () => new Date(),
    );
    expect(services.payment.kind).toBe('wechatpay');
    expect(services.payment.description).toBe(
      'WeChat Pay v3 merchant 1900009191, notify https://zhicai.example.com/api/v2/wx/pay/notify',
    );
  });
});
