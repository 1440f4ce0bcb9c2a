import { describe, expect, it } from 'vitest';
import { hasNativeBridge, isNativeApp, isWeChat, nativeAppVersion, requestFrom } from './environment.ts';

const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const iphoneApp = `${iphoneSafari} ZhicaiApp/2022102000`;
const ipadApp =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ZhicaiApp/2023010100';
const androidApp =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 zhicaiapp/90';
const wechat = `${iphoneSafari} MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN`;

describe('environment', () => {
  it('recognises the native app by its ZhicaiApp/<version> token, in any letter case', () => {
    expect(isNativeApp(iphoneApp)).toBe(true);
    expect(isNativeApp(androidApp)).toBe(true);
    expect(isNativeApp(iphoneSafari)).toBe(false);
    expect(isNativeApp(wechat)).toBe(false);
  });

  it('reads the app build number from the user agent', () => {
    expect(nativeAppVersion(iphoneApp)).toBe('2022102000');
    expect(nativeAppVersion(androidApp)).toBe('90');
    expect(nativeAppVersion(iphoneSafari)).toBeNull();
  });

  it('recognises WeChat', () => {
    expect(isWeChat(wechat)).toBe(true);
    expect(isWeChat(iphoneSafari)).toBe(false);
  });

  it('treats an injected script bridge as the native shell', () => {
    expect(hasNativeBridge({ _dsbridge: {} })).toBe(true);
    expect(hasNativeBridge({ _dswk: true })).toBe(true);
    expect(hasNativeBridge({})).toBe(false);
  });

  it('derives the requestFrom header', () => {
    expect(requestFrom(iphoneApp)).toBe('ios');
    expect(requestFrom(ipadApp)).toBe('ios-ipad');
    expect(requestFrom(androidApp)).toBe('android');
    expect(requestFrom(wechat)).toBe('wechat');
    expect(requestFrom(iphoneSafari)).toBe('other');
  });
});
