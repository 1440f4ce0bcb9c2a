import { runtimeConfig } from '@zhicai/contract';
import { describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, isRuntimeConfig, parseRuntimeConfig } from './runtime-config.ts';

const full = {
  apiLockKey: 'abcdefghijklmnop',
  brandMode: 'zhicai',
  quoteSocketUrls: ['/ws', '/ws', 'ws://a/ws', 'wss://b/ws', '/ws'],
  wechatAppId: 'wx123',
  wechatAuthorizeUrl: '/dev/wechat/authorize',
};

describe('parseRuntimeConfig', () => {
  it('accepts what the server injects', () => {
    const injected = { ...full, apiLockKey: 'abcdefghijklmnop', brandMode: 'zhicaiPro' };
    expect(parseRuntimeConfig(injected)).toEqual(injected);
    const demo = { ...full, marketDataSource: 'demo' };
    expect(parseRuntimeConfig(demo)).toEqual(demo);
    const withPdfOrigins = { ...full, pdfAllowedOrigins: ['https://static.example.com'] };
    expect(parseRuntimeConfig(withPdfOrigins)).toEqual(withPdfOrigins);
  });

  it('falls back to the defaults when nothing was injected (dev server, tests)', () => {
    expect(parseRuntimeConfig(undefined)).toEqual(defaultRuntimeConfig);
    expect(defaultRuntimeConfig.brandMode).toBe('zhicai');
  });

  it('falls back to the defaults and warns when the injected value is malformed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseRuntimeConfig({ apiLockKey: 'short', brandMode: 'other' })).toEqual(defaultRuntimeConfig);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('agrees with the contract schema', () => {
    const samples: unknown[] = [
      full,
      { ...full, brandMode: 'zhicaiPro' },
      { ...full, apiLockKey: 'abcdefghijklmno' },
      { ...full, apiLockKey: 'abcdefghijklmnopq' },
      { ...full, brandMode: 'toString' },
      { ...full, apiLockKey: 1234567890123456 },
      { ...full, quoteSocketUrls: ['/ws'] },
      { ...full, quoteSocketUrls: ['/ws', '/ws', '/ws', '/ws', 5] },
      { ...full, wechatAppId: null },
      { ...full, wechatAuthorizeUrl: undefined },
      { ...full, marketDataSource: 'demo' },
      { ...full, marketDataSource: 'import' },
      { ...full, marketDataSource: 'live' },
      { ...full, pdfAllowedOrigins: [] },
      { ...full, pdfAllowedOrigins: ['https://static.example.com'] },
      { ...full, pdfAllowedOrigins: 'https://static.example.com' },
      { ...full, pdfAllowedOrigins: [1] },
      { apiLockKey: 'abcdefghijklmnop', brandMode: 'zhicai' },
      { brandMode: 'zhicai' },
      null,
      'zhicai',
      [],
    ];
    for (const sample of samples)
      expect(isRuntimeConfig(sample)).toBe(runtimeConfig.safeParse(sample).success);
    expect(defaultRuntimeConfig).toEqual(runtimeConfig.parse(defaultRuntimeConfig));
  });
});
