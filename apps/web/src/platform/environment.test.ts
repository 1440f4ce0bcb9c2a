import { describe, expect, it } from 'vitest';
import {
  detectEnvironment,
  hasNativeBridge,
  isMiniProgram,
  isNativeApp,
  isWeChat,
  nativeAppVersion,
  requestFrom,
} from './environment.ts';

// Real user agents, as the devices send them.
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const androidChrome =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ipadSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ipadOldSafari =
  'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1';
const wechatIos =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.48(0x18003030) NetType/WIFI Language/zh_CN';
const wechatAndroid =
  'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const miniProgramIos =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/zh_CN miniProgram/wx1234567890abcdef';
const miniProgramAndroid =
  'Mozilla/5.0 (Linux; Android 12; M2012K11AC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5127 MMWEBSDK/20230504 MMWEBID/9308 MicroMessenger/8.0.37.2380(0x2800253D) WeChat/arm64 Weixin NetType/4G Language/zh_CN ABI/arm64 miniProgram/wx1234567890abcdef';
// Our native app: the system webview's user agent plus the ZhicaiApp/<build> token.
const iphoneApp =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ZhicaiApp/2022102000';
const ipadApp =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ZhicaiApp/2023010100';
const ipadDesktopApp =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) ZhicaiApp/2023010100';
const androidApp =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 zhicaiapp/90';

describe('detectEnvironment (spec 1 §1, §7)', () => {
  const table = [
    { name: 'iPhone Safari', ua: iphoneSafari, kind: 'browser', device: 'ios', from: 'other', version: null },
    {
      name: 'Android Chrome',
      ua: androidChrome,
      kind: 'browser',
      device: 'android',
      from: 'other',
      version: null,
    },
    {
      name: 'iPad Safari (desktop UA)',
      ua: ipadSafari,
      kind: 'browser',
      device: 'other',
      from: 'other',
      version: null,
    },
    {
      name: 'iPad Safari (iOS 12)',
      ua: ipadOldSafari,
      kind: 'browser',
      device: 'ipad',
      from: 'other',
      version: null,
    },
    { name: 'WeChat on iOS', ua: wechatIos, kind: 'wechat', device: 'ios', from: 'wechat', version: null },
    {
      name: 'WeChat on Android',
      ua: wechatAndroid,
      kind: 'wechat',
      device: 'android',
      from: 'wechat',
      version: null,
    },
    {
      name: 'mini-program on iOS',
      ua: miniProgramIos,
      kind: 'miniProgram',
      device: 'ios',
      from: 'wechat',
      version: null,
    },
    {
      name: 'mini-program on Android',
      ua: miniProgramAndroid,
      kind: 'miniProgram',
      device: 'android',
      from: 'wechat',
      version: null,
    },
    {
      name: 'our app on iPhone',
      ua: iphoneApp,
      kind: 'app',
      device: 'ios',
      from: 'ios',
      version: '2022102000',
    },
    {
      name: 'our app on iPad',
      ua: ipadApp,
      kind: 'app',
      device: 'ipad',
      from: 'ios-ipad',
      version: '2023010100',
    },
    {
      name: 'our app on iPadOS (desktop UA)',
      ua: ipadDesktopApp,
      kind: 'app',
      device: 'ipad',
      from: 'ios-ipad',
      version: '2023010100',
    },
    {
      name: 'our app on Android',
      ua: androidApp,
      kind: 'app',
      device: 'android',
      from: 'android',
      version: '90',
    },
  ] as const;

  for (const row of table) {
    it(`${row.name}: ${row.kind}, ${row.device}, requestFrom ${row.from}`, () => {
      const env = detectEnvironment(row.ua);
      expect(env.kind).toBe(row.kind);
      expect(env.device).toBe(row.device);
      expect(env.requestFrom).toBe(row.from);
      expect(requestFrom(row.ua)).toBe(row.from);
      expect(env.appVersion).toBe(row.version);
      expect(env.inNativeApp).toBe(row.kind === 'app');
      expect(env.inMiniProgram).toBe(row.kind === 'miniProgram');
      expect(env.inWeChat).toBe(row.kind === 'wechat' || row.kind === 'miniProgram');
    });
  }

  it('takes query platform=mini as the mini-program, whatever the user agent says', () => {
    expect(detectEnvironment(wechatIos, '?platform=mini').kind).toBe('miniProgram');
    expect(detectEnvironment(wechatIos, '?platform=mini').requestFrom).toBe('wechat');
    expect(isMiniProgram(iphoneSafari, '?a=1&platform=mini')).toBe(true);
    expect(isMiniProgram(iphoneSafari, '?platform=web')).toBe(false);
  });

  it('treats an injected script bridge as the native app even with a rewritten user agent', () => {
    const env = detectEnvironment(androidChrome, '', true);
    expect(env.kind).toBe('app');
    expect(env.requestFrom).toBe('android');
    expect(env.appVersion).toBeNull();
  });
});

describe('the single checks', () => {
  it('recognise the native app by its ZhicaiApp/<version> token, in any letter case', () => {
    expect(isNativeApp(iphoneApp)).toBe(true);
    expect(isNativeApp(androidApp)).toBe(true);
    expect(isNativeApp(iphoneSafari)).toBe(false);
    expect(isNativeApp(wechatIos)).toBe(false);
    expect(nativeAppVersion(androidApp)).toBe('90');
    expect(nativeAppVersion(iphoneSafari)).toBeNull();
  });

  it('recognise WeChat', () => {
    expect(isWeChat(wechatIos)).toBe(true);
    expect(isWeChat(wechatAndroid)).toBe(true);
    expect(isWeChat(iphoneSafari)).toBe(false);
  });

  it('treat an injected script bridge as the native shell', () => {
    expect(hasNativeBridge({ _dsbridge: {} })).toBe(true);
    expect(hasNativeBridge({ _dswk: true })).toBe(true);
    expect(hasNativeBridge({})).toBe(false);
  });
});
