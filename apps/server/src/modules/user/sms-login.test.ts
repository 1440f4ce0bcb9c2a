import { readFileSync } from 'node:fs';
import path from 'node:path';
import { api } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMS_OUTBOX } from '../../platform/sms/local-sms.ts';
import { SmsDeliveryError } from '../../platform/sms/sms-sender.ts';
import { call, callRefused, callSettled } from '../../test/call.ts';
import { latestSmsCode, loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSmsCodeRepository } from './sms-code.repository.ts';
import { createSmsCodeService, SMS_RECORD_RETENTION_MS } from './sms-code.service.ts';

const PHONE = '13912345678';
let context: TestContext;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-03-02T02:00:00Z');
  context = await createTestApp({ clock: () => new Date(now) });
});
afterEach(async () => {
  await context.close();
});

/** Asks for a code; the answer may be a refusal, so each test says which it expects. */
function requestCode(phone = PHONE, remoteAddress = '127.0.0.1') {
  return callSettled(context, api.user.getSmsCode, { query: { phone } }, { remoteAddress });
}

function verify(code: string, phone = PHONE, token?: string) {
  return callSettled(context, api.user.bindPhone, { body: { phone, code } }, token ? { token } : {});
}

describe('GET /api/v2/user/getSmsCode', () => {
  it('sends a 6-digit code through the local outbox and stores only a hash of it', async () => {
    expect(await requestCode()).toMatchObject({
      ok: true,
      code: '000',
      message: '成功',
      datas: { resendAfterSeconds: 60 },
    });
    const [line = ''] = readFileSync(path.join(context.dataDir, SMS_OUTBOX), 'utf8').trim().split('\n');
    const message = JSON.parse(line);
    expect(Object.keys(message).sort()).toEqual(['code', 'phone', 'sentAt', 'text']);
    expect(message).toMatchObject({ phone: PHONE, sentAt: new Date(now).toISOString() });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code);
    const stored = await context.database.db.selectFrom('sms_codes').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(message.code);
  });

  it('refuses a second code to the same phone within 60 seconds with -002 and the wait', async () => {
    await requestCode();
    now += 45_000;
    expect(await requestCode()).toMatchObject({
      code: '-002',
      message: '验证码发送过于频繁，请 15 秒后再试',
      datas: null,
    });
    now += 15_000;
    expect((await requestCode()).code).toBe('000');
  });

  it('refuses the 11th code from one IP within an hour, whatever the phone', async () => {
    for (let index = 0; index < 10; index += 1) {
      expect((await requestCode(`1391234560${index}`, '203.0.113.9')).code).toBe('000');
      now += 60_000;
    }
    expect(await requestCode('13800000000', '203.0.113.9')).toMatchObject({
      code: '-002',
      message: '当前网络获取验证码次数过多，请 50 分钟后再试',
    });
    expect((await requestCode('13800000000', '203.0.113.10')).code).toBe('000');
    now += 50 * 60_000;
    expect((await requestCode('13800000001', '203.0.113.9')).code).toBe('000');
  });

  it('refuses a phone number that is not a mainland mobile number', async () => {
    const refusal = await callRefused(context, api.user.getSmsCode, { query: { phone: '12345' } });
    expect(refusal).toMatchObject({ status: 400, code: '400', datas: null });
    expect(refusal.message).toContain('请输入正确的 11 位手机号');
  });

  it('answers 503 and lets the user retry at once when the SMS gateway fails', async () => {
    await context.close();
    context = await createTestApp({
      clock: () => new Date(now),
      platform: {
        sms: {
          kind: 'gateway',
          description: 'failing',
          send: async () => {
            throw new SmsDeliveryError('down');
          },
        },
      },
    });
    expect(await requestCode()).toMatchObject({
      code: '503',
      message: '短信发送失败，请稍后再试',
      datas: null,
    });
    expect(await context.database.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
  });
});

describe('limits under concurrent requests', () => {
  /** A sender that counts what it hands over and takes a while, as a real gateway does. */
  async function appWithSlowSender() {
    const sent: string[] = [];
    await context.close();
    context = await createTestApp({
      clock: () => new Date(now),
      platform: {
        sms: {
          kind: 'gateway',
          description: 'slow counting gateway',
          send: async (message) => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            sent.push(message.phone);
          },
        },
      },
    });
    return sent;
  }

  it('sends one SMS for 50 concurrent requests for one phone', async () => {
    const sent = await appWithSlowSender();
    const answers = await Promise.all(Array.from({ length: 50 }, () => requestCode()));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === '000')).toHaveLength(1);
    expect(codes.filter((code) => code === '-002')).toHaveLength(49);
    expect(sent).toEqual([PHONE]);
    expect(await context.database.db.selectFrom('sms_codes').selectAll().execute()).toHaveLength(1);
  });

  it('sends at most the per-IP limit for 40 phones asking at once from one IP', async () => {
    const sent = await appWithSlowSender();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        requestCode(`139123456${String(index).padStart(2, '0')}`, '203.0.113.9'),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === '000')).toHaveLength(10);
    expect(codes.filter((code) => code === '-002')).toHaveLength(30);
    expect(sent).toHaveLength(10);
  });

  it('checks at most 5 guesses when 30 wrong codes arrive at once', async () => {
    await requestCode();
    const code = latestSmsCode(context, PHONE);
    const guesses = Array.from({ length: 30 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => verify(guess)));
    expect(answers.filter((answer) => answer.code === '037')).toHaveLength(4);
    expect(answers.filter((answer) => answer.code === '-002')).toHaveLength(26);
    expect((await verify(code)).code).toBe('-002');
  });
});

describe('POST /api/v2/user/bindPhone', () => {
  it('registers a new phone: code 014, a token, the masked phone and the welcome text', async () => {
    await requestCode();
    const { code, datas } = await call(context, api.user.bindPhone, {
      body: { phone: PHONE, code: latestSmsCode(context, PHONE) },
    });
    expect(code).toBe('014');
    expect(datas.userText).toBe('欢迎加入知财');
    expect(datas.user).toMatchObject({ phone: '139****5678', nickname: '知财用户5678', vipType: 0 });
    const info = await call(context, api.user.userinfo, {}, { token: datas.token });
    expect(info.datas.id).toBe(datas.user.id);
  });

  it('logs an existing phone in with 000 and no welcome text', async () => {
    const first = await loginByPhone(context, PHONE);
    now += 60_000;
    const second = await loginByPhone(context, PHONE, { requestFrom: 'ios' });
    expect(second.code).toBe('000');
    expect(second.user.id).toBe(first.user.id);
    expect(second.userText).toBeUndefined();
  });

  it('refuses a wrong code with 037 and the tries left, and a used code afterwards', async () => {
    await requestCode();
    const code = latestSmsCode(context, PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await verify(wrong)).toMatchObject({
      code: '037',
      message: '验证码错误，还可尝试 4 次',
      datas: null,
    });
    expect((await verify(code)).code).toBe('014');
    expect(await verify(code)).toMatchObject({ code: '037', message: '请先获取验证码', datas: null });
  });

  it('refuses a code older than 5 minutes', async () => {
    await requestCode();
    now += 5 * 60_000;
    expect(await verify(latestSmsCode(context, PHONE))).toMatchObject({
      code: '037',
      message: '验证码已过期，请重新获取',
      datas: null,
    });
  });

  it('locks the phone for 15 minutes after 5 wrong tries, even for the right code or a new one', async () => {
    await requestCode();
    const code = latestSmsCode(context, PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await verify(wrong)).code).toBe('037');
    expect(await verify(wrong)).toMatchObject({
      code: '-002',
      message: '验证码错误次数过多，请 15 分钟后再试',
      datas: null,
    });
    expect((await verify(code)).code).toBe('-002');
    now += 14 * 60_000;
    expect((await requestCode()).code).toBe('-002');
    now += 60_000;
    expect((await requestCode()).code).toBe('000');
    expect((await verify(latestSmsCode(context, PHONE))).code).toBe('014');
  });

  it('binds the phone to the signed-in user and keeps their token', async () => {
    const wechatUser = await wechatLogin();
    await requestCode();
    expect(await verify(latestSmsCode(context, PHONE), PHONE, wechatUser.token)).toMatchObject({
      ok: true,
      code: '000',
      datas: { token: wechatUser.token, userText: '手机号绑定成功', user: { id: wechatUser.user.id } },
    });
    const info = await call(
      context,
      api.user.userinfo,
      { query: { action: 'notMsk' } },
      { token: wechatUser.token },
    );
    expect(info.datas.phone).toBe(PHONE);
  });

  it('refuses to bind a phone that belongs to another user', async () => {
    await loginByPhone(context, PHONE);
    now += 60_000;
    const wechatUser = await wechatLogin();
    await requestCode();
    expect(await verify(latestSmsCode(context, PHONE), PHONE, wechatUser.token)).toMatchObject({
      code: '037',
      message: '该手机号已绑定其他知财账号，请退出后用该手机号登录，或更换手机号',
      datas: null,
    });
  });

  it('logs in as a visitor when the sent token is stale', async () => {
    await requestCode();
    expect((await verify(latestSmsCode(context, PHONE), PHONE, 'stale-token')).code).toBe('014');
  });
});

async function wechatLogin() {
  const code = context.platform.wechat.issueCode('绑定测试');
  return (await call(context, api.user.wechatLogin, { query: { code } })).datas;
}

describe('SMS records', () => {
  it('drops codes and gate rows a day old, while the rules of the last hour still hold', async () => {
    const smsCodes = createSmsCodeService(
      createSmsCodeRepository(context.database.db),
      context.platform.sms,
      'secret',
      () => new Date(now),
    );
    await requestCode('13912345601');
    now += SMS_RECORD_RETENTION_MS + 60_000;
    await requestCode('13912345602');
    now += 30_000;

    // The first phone's gate goes; the IP's gate was touched again by the second request.
    expect(await smsCodes.prune()).toEqual({ codes: 1, gates: 1 });
    const phones = await context.database.db.selectFrom('sms_codes').select('phone').execute();
    expect(phones).toEqual([{ phone: '13912345602' }]);
    // The recent code still counts: a resend within 60 seconds is refused, and the code logs in.
    expect((await requestCode('13912345602')).code).toBe('-002');
    expect((await verify(latestSmsCode(context, '13912345602'), '13912345602')).code).toBe('014');
  });
});
