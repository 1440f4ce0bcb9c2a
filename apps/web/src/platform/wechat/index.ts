export { wechatShare } from './app-wechat.ts';
export {
  copyLinkMenuItem,
  jsApiList,
  jweixinScriptUrl,
  type ShareContent,
  type WechatShare,
} from './wechat-sdk.ts';
