import { timingSafeEqual } from 'node:crypto';
import { Codes } from '@zhicai/contract';
import { zstokv1 } from '@zhicai/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { normalisedSegments } from '../../http/request-path.ts';

/** reference/protocol.md: the signed time must be within five minutes of the server clock. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export interface ApiLockOptions {
  /** API_LOCK=on. When off, signatures are neither required nor checked. */
  enabled: boolean;
  apiLockKey: string;
  apiLockToken: () => Promise<string>;
  clock: () => Date;
}

/** Why a signature was refused, as the Chinese message the client shows. */
function refuse(message: string): AppError {
  return new AppError(Codes.badSignature, message, 403);
}

function headerText(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Whether a request is a /v3/ call: the route the router picked is a /v3/ route, or the path, read
 * as leniently as any router or proxy might (decoded, any case, dot segments and doubled slashes
 * resolved), names /v3/. The raw URL alone is not enough: the router decodes `/api/v%33/` to a /v3/
 * route (issue 14, defect 3).
 */
function needsSignature(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && normalisedSegments(route).includes('v3')) return true;
  return normalisedSegments(request.url).includes('v3');
}

/**
 * The request signature of spec 1 §7 and reference/protocol.md: a /v3/ call must carry timeStamp
 * (13-digit epoch ms) and the zstokv1 computed from the API-lock token and key for that time. The
 * real client also signs v2 and v4 calls; there the headers are accepted and not checked.
 */
export function installApiLock(app: FastifyInstance, options: ApiLockOptions): void {
  if (!options.enabled) return;
  app.addHook('onRequest', async (request) => {
    if (!needsSignature(request)) return;
    const timeStamp = headerText(request, 'timestamp');
    const signature = headerText(request, 'zstokv1');
    if (timeStamp === '' || signature === '') throw refuse('缺少请求签名，请刷新页面后重试');
    if (!/^\d{13}$/.test(timeStamp)) throw refuse('请求签名时间格式有误');
    const signedAt = Number(timeStamp);
    if (Math.abs(options.clock().getTime() - signedAt) > SIGNATURE_WINDOW_MS) {
      throw refuse('请求已过期，请检查手机时间是否准确后重试');
    }
    const expected = zstokv1(await options.apiLockToken(), signedAt, options.apiLockKey).zstokv1;
    const given = Buffer.from(signature.toLowerCase(), 'utf8');
    const wanted = Buffer.from(expected, 'utf8');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
      throw refuse('请求签名校验失败，请刷新页面后重试');
    }
  });
}
