/**
 * The WeChat JS-SDK (jweixin) as the app uses it (spec 1 §9: "a WeChat share API is configured with
 * menu share items and copy-link hide/show"). The SDK is loaded only inside WeChat, on first use.
 */

/** The official SDK script; only WeChat's own browser runs it. */
export const jweixinScriptUrl = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** The share items and menu controls the page configures (spec 1 §9). */
export const jsApiList = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareAppMessage',
  'onMenuShareTimeline',
  'hideMenuItems',
  'showMenuItems',
] as const;

/** WeChat's menu item id for 复制链接 (copy link). */
export const copyLinkMenuItem = 'menuItem:copyUrl';

export interface ShareSignature {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

export interface ShareContent {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

interface Callbacks {
  success?: () => void;
  fail?: (error: unknown) => void;
}

/** The part of `window.wx` the app calls. */
export interface WechatSdk {
  config(options: ShareSignature & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (error: unknown) => void): void;
  updateAppMessageShareData(options: ShareContent & Callbacks): void;
  updateTimelineShareData(options: Omit<ShareContent, 'desc'> & Callbacks): void;
  onMenuShareAppMessage(options: ShareContent & Callbacks): void;
  onMenuShareTimeline(options: Omit<ShareContent, 'desc'> & Callbacks): void;
  hideMenuItems(options: { menuList: string[] } & Callbacks): void;
  showMenuItems(options: { menuList: string[] } & Callbacks): void;
}

export interface WechatWindow {
  wx?: WechatSdk;
  document: Document;
  location: { href: string };
}

/** Adds the SDK script once and resolves with `window.wx` when it ran. */
export function loadScriptSdk(win: WechatWindow, src: string): Promise<WechatSdk> {
  if (win.wx) return Promise.resolve(win.wx);
  return new Promise((resolve, reject) => {
    const script = win.document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (win.wx ? resolve(win.wx) : reject(new Error('jweixin loaded without window.wx')));
    script.onerror = () => reject(new Error(`jweixin failed to load: ${src}`));
    win.document.head.append(script);
  });
}

/** The URL WeChat signs: the page URL without its #fragment (WeChat's JS-SDK rule). */
export function signedUrl(href: string): string {
  const hash = href.indexOf('#');
  return hash < 0 ? href : href.slice(0, hash);
}

export interface WechatOptions {
  win: WechatWindow;
  /** Only inside WeChat is the SDK loaded; elsewhere every call answers false at once. */
  inWeChat: boolean;
  fetchSignature: (url: string) => Promise<ShareSignature>;
  load?: (win: WechatWindow, src: string) => Promise<WechatSdk>;
  scriptUrl?: string;
}

export interface WechatShare {
  /** Loads and configures the SDK for the current URL; false outside WeChat or on failure. */
  ready(): Promise<boolean>;
  setShare(content: ShareContent): Promise<boolean>;
  hideCopyLink(): Promise<boolean>;
  showCopyLink(): Promise<boolean>;
}

export function createWechatShare(options: WechatOptions): WechatShare {
  const { win, inWeChat, fetchSignature } = options;
  const load = options.load ?? loadScriptSdk;
  const scriptUrl = options.scriptUrl ?? jweixinScriptUrl;
  // One configuration per signed URL: a single-page app changes its URL, and the signature is
  // only valid for the URL it was made for.
  let configured: { url: string; done: Promise<WechatSdk | null> } | undefined;

  async function configure(url: string): Promise<WechatSdk | null> {
    try {
      const [wx, signature] = await Promise.all([load(win, scriptUrl), fetchSignature(url)]);
      return await new Promise<WechatSdk | null>((resolve) => {
        wx.ready(() => resolve(wx));
        wx.error(() => resolve(null));
        wx.config({ debug: false, ...signature, jsApiList: [...jsApiList] });
      });
    } catch {
      return null;
    }
  }

  function sdk(): Promise<WechatSdk | null> {
    if (!inWeChat) return Promise.resolve(null);
    const url = signedUrl(win.location.href);
    if (configured?.url !== url) {
      const done = configure(url);
      configured = { url, done };
      // A failed configuration is tried again on the next call rather than remembered.
      void done.then((wx) => {
        if (!wx && configured?.done === done) configured = undefined;
      });
    }
    return configured.done;
  }

  return {
    ready: async () => (await sdk()) !== null,
    async setShare(content) {
      const wx = await sdk();
      if (!wx) return false;
      // The update* APIs serve current WeChat; the onMenuShare* ones older clients still in use.
      wx.updateAppMessageShareData({ ...content });
      wx.updateTimelineShareData({ title: content.title, link: content.link, imgUrl: content.imgUrl });
      wx.onMenuShareAppMessage({ ...content });
      wx.onMenuShareTimeline({ title: content.title, link: content.link, imgUrl: content.imgUrl });
      return true;
    },
    async hideCopyLink() {
      const wx = await sdk();
      wx?.hideMenuItems({ menuList: [copyLinkMenuItem] });
      return wx !== null;
    },
    async showCopyLink() {
      const wx = await sdk();
      wx?.showMenuItems({ menuList: [copyLinkMenuItem] });
      return wx !== null;
    },
  };
}
