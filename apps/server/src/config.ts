import path from 'node:path';
import { brandModes } from '@zhicai/contract';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './data-location.ts';
import { parseTrustProxy, type TrustProxy } from './http/client-ip.ts';
import { isValidCidr } from './modules/user/region.ts';

/**
 * Server configuration, read from the environment once at boot and validated here; nothing else
 * reads process.env. Secrets left unset are created in the data folder (see secrets.ts).
 */
const onOff = z.enum(['on', 'off']);
const commaList = z.string().transform((text) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL 必须是 postgres:// 连接串')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET 至少 32 个字符').optional(),
  API_LOCK_KEY: z
    .string()
    .length(16, 'API_LOCK_KEY 必须是 16 个 ASCII 字符')
    .regex(/^[\x20-\x7e]+$/)
    .optional(),
  BRAND_MODE: z.enum(brandModes).default('zhicai'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // reference/protocol.md signature check on /v3/ paths; on unless operators switch it off.
  API_LOCK: onOff.default('on'),
  // Honour X-Forwarded-For (and -Proto/-Host) only behind proxies we run, and only the part they
  // wrote (http/client-ip.ts); otherwise clients could claim any address and dodge the per-IP SMS
  // limit or the region check.
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((text, context) => {
      const trust = parseTrustProxy(text);
      if (trust) return trust;
      context.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY 必须是 off、on、代理层数（1-16）或逗号分隔的代理地址/CIDR',
      });
      return z.NEVER;
    }),
  /** Comma list of mainland CIDR ranges; unset means the bundled sample list (modules/user/data). */
  CN_CIDRS: commaList
    .refine((ranges) => ranges.length > 0 && ranges.every(isValidCidr), 'CN_CIDRS 必须是逗号分隔的 CIDR 列表')
    .optional(),
  QUOTE_SOCKET_URLS: commaList
    .pipe(z.array(z.string().min(1)).length(5, 'QUOTE_SOCKET_URLS 必须是 5 个地址（逗号分隔）'))
    .optional(),
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_GATEWAY_KEY: z.string().min(1).optional(),
  /** The push gateway for WeChat template messages and app push (issue 16 item 4). */
  NOTIFY_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  NOTIFY_GATEWAY_KEY: z.string().min(1).optional(),
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  /** The partner's endpoint that resolves a t_hb token to its user (spec 1 §4). */
  HB_PARTNER_URL: z.url({ protocol: /^https?$/ }).optional(),
  HB_PARTNER_KEY: z.string().min(1).optional(),
  /** The partner broker's API base (home-login notices, account opening; spec 1 §7). */
  BROKER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  BROKER_API_KEY: z.string().min(1).optional(),
  /** The fulfilment partner's API base: ships the points shop's goods (platform/logistics). */
  LOGISTICS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOGISTICS_API_KEY: z.string().min(1).optional(),
  /**
   * WeChat Pay API v3 (会员 payments): the merchant id turns it on, and then every other WECHATPAY_*
   * is required. Unset runs the local cashier (platform/payment/local-payment.ts).
   */
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  WECHATPAY_SERIAL_NO: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'WECHATPAY_API_V3_KEY 必须是 32 个字符').optional(),
  WECHATPAY_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).optional(),
  WECHATPAY_NOTIFY_URL: z
    .url({ protocol: /^https$/, error: 'WECHATPAY_NOTIFY_URL 必须是 https 地址' })
    .optional(),
  /**
   * An S3-compatible bucket for user uploads (issue 17 item 4): the bucket's POST URL, the URL its
   * objects are read at, the region and the keys. Unset keeps uploads in DATA_DIR/uploads.
   */
  OSS_UPLOAD_URL: z.url({ protocol: /^https?$/ }).optional(),
  OSS_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  OSS_REGION: z.string().min(1).default('us-east-1'),
  OSS_ACCESS_KEY_ID: z.string().min(1).optional(),
  OSS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** demo: the generated market (default); import: what `npm run import` loaded. */
  MARKET_SOURCE: z.enum(['demo', 'import']).default('demo'),
  /**
   * The demo market's size: `full` is the real market's (≈5,400 A-shares, 2,600 Hong Kong stocks,
   * 900 ETFs, 10,000 funds), filled in while serving; `compact` is ~600 instruments (tests, e2e).
   */
  DEMO_UNIVERSE: z.enum(['full', 'compact']).default('full'),
  /**
   * Starts the market's clock at this instant and lets it run from there (demos and tests of a
   * trading session on any day). Only market data follows it; logins and tokens use real time.
   */
  MARKET_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /**
   * Several instances on one database: one produces the live ticks and Redis pub/sub carries them
   * to all (market/redis-tick-bus.ts). Unset means the ticks stay in this process.
   */
  /** Origins besides our own whose PDFs the /pdf viewer may open (issue 5 item 10). */
  PDF_ALLOWED_ORIGINS: commaList
    .refine(
      (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
      'PDF_ALLOWED_ORIGINS 必须是逗号分隔的来源，例如 https://static.example.com',
    )
    .optional(),
  /**
   * Comma list of the phones of the users who review reported comments and answer feedback
   * (issue 17): the smallest reviewer role there is, held by configuration rather than a table.
   */
  REVIEWER_PHONES: commaList
    .refine(
      (phones) => phones.every((phone) => /^1\d{10}$/.test(phone)),
      'REVIEWER_PHONES 必须是逗号分隔的 11 位手机号',
    )
    .optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'REDIS_URL 必须是 redis:// 或 rediss:// 连接串' })
    .optional(),
});

/** spec 1 §9: five socket endpoints, all served by the in-process hub until there are more hosts. */
export const DEFAULT_QUOTE_SOCKET_URLS = [
  '/ws?node=1',
  '/ws?node=2',
  '/ws?node=3',
  '/ws?node=4',
  '/ws?node=5',
];

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  apiLockKey: string | undefined;
  brandMode: (typeof brandModes)[number];
  logLevel: string;
  /** Folder holding the built web app (index.html and assets/). */
  webDist: string;
  shutdownTimeoutMs: number;
  apiLock: boolean;
  /** Which proxies' X-Forwarded-For entries to believe (http/client-ip.ts). */
  trustProxy: TrustProxy;
  cnCidrs: string[] | undefined;
  quoteSocketUrls: string[];
  /** Set when SMS_GATEWAY_URL is: codes go out through the HTTP gateway instead of the outbox. */
  smsGateway: { url: string; key: string | undefined } | undefined;
  /** Set when NOTIFY_GATEWAY_URL is: alert notifications go to the gateway instead of the outbox. */
  notifyGateway: { url: string; key: string | undefined } | undefined;
  /** Set when both WECHAT_APP_ID and WECHAT_APP_SECRET are: the real WeChat API is used. */
  wechat: { appId: string; appSecret: string } | undefined;
  /** Set when HB_PARTNER_URL is: t_hb tokens are checked with the partner. */
  hbPartner: { url: string; key: string | undefined } | undefined;
  /** Set when BROKER_API_URL is: broker calls go to the broker instead of the local outbox. */
  brokerApi: { url: string; key: string | undefined } | undefined;
  /** Set when LOGISTICS_API_URL is: exchanged goods ship through the partner, not the local stand-in. */
  logisticsApi: { url: string; key: string | undefined } | undefined;
  /** Set when WECHATPAY_MCH_ID is: 会员 payments go through WeChat Pay instead of the local cashier. */
  wechatPay?: WechatPaySettings | undefined;
  /** Set when OSS_UPLOAD_URL and its keys are: uploads go to the bucket instead of DATA_DIR/uploads. */
  objectStorage:
    | { uploadUrl: string; publicUrl: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  marketSource: 'demo' | 'import';
  demoUniverse: 'full' | 'compact';
  /** Epoch ms the market clock starts at, when MARKET_CLOCK_START is set. */
  marketClockStart: number | undefined;
  /** Origins (scheme://host[:port]) besides our own whose PDFs the /pdf viewer opens. */
  pdfAllowedOrigins: string[];
  /**
   * REDIS_URL: live ticks and users' messages cross instances by Redis pub/sub; unset keeps them
   * in-process.
   */
  redisUrl: string | undefined;
  /** REVIEWER_PHONES: the users who may review comments and feedback; none when unset. */
  reviewerPhones: string[];
}

export interface WechatPaySettings {
  appId: string;
  mchId: string;
  serialNo: string;
  privateKeyFile: string;
  apiV3Key: string;
  publicKeyFile: string;
  publicKeyId: string;
  notifyUrl: string;
}

export class ConfigError extends Error {}

/** All of WECHATPAY_* once WECHATPAY_MCH_ID is set; the app id falls back to WECHAT_APP_ID. */
function wechatPaySettings(env: z.infer<typeof environmentSchema>): WechatPaySettings | undefined {
  if (!env.WECHATPAY_MCH_ID) return undefined;
  const settings = {
    appId: env.WECHATPAY_APP_ID ?? env.WECHAT_APP_ID,
    mchId: env.WECHATPAY_MCH_ID,
    serialNo: env.WECHATPAY_SERIAL_NO,
    privateKeyFile: env.WECHATPAY_PRIVATE_KEY_FILE,
    apiV3Key: env.WECHATPAY_API_V3_KEY,
    publicKeyFile: env.WECHATPAY_PUBLIC_KEY_FILE,
    publicKeyId: env.WECHATPAY_PUBLIC_KEY_ID,
    notifyUrl: env.WECHATPAY_NOTIFY_URL,
  };
  const missing = Object.entries(settings)
    .filter(([, value]) => value === undefined)
    .map(([key]) => key);
  if (missing.length > 0)
    throw new ConfigError(
      `配置有误 (configuration invalid): 设置 WECHATPAY_MCH_ID 后还须设置 ${missing.join(', ')}`,
    );
  return settings as WechatPaySettings;
}

export function loadConfig(
  environment: Record<string, string | undefined>,
  defaultWebDist: string,
): ServerConfig {
  // Empty variables count as unset, the way shells and .env files usually mean them.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`配置有误 (configuration invalid): ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    apiLockKey: env.API_LOCK_KEY,
    brandMode: env.BRAND_MODE,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST ?? defaultWebDist),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    apiLock: env.API_LOCK === 'on',
    trustProxy: env.TRUST_PROXY,
    cnCidrs: env.CN_CIDRS,
    quoteSocketUrls: env.QUOTE_SOCKET_URLS ?? DEFAULT_QUOTE_SOCKET_URLS,
    smsGateway: env.SMS_GATEWAY_URL ? { url: env.SMS_GATEWAY_URL, key: env.SMS_GATEWAY_KEY } : undefined,
    notifyGateway: env.NOTIFY_GATEWAY_URL
      ? { url: env.NOTIFY_GATEWAY_URL, key: env.NOTIFY_GATEWAY_KEY }
      : undefined,
    wechat:
      env.WECHAT_APP_ID && env.WECHAT_APP_SECRET
        ? { appId: env.WECHAT_APP_ID, appSecret: env.WECHAT_APP_SECRET }
        : undefined,
    hbPartner: env.HB_PARTNER_URL ? { url: env.HB_PARTNER_URL, key: env.HB_PARTNER_KEY } : undefined,
    brokerApi: env.BROKER_API_URL ? { url: env.BROKER_API_URL, key: env.BROKER_API_KEY } : undefined,
    logisticsApi: env.LOGISTICS_API_URL
      ? { url: env.LOGISTICS_API_URL, key: env.LOGISTICS_API_KEY }
      : undefined,
    wechatPay: wechatPaySettings(env),
    objectStorage:
      env.OSS_UPLOAD_URL && env.OSS_ACCESS_KEY_ID && env.OSS_SECRET_ACCESS_KEY
        ? {
            uploadUrl: env.OSS_UPLOAD_URL,
            publicUrl: env.OSS_PUBLIC_URL ?? env.OSS_UPLOAD_URL,
            region: env.OSS_REGION,
            accessKeyId: env.OSS_ACCESS_KEY_ID,
            secretAccessKey: env.OSS_SECRET_ACCESS_KEY,
          }
        : undefined,
    marketSource: env.MARKET_SOURCE,
    demoUniverse: env.DEMO_UNIVERSE,
    marketClockStart: env.MARKET_CLOCK_START ? Date.parse(env.MARKET_CLOCK_START) : undefined,
    pdfAllowedOrigins: env.PDF_ALLOWED_ORIGINS ?? [],
    redisUrl: env.REDIS_URL,
    reviewerPhones: env.REVIEWER_PHONES ?? [],
  };
}
