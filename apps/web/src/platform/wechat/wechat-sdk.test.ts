import { describe, expect, it, vi } from 'vitest';
import {
  createWechatShare,
  jsApiList,
  jweixinScriptUrl,
  loadScriptSdk,
  type ShareSignature,
  signedUrl,
  type WechatSdk,
  type WechatWindow,
} from './wechat-sdk.ts';

const signature: ShareSignature = {
  appId: 'wx123',
  timestamp: 1_700_000_000,
  nonceStr: 'n0nce',
  signature: 'abc',
};

function stubWx(outcome: 'ready' | 'error' = 'ready') {
  let onReady = () => {};
  let onError: (error: unknown) => void = () => {};
  const wx = {
    config: vi.fn(() => (outcome === 'ready' ? onReady() : onError({ errMsg: 'config:invalid signature' }))),
    ready: vi.fn((callback: () => void) => {
      onReady = callback;
    }),
    error: vi.fn((callback: (error: unknown) => void) => {
      onError = callback;
    }),
    updateAppMessageShareData: vi.fn(),
    updateTimelineShareData: vi.fn(),
    onMenuShareAppMessage: vi.fn(),
    onMenuShareTimeline: vi.fn(),
    hideMenuItems: vi.fn(),
    showMenuItems: vi.fn(),
  } satisfies WechatSdk;
  return wx;
}

function setup({
  inWeChat = true,
  outcome = 'ready' as 'ready' | 'error',
  href = 'https://m.zhicai.example/stock?stockCode=600519.SH#top',
} = {}) {
  const wx = stubWx(outcome);
  const win: WechatWindow = { document, location: { href } };
  const load = vi.fn(async () => wx);
  const fetchSignature = vi.fn(async (_url: string) => signature);
  const share = createWechatShare({ win, inWeChat, fetchSignature, load });
  return { wx, win, load, fetchSignature, share };
}

describe('WeChat JS-SDK (spec 1 §9)', () => {
  it('signs the current URL without its #fragment and configures the share items', async () => {
    const { wx, load, fetchSignature, share } = setup();
    await expect(share.ready()).resolves.toBe(true);
    expect(load).toHaveBeenCalledWith(expect.anything(), jweixinScriptUrl);
    expect(fetchSignature).toHaveBeenCalledWith('https://m.zhicai.example/stock?stockCode=600519.SH');
    expect(wx.config).toHaveBeenCalledWith({
      debug: false,
      appId: 'wx123',
      timestamp: 1_700_000_000,
      nonceStr: 'n0nce',
      signature: 'abc',
      jsApiList: [
        'updateAppMessageShareData',
        'updateTimelineShareData',
        'onMenuShareAppMessage',
        'onMenuShareTimeline',
        'hideMenuItems',
        'showMenuItems',
      ],
    });
    expect(jsApiList).toHaveLength(6);
  });

  it('sets the share content on both the current and the legacy share APIs', async () => {
    const { wx, share } = setup();
    const content = {
      title: '贵州茅台',
      desc: '个股详情',
      link: 'https://m.zhicai.example/stock',
      imgUrl: 'https://m.zhicai.example/i.png',
    };
    await expect(share.setShare(content)).resolves.toBe(true);
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(content);
    expect(wx.onMenuShareAppMessage).toHaveBeenCalledWith(content);
    const timeline = { title: '贵州茅台', link: content.link, imgUrl: content.imgUrl };
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith(timeline);
    expect(wx.onMenuShareTimeline).toHaveBeenCalledWith(timeline);
  });

  it('hides and shows the copy-link menu item', async () => {
    const { wx, share } = setup();
    await share.hideCopyLink();
    await share.showCopyLink();
    expect(wx.hideMenuItems).toHaveBeenCalledWith({ menuList: ['menuItem:copyUrl'] });
    expect(wx.showMenuItems).toHaveBeenCalledWith({ menuList: ['menuItem:copyUrl'] });
  });

  it('configures once per URL and again after the URL changes', async () => {
    const { win, fetchSignature, share } = setup();
    await share.ready();
    await share.hideCopyLink();
    expect(fetchSignature).toHaveBeenCalledTimes(1);
    win.location.href = 'https://m.zhicai.example/fundHome';
    await share.ready();
    expect(fetchSignature).toHaveBeenLastCalledWith('https://m.zhicai.example/fundHome');
    expect(fetchSignature).toHaveBeenCalledTimes(2);
  });

  it('answers false when WeChat rejects the signature, and tries again on the next call', async () => {
    const { fetchSignature, share } = setup({ outcome: 'error' });
    await expect(share.setShare({ title: 't', desc: 'd', link: 'l', imgUrl: 'i' })).resolves.toBe(false);
    await Promise.resolve();
    await share.ready();
    expect(fetchSignature).toHaveBeenCalledTimes(2);
  });

  it('answers false when the signature call fails', async () => {
    const { fetchSignature, share } = setup();
    fetchSignature.mockRejectedValueOnce(new Error('offline'));
    await expect(share.ready()).resolves.toBe(false);
  });

  it('loads nothing outside WeChat', async () => {
    const { load, fetchSignature, share } = setup({ inWeChat: false });
    await expect(share.ready()).resolves.toBe(false);
    await expect(share.hideCopyLink()).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(fetchSignature).not.toHaveBeenCalled();
  });
});

describe('loadScriptSdk', () => {
  it('uses window.wx when it is already there (tests stub it; the script cannot load here)', async () => {
    const wx = stubWx();
    const win: WechatWindow = { wx, document, location: { href: 'https://x/' } };
    await expect(loadScriptSdk(win, jweixinScriptUrl)).resolves.toBe(wx);
    expect(document.querySelector('script')).toBeNull();
  });

  it('adds the script once and resolves with window.wx after it ran', async () => {
    const win: WechatWindow = { document, location: { href: 'https://x/' } };
    const loading = loadScriptSdk(win, 'https://res.example/jweixin.js');
    const script = document.head.querySelector<HTMLScriptElement>(
      'script[src="https://res.example/jweixin.js"]',
    );
    expect(script).not.toBeNull();
    const wx = stubWx();
    win.wx = wx;
    script?.onload?.(new Event('load'));
    await expect(loading).resolves.toBe(wx);
    script?.remove();
  });

  it('rejects when the script fails to load', async () => {
    const win: WechatWindow = { document, location: { href: 'https://x/' } };
    const loading = loadScriptSdk(win, 'https://res.example/missing.js');
    const script = document.head.querySelector<HTMLScriptElement>(
      'script[src="https://res.example/missing.js"]',
    );
    script?.onerror?.(new Event('error'));
    await expect(loading).rejects.toThrow('jweixin failed to load');
    script?.remove();
  });

  it('strips only the fragment from the signed URL', () => {
    expect(signedUrl('https://a/b?c=1#d')).toBe('https://a/b?c=1');
    expect(signedUrl('https://a/b?c=1')).toBe('https://a/b?c=1');
  });
});
