import { createHash } from 'node:crypto';
import type { RuntimeConfig } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { runtimeScript } from './web-app.ts';

/**
 * Security headers on every response (issue 14 defect 7): a Content-Security-Policy that also
 * forbids framing by other sites (frame-ancestors), X-Content-Type-Options: nosniff and a
 * Referrer-Policy.
 *
 * The web app (HTML and the scripts, styles and workers it loads) gets the page policy below;
 * JSON answers, which no browser should render, get `default-src 'none'`, which is also short: the
 * realTime quote is answered ~25,000 times a second and every byte of header counts.
 */
export interface SecurityHeaders {
  /** For the web app's documents and files. */
  page: Readonly<Record<string, string>>;
  /** For JSON answers (API envelopes, errors). */
  api: Readonly<Record<string, string>>;
}

/**
 * Where the WeChat JS-SDK comes from inside WeChat (web platform/wechat/wechat-sdk.ts loads
 * res.wx.qq.com/open/js/jweixin-1.6.0.js; WeChat documents res2.wx.qq.com as its fallback).
 */
const jweixinScriptOrigins = ['https://res.wx.qq.com', 'https://res2.wx.qq.com'];

const common = {
  'x-content-type-options': 'nosniff',
  // Other sites learn our origin at most, never a page's path or query.
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/** The API answers' headers, also for answers written outside Fastify (pre-router, parser errors). */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  ...common,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** The origin (scheme://host[:port]) of an absolute URL, or undefined for a relative one. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The page policy. What the app loads, and why each source is there:
 * - scripts: our bundles, the inline runtime configuration by its hash, and the WeChat JS-SDK;
 * - styles: our CSS, and inline style attributes (React and antd-mobile set them, and the theme
 *   sets CSS variables that way); no inline style is ever built from user input;
 * - images: ours, generated ones (canvas snapshots as data: and blob: URLs), and avatars and
 *   activity pictures served by others over HTTPS;
 * - connections: our API and sockets ('self' covers ws:/wss: to our host), socket hosts named by
 *   QUOTE_SOCKET_URLS and PDF hosts named by PDF_ALLOWED_ORIGINS;
 * - workers: ours (flow chart, share image, PDF), some started from blob: URLs.
 */
export function pagePolicy(runtime: RuntimeConfig): string {
  const scriptHash = createHash('sha256').update(runtimeScript(runtime), 'utf8').digest('base64');
  const socketOrigins = runtime.quoteSocketUrls.map(originOf).filter((origin) => origin !== undefined);
  const connect = [...new Set(["'self'", ...socketOrigins, ...(runtime.pdfAllowedOrigins ?? [])])];
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${scriptHash}' ${jweixinScriptOrigins.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "media-src 'self' data: blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function securityHeaders(runtime: RuntimeConfig): SecurityHeaders {
  return {
    page: { ...common, 'content-security-policy': pagePolicy(runtime), 'x-frame-options': 'SAMEORIGIN' },
    api: apiSecurityHeaders,
  };
}

/**
 * Adds the headers to every response Fastify sends: the API set to JSON, the page set to
 * everything else. A callback hook: it runs on every response, and an async one costs a promise.
 */
export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const json = typeof type === 'string' && type.startsWith('application/json');
    reply.headers(json ? headers.api : headers.page);
    done(null, payload);
  });
}
