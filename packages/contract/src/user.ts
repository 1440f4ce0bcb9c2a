import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Users, login and the calls the shell makes at startup (spec 1 §3, §4, §7; spec 2 §7.3 "Config and
 * user"). Session-invalid codes (spec 1 §8) mean, on our server:
 * - 004 the call needs a logged-in user and no token was sent;
 * - 015 the token is not one of ours (malformed, bad signature, unknown session);
 * - 016 the same account signed in on more devices than OPEN_SESSION_LIMIT (5) allows, ending this,
 *   its oldest session;
 * - 033 the token or its session has expired;
 * - 036 the session was ended: the user logged out, or the account was disabled.
 */

/** Mainland mobile numbers: 11 digits starting with 1 and a second digit 3–9. */
export const phoneNumber = lazySchema(() => z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的 11 位手机号'));
export const smsCode = lazySchema(() => z.string().regex(/^\d{6}$/, '验证码为 6 位数字'));

/** 0 ordinary user, 1 VIP, 2 SVIP (the spec stores vipType per session; what it gates comes later). */
export const vipType = lazySchema(() => z.union([z.literal(0), z.literal(1), z.literal(2)]));
export type VipType = z.infer<typeof vipType>;

export const user = lazySchema(() =>
  z.object({
    id: z.number().int(),
    nickname: z.string(),
    avatar: z.string(),
    /** Masked (138****8000) unless the call asks for action=notMsk; null before a phone is bound. */
    phone: z.string().nullable(),
    vipType,
    /** When the membership ends (ISO-8601 UTC); null or absent for none or one without an end. */
    vipExpiresAt: z.string().nullable().optional(),
    /** Experiment batch the user is in (spec 1 §3 abTestBatchNo). */
    abTestBatchNo: z.string(),
    /** ISO-8601 time the account was created. */
    createdAt: z.string(),
  }),
);
export type User = z.infer<typeof user>;

/** What a successful login answers (spec 1 §3 "Login response: token, user, userText"). */
export const loginResult = lazySchema(() =>
  z.object({
    token: z.string(),
    user,
    /** A welcome text the client shows as a toast one second after login (spec 1 §4). */
    userText: z.string().optional(),
  }),
);
export type LoginResult = z.infer<typeof loginResult>;

export const regionInfo = lazySchema(() =>
  z.object({
    ip: z.string(),
    isCN: z.boolean(),
    /** Notice for users outside the mainland, shown by pages that restrict content; '' when none. */
    msg: z.string(),
    msgHk: z.string(),
    /** The latest trading date the quotes refer to, YYYY-MM-DD. */
    priceDate: z.string(),
  }),
);
export type RegionInfo = z.infer<typeof regionInfo>;

export const shareSignature = lazySchema(() =>
  z.object({
    appId: z.string(),
    timestamp: z.number().int(),
    nonceStr: z.string(),
    signature: z.string(),
  }),
);
export type ShareSignature = z.infer<typeof shareSignature>;

export const userEndpoints = defineGroup('user', {
  isCN: defineEndpoint({
    method: 'GET',
    path: '/api/v2/user/isCN',
    auth: 'none',
    summary: '访问地区（是否中国大陆）与提示语',
    datas: () => regionInfo,
  }),
  userinfo: defineEndpoint({
    method: 'GET',
    path: '/api/v2/user/userinfo',
    auth: 'required',
    summary: '当前登录用户信息',
    query: () =>
      z.object({
        _source: z.string().max(64).optional(),
        source: z.string().max(8).optional(),
        /** notMsk answers the phone number unmasked (the integralNewUser page). */
        action: z.literal('notMsk').optional(),
      }),
    datas: () => user,
  }),
  vipType: defineEndpoint({
    method: 'GET',
    path: '/api/v2/user/vipType',
    auth: 'required',
    summary: '会员类型',
    datas: () => z.object({ vipType }),
  }),
  getSmsCode: defineEndpoint({
    method: 'GET',
    path: '/api/v2/user/getSmsCode',
    auth: 'none',
    summary: '发送短信验证码（同一手机号 60 秒一次，同一 IP 每小时 10 次）',
    query: () => z.object({ phone: phoneNumber }),
    datas: () => z.object({ resendAfterSeconds: z.number().int() }),
  }),
  bindPhone: defineEndpoint({
    method: 'POST',
    path: '/api/v2/user/bindPhone',
    auth: 'optional',
    rateLimit: 'session',
    summary: '验证短信码：未登录时以手机号登录（新用户自动注册），已登录时绑定手机号',
    body: () => z.object({ phone: phoneNumber, code: smsCode, inviteCode: z.string().max(32).optional() }),
    datas: () => loginResult,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/v2/user/logout',
    auth: 'required',
    summary: '退出登录（吊销当前会话）',
    body: () => z.object({}),
    datas: () => z.null(),
  }),
  editUserInfo: defineEndpoint({
    method: 'POST',
    path: '/api/v2/user/editUserInfo',
    auth: 'required',
    summary: '修改昵称或头像',
    body: () =>
      z.object({
        nickname: z.string().trim().min(1, '昵称不能为空').max(20, '昵称最多 20 个字').optional(),
        // Our own path or an http(s) URL: never javascript: or data: URLs that pages would render.
        avatar: z
          .string()
          .max(512)
          .regex(/^(https?:\/\/|\/(?!\/))/, '头像须为 http(s) 地址或站内路径')
          .optional(),
      }),
    datas: () => user,
  }),
  abtestTag: defineEndpoint({
    method: 'GET',
    path: '/api/v2/user/abtest/tag',
    auth: 'required',
    summary: 'A/B 实验分组',
    datas: () => z.object({ abTestBatchNo: z.string(), tag: z.string() }),
  }),
  checkTestToken: defineEndpoint({
    method: 'GET',
    path: '/api/v2/config/checkTestToken',
    auth: 'none',
    rateLimit: 'session',
    summary: '测试令牌换取登录令牌（无对应用户时为 null）',
    query: () => z.object({ testToken: z.string().min(1).max(128) }),
    datas: () => loginResult.nullable(),
  }),
  wechatLogin: defineEndpoint({
    method: 'GET',
    path: '/api/v2/wx/rest/outh',
    auth: 'none',
    rateLimit: 'session',
    summary: '微信网页授权 code 换取登录令牌',
    query: () =>
      z.object({
        code: z.string().min(1).max(128),
        inviteCode: z.string().max(32).optional(),
        type: z.string().max(32).optional(),
      }),
    datas: () => loginResult,
  }),
  wechatShareSign: defineEndpoint({
    method: 'GET',
    path: '/api/v2/wx/share/sign',
    auth: 'none',
    summary: '微信 JS-SDK 签名（jsapi_ticket 的 SHA-1 签名）',
    query: () => z.object({ url: z.url().max(2048) }),
    datas: () => shareSignature,
  }),
  exchangeHbToken: defineEndpoint({
    method: 'GET',
    path: '/api/v2/open/token',
    auth: 'none',
    rateLimit: 'session',
    summary: '合作方 t_hb 令牌换取登录令牌',
    query: () => z.object({ token: z.string().min(1).max(2048) }),
    datas: () => z.object({ token: z.string() }),
  }),
  reopenToken: defineEndpoint({
    method: 'POST',
    path: '/api/v2/ios/reopenToken',
    auth: 'optional',
    summary: '重新打开应用时检查令牌是否仍有效',
    body: () => z.object({ key: z.number().int().positive() }),
    datas: () => z.object({ valid: z.boolean() }),
  }),
});
