import { z } from 'zod';
import { type WechatIdentity, type WechatProviderBase, WechatUnavailableError } from './wechat-provider.ts';

export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';
const WECHAT_API = 'https://api.weixin.qq.com';
/** Renew the ticket five minutes before WeChat says it expires (it lives 7200 s). */
const RENEW_MARGIN_MS = 5 * 60 * 1000;

export interface RealWechat extends WechatProviderBase {
  kind: 'real';
}

export interface RealWechatOptions {
  appId: string;
  appSecret: string;
  clock: () => Date;
  fetch?: typeof fetch;
  apiBase?: string;
}

const wechatError = z.object({ errcode: z.number(), errmsg: z.string().optional() });
const oauthToken = z.object({ access_token: z.string(), openid: z.string() });
const userInfo = z.object({ nickname: z.string(), headimgurl: z.string().optional() });
const accessToken = z.object({ access_token: z.string(), expires_in: z.number() });
const ticketAnswer = z.object({ ticket: z.string(), expires_in: z.number() });

/**
 * The WeChat official-account HTTP API: web OAuth (sns/oauth2/access_token, sns/userinfo) and the
 * JS-SDK jsapi_ticket (cgi-bin/token, then cgi-bin/ticket/getticket), cached until shortly before
 * it expires because WeChat limits how often it may be fetched.
 */
export function createRealWechat(options: RealWechatOptions): RealWechat {
  const send = options.fetch ?? fetch;
  const base = options.apiBase ?? WECHAT_API;
  let cachedTicket: { ticket: string; renewAt: number } | undefined;

  async function call<T>(path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    let body: unknown;
    try {
      const response = await send(url, { signal: AbortSignal.timeout(5000) });
      body = await response.json();
    } catch (error) {
      throw new WechatUnavailableError(`WeChat ${path} unreachable: ${String(error)}`);
    }
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const failure = wechatError.safeParse(body);
    throw new WechatUnavailableError(
      `WeChat ${path} refused: ${failure.success ? `${failure.data.errcode} ${failure.data.errmsg ?? ''}` : 'unexpected answer'}`,
    );
  }

  return {
    kind: 'real',
    description: `WeChat API (app id ${options.appId})`,
    appId: options.appId,
    authorizeUrl: WECHAT_AUTHORIZE_URL,

    async exchangeCode(code): Promise<WechatIdentity | null> {
      let token: z.infer<typeof oauthToken>;
      try {
        token = await call(
          '/sns/oauth2/access_token',
          { appid: options.appId, secret: options.appSecret, code, grant_type: 'authorization_code' },
          oauthToken,
        );
      } catch (error) {
        // 40029 invalid code, 40163 code already used: the user's code, not WeChat, is at fault.
        if (error instanceof WechatUnavailableError && /refused: 40(029|163)/.test(error.message))
          return null;
        throw error;
      }
      const info = await call(
        '/sns/userinfo',
        { access_token: token.access_token, openid: token.openid, lang: 'zh_CN' },
        userInfo,
      );
      return { openid: token.openid, nickname: info.nickname, avatar: info.headimgurl ?? '' };
    },

    async jsapiTicket() {
      const now = options.clock().getTime();
      if (cachedTicket && cachedTicket.renewAt > now) return cachedTicket.ticket;
      const access = await call(
        '/cgi-bin/token',
        { grant_type: 'client_credential', appid: options.appId, secret: options.appSecret },
        accessToken,
      );
      const answer = await call(
        '/cgi-bin/ticket/getticket',
        { access_token: access.access_token, type: 'jsapi' },
        ticketAnswer,
      );
      cachedTicket = { ticket: answer.ticket, renewAt: now + answer.expires_in * 1000 - RENEW_MARGIN_MS };
      return answer.ticket;
    },
  };
}
