import { createHash, randomBytes } from 'node:crypto';
import type { WechatIdentity, WechatProviderBase } from './wechat-provider.ts';

/** Our consent page stands in for https://open.weixin.qq.com/connect/oauth2/authorize. */
export const LOCAL_AUTHORIZE_PATH = '/dev/wechat/authorize';
export const LOCAL_WECHAT_APP_ID = 'wx0000local0zhicai';
/** WeChat's codes are single-use and live five minutes; the local ones behave the same. */
const CODE_LIFETIME_MS = 5 * 60 * 1000;

export interface LocalWechat extends WechatProviderBase {
  kind: 'local';
  /** Issues a one-time code for the person who pressed 允许 on the consent page. */
  issueCode(nickname: string): string;
  /** How many issued codes are held (tests: expired ones are let go). */
  liveCodes(): number;
}

/** A stable fake openid per nickname, so the same test person comes back as the same user. */
export function localOpenid(nickname: string): string {
  return `olocal_${createHash('sha256').update(nickname, 'utf8').digest('base64url').slice(0, 22)}`;
}

export function createLocalWechat(clock: () => Date): LocalWechat {
  // Every code lives CODE_LIFETIME_MS, so the Map's insertion order is also the order in which
  // codes expire: expiring walks from the oldest and stops at the first live one, touching only
  // codes that leave. (Scanning every live code on each call made the consent page 5x slower at
  // 45,000 live codes, issue 14 defect 7.) Should the clock step back, a code expiring out of
  // order waits in the Map until those before it go; exchangeCode still refuses it.
  const codes = new Map<string, { identity: WechatIdentity; expiresAt: number }>();
  const dropExpired = (now: number) => {
    for (const [code, entry] of codes) {
      if (entry.expiresAt > now) return;
      codes.delete(code);
    }
  };
  // A fresh ticket per process, like WeChat's, which changes every two hours.
  const ticket = `local_jsapi_ticket_${randomBytes(12).toString('base64url')}`;

  return {
    kind: 'local',
    description: `local consent page ${LOCAL_AUTHORIZE_PATH}`,
    appId: LOCAL_WECHAT_APP_ID,
    authorizeUrl: LOCAL_AUTHORIZE_PATH,

    issueCode(nickname) {
      const now = clock().getTime();
      dropExpired(now);
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        identity: { openid: localOpenid(nickname), nickname, avatar: '' },
        expiresAt: now + CODE_LIFETIME_MS,
      });
      return code;
    },

    async exchangeCode(code) {
      const entry = codes.get(code);
      if (!entry) return null;
      codes.delete(code);
      return entry.expiresAt > clock().getTime() ? entry.identity : null;
    },

    liveCodes: () => codes.size,

    async jsapiTicket() {
      return ticket;
    },
  };
}
