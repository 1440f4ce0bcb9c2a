import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml, sendDevPage } from '../dev-page.ts';
import { LOCAL_ACCOUNT_OPENING_PAGE } from './broker-partner.ts';

const pageQuery = z.object({ applicationId: z.string().max(64).default('') });

/**
 * The local stand-in for the broker's account-opening page (only registered when the local broker
 * runs): it says where the real broker page would take over, so the flow from /openAccount can be
 * walked end to end without the broker.
 */
export function registerLocalBrokerPage(app: FastifyInstance): void {
  app.get(LOCAL_ACCOUNT_OPENING_PAGE, { schema: { hide: true } }, async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    const applicationId = query.success ? query.data.applicationId : '';
    return sendDevPage(reply, {
      title: '券商开户（本地模拟）',
      style:
        'a{display:block;margin-top:24px;padding:12px;border-radius:6px;background:#e93030;color:#fff;text-decoration:none}',
      body: `<h1>券商开户（本地模拟）</h1>
<p>本地开发环境不连接券商。接入券商后，这里是券商的开户页面：上传身份证、视频见证、签署协议。</p>
<p>开户申请编号：${escapeHtml(applicationId) || '--'}</p>
<a href="/openAccount">返回知财</a>`,
    });
  });
}
