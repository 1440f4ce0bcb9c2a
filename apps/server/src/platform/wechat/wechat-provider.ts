import { createHash } from 'node:crypto';

/** A WeChat user as OAuth (scope snsapi_userinfo) reveals them. */
export interface WechatIdentity {
  openid: string;
  nickname: string;
  avatar: string;
}

/**
 * WeChat OAuth and the JS-SDK ticket (issue 3 §11). The real provider calls the WeChat HTTP API;
 * the local one is served by this server (see local-wechat.ts), so the redirect dance runs in a
 * browser without a WeChat account.
 */
export interface WechatProviderBase {
  /** For the boot log. */
  description: string;
  appId: string;
  /** The OAuth authorize page the client redirects to (runtime config `wechatAuthorizeUrl`). */
  authorizeUrl: string;
  /** The user behind a one-time OAuth code, or null when the code is unknown, used or expired. */
  exchangeCode(code: string): Promise<WechatIdentity | null>;
  /** The current jsapi_ticket for JS-SDK signatures. */
  jsapiTicket(): Promise<string>;
}

/** Thrown when WeChat cannot be reached or refuses our credentials; the caller answers 503. */
export class WechatUnavailableError extends Error {}

/**
 * The JS-SDK signature (WeChat JS-SDK documentation, appendix 1): SHA-1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, keys in that (ASCII) order, values unescaped,
 * the URL without its #fragment.
 */
export function jsSdkSignature(input: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const url = input.url.split('#')[0] ?? '';
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}
