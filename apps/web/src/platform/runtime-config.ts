import type { BrandMode, RuntimeConfig } from '@zhicai/contract';

declare global {
  interface Window {
    /** Written by the server into index.html in place of the runtime marker (contract config.ts). */
    __ZHICAI_RUNTIME__?: unknown;
  }
}

/**
 * Used when the page was not served by our server (Vite dev server, unit tests) or the injected
 * value is malformed: the plain brand, and a key that is visibly not a production key. Request
 * signing needs the server's real key, which the server always injects.
 */
export const defaultRuntimeConfig: RuntimeConfig = {
  apiLockKey: 'zhicai-local-key',
  brandMode: 'zhicai',
  // The server's own socket path (contract ws.ts `websocketPath`), five times: one origin.
  quoteSocketUrls: ['/ws', '/ws', '/ws', '/ws', '/ws'],
  wechatAppId: '',
  wechatAuthorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
};

// Keyed by BrandMode so adding a mode to the contract fails the type check here.
const knownBrandModes: Record<BrandMode, true> = { zhicai: true, zhicaiPro: true };

/**
 * The contract's runtimeConfig schema, checked by hand: this module runs before first paint, and
 * importing the zod schema would put zod into the entry chunk. A unit test holds the check to the
 * schema.
 */
export function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const {
    apiLockKey,
    brandMode,
    quoteSocketUrls,
    wechatAppId,
    wechatAuthorizeUrl,
    marketDataSource,
    pdfAllowedOrigins,
  } = value as Record<string, unknown>;
  return (
    typeof apiLockKey === 'string' &&
    apiLockKey.length === 16 &&
    typeof brandMode === 'string' &&
    Object.hasOwn(knownBrandModes, brandMode) &&
    Array.isArray(quoteSocketUrls) &&
    quoteSocketUrls.length === 5 &&
    quoteSocketUrls.every((url) => typeof url === 'string') &&
    typeof wechatAppId === 'string' &&
    typeof wechatAuthorizeUrl === 'string' &&
    (marketDataSource === undefined || marketDataSource === 'demo' || marketDataSource === 'import') &&
    (pdfAllowedOrigins === undefined ||
      (Array.isArray(pdfAllowedOrigins) && pdfAllowedOrigins.every((origin) => typeof origin === 'string')))
  );
}

/** Validates an injected value, falling back to the defaults. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (raw === undefined) return defaultRuntimeConfig;
  if (isRuntimeConfig(raw)) {
    const {
      apiLockKey,
      brandMode,
      quoteSocketUrls,
      wechatAppId,
      wechatAuthorizeUrl,
      marketDataSource,
      pdfAllowedOrigins,
    } = raw;
    const config: RuntimeConfig = { apiLockKey, brandMode, quoteSocketUrls, wechatAppId, wechatAuthorizeUrl };
    if (marketDataSource !== undefined) config.marketDataSource = marketDataSource;
    if (pdfAllowedOrigins !== undefined) config.pdfAllowedOrigins = pdfAllowedOrigins;
    return config;
  }
  console.warn('忽略无效的运行时配置', raw);
  return defaultRuntimeConfig;
}

let cached: RuntimeConfig | undefined;

/** The runtime configuration of this page, read once. */
export function getRuntimeConfig(): RuntimeConfig {
  cached ??= parseRuntimeConfig(typeof window === 'undefined' ? undefined : window.__ZHICAI_RUNTIME__);
  return cached;
}
