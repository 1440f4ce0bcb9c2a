import { randomBytes } from 'node:crypto';
import { Codes, type LoginResult, type ShareSignature } from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import type { DeviceKind, SessionService, SignedInUser } from '../../platform/auth/sessions.ts';
import { type PartnerTokens, PartnerUnavailableError } from '../../platform/partner/partner-tokens.ts';
import type { WechatProvider } from '../../platform/platform-services.ts';
import { jsSdkSignature, WechatUnavailableError } from '../../platform/wechat/wechat-provider.ts';
import type { SmsCodeService } from './sms-code.service.ts';
import type { UserRepository, UserRow } from './user.repository.ts';
import { toUser } from './user.service.ts';

/** spec 1 §4: the welcome text the client toasts one second after a first login. */
export const NEW_USER_TEXT = '欢迎加入知财';
export const PHONE_BOUND_TEXT = '手机号绑定成功';

/** A login's answer and whether it created the account (the route answers 014 for those). */
export interface LoginOutcome {
  result: LoginResult;
  newUser: boolean;
}

function defaultNickname(phone: string): string {
  return `知财用户${phone.slice(-4)}`;
}

export function createLoginService(deps: {
  users: UserRepository;
  sessions: SessionService;
  smsCodes: SmsCodeService;
  wechat: WechatProvider;
  partner: PartnerTokens;
  clock: () => Date;
}) {
  const { users, sessions, clock } = deps;

  async function signIn(row: UserRow, deviceKind: DeviceKind, newUser: boolean): Promise<LoginOutcome> {
    if (row.disabled === 1) throw new AppError(Codes.refused, '该账号已停用，如有疑问请联系客服');
    const token = await sessions.start(row.id, deviceKind);
    return {
      result: {
        token,
        user: toUser(row, { maskPhone: true, now: clock() }),
        ...(newUser ? { userText: NEW_USER_TEXT } : {}),
      },
      newUser,
    };
  }

  /** Finds the user with an identity, or creates one; says which. */
  async function findOrCreate(
    identity: 'phone' | 'wechat_openid' | 'partner_user_key',
    value: string,
    profile: { nickname: string; avatar: string },
  ): Promise<{ row: UserRow; created: boolean }> {
    const existing = await users.findBy(identity, value);
    if (existing) return { row: existing, created: false };
    const row = await users.create({
      nickname: profile.nickname,
      avatar: profile.avatar,
      phone: identity === 'phone' ? value : null,
      wechatOpenid: identity === 'wechat_openid' ? value : null,
      partnerUserKey: identity === 'partner_user_key' ? value : null,
      createdAt: clock().toISOString(),
    });
    return { row, created: true };
  }

  return {
    /**
     * Checks the SMS code, then: a visitor logs in by phone (a new phone registers); a signed-in
     * user gets the phone bound to their account and keeps their session.
     */
    async verifyPhone(input: {
      phone: string;
      code: string;
      signedIn: SignedInUser | null;
      currentToken: string;
      deviceKind: DeviceKind;
    }): Promise<LoginOutcome> {
      await deps.smsCodes.verify(input.phone, input.code);
      if (!input.signedIn) {
        const { row, created } = await findOrCreate('phone', input.phone, {
          nickname: defaultNickname(input.phone),
          avatar: '',
        });
        return signIn(row, input.deviceKind, created);
      }
      const owner = await users.findBy('phone', input.phone);
      if (owner && owner.id !== input.signedIn.userId) {
        throw new AppError(Codes.refused, '该手机号已绑定其他知财账号，请退出后用该手机号登录，或更换手机号');
      }
      await users.update(input.signedIn.userId, { phone: input.phone });
      const row = await users.findById(input.signedIn.userId);
      if (!row) throw new AppError(Codes.sessionEnded);
      return {
        result: {
          token: input.currentToken,
          user: toUser(row, { maskPhone: true, now: clock() }),
          userText: PHONE_BOUND_TEXT,
        },
        newUser: false,
      };
    },

    /** spec 1 §4 test-token login: a known test token signs in its user; an unknown one gives null. */
    async exchangeTestToken(testToken: string, deviceKind: DeviceKind): Promise<LoginResult | null> {
      const userId = await users.findTestTokenUser(testToken);
      const row = userId === undefined ? undefined : await users.findById(userId);
      if (!row) return null;
      return (await signIn(row, deviceKind, false)).result;
    },

    /** spec 1 §4 WeChat login: the OAuth code names a WeChat user; the first visit registers them. */
    async wechatLogin(code: string, deviceKind: DeviceKind): Promise<LoginOutcome> {
      let identity: Awaited<ReturnType<WechatProvider['exchangeCode']>>;
      try {
        identity = await deps.wechat.exchangeCode(code);
      } catch (error) {
        if (error instanceof WechatUnavailableError)
          throw new AppError(Codes.unavailable, '微信服务暂时不可用，请稍后再试');
        throw error;
      }
      if (!identity) throw new AppError(Codes.refused, '微信授权已失效，请重新授权');
      const { row, created } = await findOrCreate('wechat_openid', identity.openid, {
        nickname: identity.nickname.slice(0, 32) || '微信用户',
        avatar: identity.avatar.slice(0, 512),
      });
      return signIn(row, deviceKind, created);
    },

    /** spec 1 §4 t_hb: a partner token for a partner user, linked to one of our users. */
    async exchangePartnerToken(token: string, deviceKind: DeviceKind): Promise<{ token: string }> {
      let userKey: string | null;
      try {
        userKey = await deps.partner.resolveUserKey(token);
      } catch (error) {
        if (error instanceof PartnerUnavailableError)
          throw new AppError(Codes.unavailable, '合作方服务暂时不可用');
        throw error;
      }
      if (!userKey) throw new AppError(Codes.refused, '合作方令牌无效或已过期');
      const { row, created } = await findOrCreate('partner_user_key', userKey, {
        nickname: `合作用户${userKey.slice(-4)}`,
        avatar: '',
      });
      return { token: (await signIn(row, deviceKind, created)).result.token };
    },

    async shareSignature(url: string): Promise<ShareSignature> {
      let ticket: string;
      try {
        ticket = await deps.wechat.jsapiTicket();
      } catch (error) {
        if (error instanceof WechatUnavailableError)
          throw new AppError(Codes.unavailable, '微信服务暂时不可用，请稍后再试');
        throw error;
      }
      const nonceStr = randomBytes(8).toString('hex');
      // The JS-SDK wants the timestamp in seconds.
      const timestamp = Math.floor(clock().getTime() / 1000);
      return {
        appId: deps.wechat.appId,
        timestamp,
        nonceStr,
        signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }),
      };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
