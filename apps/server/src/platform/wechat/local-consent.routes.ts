import { Codes } from '@zhicai/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { escapeHtml, sendDevPage } from '../dev-page.ts';
import { LOCAL_AUTHORIZE_PATH, type LocalWechat } from './local-wechat.ts';

const DEFAULT_NICKNAME = '微信体验用户';

const authorizeQuery = z.object({
  appid: z.string().max(64).optional(),
  redirect_uri: z.string().min(1).max(2048),
  response_type: z.string().max(16).optional(),
  scope: z.string().max(32).optional(),
  state: z.string().max(128).default(''),
});
const allowQuery = z.object({
  redirect_uri: z.string().min(1).max(2048),
  state: z.string().max(128).default(''),
  nickname: z.string().trim().max(20).optional(),
});

/**
 * Only our own pages may receive codes: an open redirect would let any site harvest logins.
 * The origin is this request's host, which honours X-Forwarded-Host only with TRUST_PROXY on.
 */
function ownRedirect(request: FastifyRequest, redirectUri: string): URL {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    throw new AppError(Codes.invalidParams, '回调地址 redirect_uri 无效', 400);
  }
  if ((target.protocol !== 'http:' && target.protocol !== 'https:') || target.host !== request.host) {
    throw new AppError(Codes.invalidParams, '回调地址必须是本站页面', 400);
  }
  return target;
}

/**
 * The local stand-in for WeChat's OAuth consent screen (only registered when the local WeChat
 * runs). Same query as open.weixin.qq.com/connect/oauth2/authorize; 允许 redirects to redirect_uri
 * with `code` and `state`, 拒绝 with `state` only, as WeChat does when a user declines.
 */
export function registerLocalConsentPage(app: FastifyInstance, wechat: LocalWechat): void {
  app.get(LOCAL_AUTHORIZE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = authorizeQuery.safeParse(request.query);
    if (!query.success) throw new AppError(Codes.invalidParams, '授权参数有误：缺少 redirect_uri', 400);
    const target = ownRedirect(request, query.data.redirect_uri);
    const declined = new URL(target);
    declined.searchParams.set('state', query.data.state);
    return sendDevPage(reply, {
      title: '微信授权（本地模拟）',
      style: `label{display:block;text-align:left;font-size:14px;margin:24px 0 8px}
input{box-sizing:border-box;width:100%;padding:10px;font-size:16px;border:1px solid #ddd;border-radius:6px}
button,a.decline{display:block;width:100%;box-sizing:border-box;margin-top:16px;padding:12px;font-size:16px;border-radius:6px;text-decoration:none}
button{background:#07c160;color:#fff;border:0}a.decline{background:#fff;color:#111;border:1px solid #ddd}`,
      body: `<h1>知财 申请获得你的昵称、头像</h1>
<p>本地开发环境模拟的微信授权页，不会连接微信。</p>
<form method="get" action="${LOCAL_AUTHORIZE_PATH}/allow">
<input type="hidden" name="redirect_uri" value="${escapeHtml(target.toString())}">
<input type="hidden" name="state" value="${escapeHtml(query.data.state)}">
<label for="nickname">微信昵称（同一昵称即同一微信用户）</label>
<input id="nickname" name="nickname" value="${DEFAULT_NICKNAME}" maxlength="20">
<button type="submit">允许</button>
</form>
<a class="decline" href="${escapeHtml(declined.toString())}">拒绝</a>`,
    });
  });

  app.get(`${LOCAL_AUTHORIZE_PATH}/allow`, { schema: { hide: true } }, async (request, reply) => {
    const query = allowQuery.safeParse(request.query);
    if (!query.success) throw new AppError(Codes.invalidParams, '授权参数有误', 400);
    const target = ownRedirect(request, query.data.redirect_uri);
    target.searchParams.set('code', wechat.issueCode(query.data.nickname || DEFAULT_NICKNAME));
    target.searchParams.set('state', query.data.state);
    return reply.redirect(target.toString(), 302);
  });
}
