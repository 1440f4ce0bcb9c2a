import { currentEnvironment } from '../environment.ts';
import { request } from '../request/request.ts';
import { createWechatShare, type ShareSignature, type WechatShare } from './wechat-sdk.ts';

function fetchSignature(url: string): Promise<ShareSignature> {
  return request('user.wechatShareSign', { url });
}

let instance: WechatShare | undefined;

/** The page's WeChat share controls; outside WeChat every call answers false and loads nothing. */
export function wechatShare(): WechatShare {
  instance ??= createWechatShare({ win: window, inWeChat: currentEnvironment().inWeChat, fetchSignature });
  return instance;
}
