import type { User } from '@zhicai/contract';

/**
 * Form and display rules of the user pages. The patterns repeat the contract's `phoneNumber` and
 * `smsCode` schemas (a unit test holds them together) so the pages validate as the user types
 * without a round trip.
 */
const phonePattern = /^1[3-9]\d{9}$/;
const codePattern = /^\d{6}$/;

/** The SMS resend interval when the server does not say (spec: 1 per 60 s per phone). */
export const smsResendSeconds = 60;

export function phoneError(phone: string): string | null {
  if (phone === '') return '请输入手机号';
  return phonePattern.test(phone) ? null : '请输入正确的 11 位手机号';
}

export function codeError(code: string): string | null {
  if (code === '') return '请输入验证码';
  return codePattern.test(code) ? null : '验证码为 6 位数字';
}

/** Keeps only digits, up to a length (the phone and code inputs accept pasted text with spaces). */
export function digitsOnly(text: string, max: number): string {
  return text.replace(/\D/g, '').slice(0, max);
}

/** 138****8000: the server masks already; a raw number (action=notMsk pages) is masked here. */
export function maskedPhone(phone: string | null): string {
  if (!phone) return '未绑定手机号';
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** The membership badge text; ordinary users get none. */
export function vipBadge(vipType: User['vipType']): string | null {
  if (vipType === 2) return 'SVIP';
  if (vipType === 1) return 'VIP';
  return null;
}

/** Text of the send-code button. */
export function sendCodeLabel(secondsLeft: number, sending: boolean): string {
  if (sending) return '发送中…';
  return secondsLeft > 0 ? `${secondsLeft} 秒后重发` : '获取验证码';
}

/** The membership as a row of 账号信息 reads it. */
export function vipLabel(vipType: User['vipType']): string {
  return vipBadge(vipType) ?? '普通用户';
}

/**
 * The nickname problem the server would answer (contract editUserInfo: 1–20 characters after
 * trimming), said before the round trip; null when it is fine.
 */
export function nicknameProblem(nickname: string): string | null {
  const trimmed = nickname.trim();
  if (trimmed.length === 0) return '昵称不能为空';
  return trimmed.length > 20 ? '昵称最多 20 个字' : null;
}

/** An ISO instant as its Beijing calendar date (UTC+8 all year), 2026-01-01. */
export function beijingDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '--';
  return new Date(time + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
