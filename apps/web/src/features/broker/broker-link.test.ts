import { describe, expect, it } from 'vitest';
import { detectEnvironment } from '../../platform/environment.ts';
import {
  accountCreationStep,
  brokerAction,
  brokerUrl,
  officialAccountMessage,
  tradeCodes,
} from './broker-link.ts';

const safari = detectEnvironment('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1');
const android = detectEnvironment(
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36',
);
const androidApp = detectEnvironment(
  'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36 ZhicaiApp/90',
);
const wechat = detectEnvironment('Mozilla/5.0 (iPhone) MicroMessenger/8.0.48');
const mini = detectEnvironment('Mozilla/5.0 (iPhone) Safari', '?platform=mini');
const buy = { tradeCode: tradeCodes.buy, stockCode: '600519.SH' };

describe('broker link-out (spec 1 §4, §6, §7)', () => {
  it('has the five trade codes 01–05', () => {
    expect(Object.values(tradeCodes)).toEqual(['01', '02', '03', '04', '05']);
  });

  it('opens with tradeCode, stockCode, ip, thirdUserId and hideHeader', () => {
    const url = new URL(
      brokerUrl({
        tradeCode: '01',
        stockCode: '600519.SH',
        ip: '1.2.3.4',
        thirdUserId: 42,
        hideHeader: true,
      }),
      'http://h',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tradeCode: '01',
      stockCode: '600519.SH',
      ip: '1.2.3.4',
      thirdUserId: '42',
      hideHeader: '1',
    });
  });

  it('tells WeChat and mini-program users to go to the official account', () => {
    for (const environment of [wechat, mini])
      expect(brokerAction({ environment, userId: 42, ip: '1.2.3.4' }, buy)).toEqual({
        kind: 'toast',
        message: officialAccountMessage,
      });
    expect(officialAccountMessage).toBe('请前往公众号进行交易');
  });

  it('needs a signed-in user with an id', () => {
    expect(brokerAction({ environment: safari, userId: null, ip: null }, buy)).toEqual({ kind: 'login' });
  });

  it('opens a new window, or the same one for openType=1 on Android', () => {
    expect(brokerAction({ environment: safari, userId: 42, ip: '1.2.3.4' }, buy)).toMatchObject({
      kind: 'open',
      sameWindow: false,
    });
    expect(brokerAction({ environment: safari, userId: 42, ip: '', openType: 1 }, buy)).toMatchObject({
      sameWindow: false,
    });
    expect(brokerAction({ environment: android, userId: 42, ip: '', openType: 1 }, buy)).toMatchObject({
      sameWindow: true,
    });
    expect(brokerAction({ environment: androidApp, userId: 42, ip: '', openType: 0 }, buy)).toMatchObject({
      sameWindow: false,
    });
  });

  it('hides the broker header inside the native app', () => {
    const action = brokerAction({ environment: androidApp, userId: 42, ip: '' }, buy);
    if (action.kind !== 'open') throw new Error('expected open');
    expect(new URL(action.url, 'http://h').searchParams.get('hideHeader')).toBe('1');
  });
});

describe('account creation (spec 1 §2 open_HX_creatAccount=creat)', () => {
  it('starts only with the query, and asks a visitor to log in first', () => {
    expect(accountCreationStep('?open_HX_creatAccount=creat', true)).toBe('open');
    expect(accountCreationStep('?open_HX_creatAccount=creat', false)).toBe('login');
    expect(accountCreationStep('?open_HX_creatAccount=other', true)).toBeNull();
    expect(accountCreationStep('', true)).toBeNull();
  });
});
