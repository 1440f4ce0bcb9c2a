import path from 'node:path';
import { brandModes } from '@zhicai/contract';
import { z } from 'zod';

/**
 * Server configuration, read from the environment once at boot and validated here; nothing else
 * reads process.env. Secrets left unset are created in the data folder (see secrets.ts).
 */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
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
});

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
}

export class ConfigError extends Error {}

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
  };
}
