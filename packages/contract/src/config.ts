import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/** The keys the client reads through /api/v2/config/get (spec 2 §7.3 "Config and user"). */
export const configKeys = ['oneYearOperationStage', 'topContent', 'miniProgramAudit'] as const;
export type ConfigKey = (typeof configKeys)[number];

/** The two brand variants of spec 1 §1; the server's BRAND_MODE setting picks one. */
export const brandModes = ['zhicai', 'zhicaiPro'] as const;
export type BrandMode = (typeof brandModes)[number];

/**
 * Settings the server hands the web client at run time, written into index.html as
 * `window.__ZHICAI_RUNTIME__` in place of the `<!--zhicai-runtime-->` marker.
 */
export const runtimeConfig = lazySchema(() =>
  z.object({
    /** The fixed AES key for the zstokv1 signature (reference/protocol.md); 16 ASCII characters. */
    apiLockKey: z.string().length(16),
    brandMode: z.enum(brandModes),
    /**
     * The live-quote socket endpoints, tried in turn (spec 1 §9: five). Relative URLs resolve against
     * the page's origin.
     */
    quoteSocketUrls: z.array(z.string()).length(5),
    /** WeChat official-account app id, for OAuth and the JS-SDK. */
    wechatAppId: z.string(),
    /** WeChat's OAuth authorize page, or our local consent page when the local WeChat runs. */
    wechatAuthorizeUrl: z.string(),
    /** Where market data comes from; the client marks demo data as such (演示数据). */
    marketDataSource: z.enum(['demo', 'import']).optional(),
    /**
     * Origins besides our own whose PDF files the /pdf viewer may open (issue 5 item 10), e.g.
     * 'https://static.example.com'. Absent: only our own files open.
     */
    pdfAllowedOrigins: z.array(z.string()).optional(),
  }),
);
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
export const runtimeConfigMarker = '<!--zhicai-runtime-->';

export const appMenu = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    /** Icon URL served by our own server. */
    icon: z.string(),
    /** In-app path (starts with /) or an absolute http(s) URL. */
    url: z.string(),
    /** Optional corner badge such as 新 or 热. */
    badge: z.string().nullable(),
  }),
);
export type AppMenu = z.infer<typeof appMenu>;

export const configEndpoints = defineGroup('config', {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/config/get',
    auth: 'none',
    summary: '读取一项客户端配置',
    query: () => z.object({ key: z.enum(configKeys) }),
    // A configuration value is any JSON the operators store for that key; null when unset.
    datas: () => z.json().nullable(),
  }),
  getAppMenus: defineEndpoint({
    method: 'GET',
    path: '/api/v2/config/getAppMenus',
    auth: 'none',
    summary: '首页功能入口菜单',
    datas: () => z.array(appMenu),
  }),
  apiOuth: defineEndpoint({
    method: 'GET',
    path: '/api/v2/system/apiOuth',
    auth: 'none',
    summary: '接口锁令牌（80 位，十段各 8 位）',
    datas: () => z.string().length(80),
  }),
});

/** GET /healthz answers this `datas` inside the usual envelope. */
export const healthDatas = lazySchema(() =>
  z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
);
