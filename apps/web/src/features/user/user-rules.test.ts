import { api, phoneNumber, smsCode } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import {
  beijingDate,
  codeError,
  digitsOnly,
  maskedPhone,
  nicknameProblem,
  phoneError,
  sendCodeLabel,
  vipBadge,
  vipLabel,
} from './user-rules.ts';

describe('phone login form rules', () => {
  it('agree with the contract schemas', () => {
    for (const phone of [
      '13800138000',
      '19912345678',
      '12800138000',
      '1380013800',
      '138001380001',
      'abc',
      '',
    ])
      expect(phoneError(phone) === null).toBe(phoneNumber.safeParse(phone).success);
    for (const code of ['123456', '12345', '1234567', 'abcdef', ''])
      expect(codeError(code) === null).toBe(smsCode.safeParse(code).success);
  });

  it('say what is wrong in Chinese', () => {
    expect(phoneError('')).toBe('请输入手机号');
    expect(phoneError('123')).toBe('请输入正确的 11 位手机号');
    expect(codeError('')).toBe('请输入验证码');
    expect(codeError('12')).toBe('验证码为 6 位数字');
  });

  it('keep only digits, up to the field length', () => {
    expect(digitsOnly('138 0013 8000 9', 11)).toBe('13800138000');
    expect(digitsOnly('12a3456789', 6)).toBe('123456');
  });
});

describe('display rules', () => {
  it('mask a raw phone and keep a masked one', () => {
    expect(maskedPhone('13800138000')).toBe('138****8000');
    expect(maskedPhone('138****8000')).toBe('138****8000');
    expect(maskedPhone(null)).toBe('未绑定手机号');
  });

  it('name the VIP badge', () => {
    expect(vipBadge(0)).toBeNull();
    expect(vipBadge(1)).toBe('VIP');
    expect(vipBadge(2)).toBe('SVIP');
  });

  it('label the send button with the countdown', () => {
    expect(sendCodeLabel(0, false)).toBe('获取验证码');
    expect(sendCodeLabel(42, false)).toBe('42 秒后重发');
    expect(sendCodeLabel(0, true)).toBe('发送中…');
  });
});

describe('account rules', () => {
  it("judge a nickname as the server's editUserInfo schema does", () => {
    const body = api.user.editUserInfo.body;
    for (const nickname of [
      '小明',
      '  小明  ',
      '',
      '   ',
      '一'.repeat(20),
      '一'.repeat(21),
      ` ${'一'.repeat(20)} `,
    ])
      expect(nicknameProblem(nickname) === null).toBe(body.safeParse({ nickname }).success);
  });

  it('give the Beijing calendar day of an instant, and -- for no date', () => {
    expect(beijingDate('2026-01-01T15:59:59Z')).toBe('2026-01-01');
    expect(beijingDate('2026-01-01T16:00:00Z')).toBe('2026-01-02');
    expect(beijingDate('not a date')).toBe('--');
  });

  it('name an ordinary user as such', () => {
    expect(vipLabel(0)).toBe('普通用户');
    expect(vipLabel(2)).toBe('SVIP');
  });
});
