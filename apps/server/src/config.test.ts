import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const webDist = '/srv/web';

describe('loadConfig', () => {
  it('uses port 8080, ./data and the zhicai brand when nothing is set', () => {
    const config = loadConfig({}, webDist);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.brandMode).toBe('zhicai');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webDist).toBe(webDist);
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and BRAND_MODE', () => {
    const config = loadConfig(
      {
        PORT: '9090',
        DATA_DIR: '/tmp/zc',
        DATABASE_URL: 'postgres://u:p@localhost/zc',
        BRAND_MODE: 'zhicaiPro',
      },
      webDist,
    );
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/tmp/zc',
      databaseUrl: 'postgres://u:p@localhost/zc',
      brandMode: 'zhicaiPro',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, webDist)).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it.each([
    ['a port that is not a number', { PORT: 'eighty' }, 'PORT'],
    ['a port out of range', { PORT: '70000' }, 'PORT'],
    ['a database URL that is not PostgreSQL', { DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    ['an API lock key of the wrong length', { API_LOCK_KEY: 'short' }, 'API_LOCK_KEY'],
    ['a short JWT secret', { JWT_SECRET: 'abc' }, 'JWT_SECRET'],
    ['an unknown brand', { BRAND_MODE: 'other' }, 'BRAND_MODE'],
    ['an API lock that is neither on nor off', { API_LOCK: 'true' }, 'API_LOCK'],
    ['four socket URLs', { QUOTE_SOCKET_URLS: '/a,/b,/c,/d' }, 'QUOTE_SOCKET_URLS'],
    ['a CN range that is not CIDR', { CN_CIDRS: '1.0.1.0/24,mainland' }, 'CN_CIDRS'],
    ['an SMS gateway that is not a URL', { SMS_GATEWAY_URL: 'sms-host' }, 'SMS_GATEWAY_URL'],
    ['a Redis URL of another scheme', { REDIS_URL: 'http://localhost:6379' }, 'REDIS_URL'],
    ['a Redis address without a scheme', { REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    ['a proxy setting that is neither a count nor addresses', { TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [
      'a reviewer phone that is not a mainland mobile number',
      { REVIEWER_PHONES: '13800138000,admin' },
      'REVIEWER_PHONES',
    ],
    [
      'a PDF origin with a path',
      { PDF_ALLOWED_ORIGINS: 'https://cdn.example.com/files' },
      'PDF_ALLOWED_ORIGINS',
    ],
  ])('refuses %s, naming the variable', (_case, environment, variable) => {
    expect(() => loadConfig(environment, webDist)).toThrow(ConfigError);
    expect(() => loadConfig(environment, webDist)).toThrow(variable);
  });

  it('switches the API lock on and keeps X-Forwarded-For untrusted by default, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'production', 'test']) {
      expect(loadConfig({ NODE_ENV }, webDist)).toMatchObject({
        apiLock: true,
        trustProxy: { kind: 'off' },
      });
    }
    expect(loadConfig({ API_LOCK: 'off', TRUST_PROXY: 'on' }, webDist)).toMatchObject({
      apiLock: false,
      trustProxy: { kind: 'hops', hops: 1 },
    });
  });

  it('has no reviewers unless REVIEWER_PHONES names them', () => {
    expect(loadConfig({}, webDist).reviewerPhones).toEqual([]);
    expect(loadConfig({ REVIEWER_PHONES: '13800138000, 13900139000' }, webDist).reviewerPhones).toEqual([
      '13800138000',
      '13900139000',
    ]);
  });

  it('lets the PDF viewer open only our own files unless PDF_ALLOWED_ORIGINS names more', () => {
    expect(loadConfig({}, webDist).pdfAllowedOrigins).toEqual([]);
    expect(
      loadConfig({ PDF_ALLOWED_ORIGINS: 'https://static.example.com, http://10.0.0.5:8080' }, webDist)
        .pdfAllowedOrigins,
    ).toEqual(['https://static.example.com', 'http://10.0.0.5:8080']);
  });

  it('serves five socket URLs from the in-process hub unless QUOTE_SOCKET_URLS names five', () => {
    expect(loadConfig({}, webDist).quoteSocketUrls).toEqual([
      '/ws?node=1',
      '/ws?node=2',
      '/ws?node=3',
      '/ws?node=4',
      '/ws?node=5',
    ]);
    const urls =
      'wss://q1.zhicai.cn/ws, wss://q2.zhicai.cn/ws,wss://q3.zhicai.cn/ws,wss://q4.zhicai.cn/ws,wss://q5.zhicai.cn/ws';
    expect(loadConfig({ QUOTE_SOCKET_URLS: urls }, webDist).quoteSocketUrls[1]).toBe('wss://q2.zhicai.cn/ws');
  });

  it('uses the local SMS, WeChat, partner and broker unless they are configured', () => {
    expect(loadConfig({}, webDist)).toMatchObject({
      smsGateway: undefined,
      notifyGateway: undefined,
      wechat: undefined,
      hbPartner: undefined,
      brokerApi: undefined,
    });
    // WeChat needs both the app id and the secret.
    expect(loadConfig({ WECHAT_APP_ID: 'wx123' }, webDist).wechat).toBeUndefined();
    expect(
      loadConfig(
        {
          SMS_GATEWAY_URL: 'https://sms.example.cn/send',
          SMS_GATEWAY_KEY: 'k',
          WECHAT_APP_ID: 'wx123',
          WECHAT_APP_SECRET: 'secret',
          HB_PARTNER_URL: 'https://partner.example.cn/token',
          BROKER_API_URL: 'https://broker.example.cn/api',
          BROKER_API_KEY: 'b',
          CN_CIDRS: '1.0.1.0/24, 223.4.0.0/14',
        },
        webDist,
      ),
    ).toMatchObject({
      smsGateway: { url: 'https://sms.example.cn/send', key: 'k' },
      wechat: { appId: 'wx123', appSecret: 'secret' },
      hbPartner: { url: 'https://partner.example.cn/token', key: undefined },
      brokerApi: { url: 'https://broker.example.cn/api', key: 'b' },
      cnCidrs: ['1.0.1.0/24', '223.4.0.0/14'],
    });
  });

  it('keeps live ticks in-process unless REDIS_URL names a redis:// or rediss:// server', () => {
    expect(loadConfig({}, webDist).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }, webDist).redisUrl).toBe(
      'redis://127.0.0.1:6379/0',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.example.cn:6380' }, webDist).redisUrl).toBe(
      'rediss://:secret@cache.example.cn:6380',
    );
  });
});
