import { runtimeConfig } from '@zhicai/contract';
import { describe, expect, it, vi } from 'vitest';
import { defaultRuntimeConfig, isRuntimeConfig, parseRuntimeConfig } from './runtime-config.ts';

describe('parseRuntimeConfig', () => {
  it('accepts what the server injects', () => {
    const injected = { apiLockKey: 'abcdefghijklmnop', brandMode: 'zhicaiPro' };
    expect(parseRuntimeConfig(injected)).toEqual(injected);
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
      { apiLockKey: 'abcdefghijklmnop', brandMode: 'zhicai' },
      { apiLockKey: 'abcdefghijklmnop', brandMode: 'zhicaiPro' },
      { apiLockKey: 'abcdefghijklmno', brandMode: 'zhicai' },
      { apiLockKey: 'abcdefghijklmnopq', brandMode: 'zhicai' },
      { apiLockKey: 'abcdefghijklmnop', brandMode: 'toString' },
      { apiLockKey: 1234567890123456, brandMode: 'zhicai' },
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
