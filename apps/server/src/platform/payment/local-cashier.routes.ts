import { href } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml, sendDevPage } from '../dev-page.ts';
import { LOCAL_CASHIER_PATH, type LocalPayment } from './local-payment.ts';
import { PAYMENT_NOTIFY_PATH } from './payment-provider.ts';

const cashierQuery = z.object({ outTradeNo: z.string().regex(/^[A-Za-z0-9]{6,32}$/) });

const style = `.amount{font-size:36px;font-weight:600;margin:16px 0 4px;color:#111}
dl{text-align:left;font-size:14px;color:#666;margin:24px 0}dt{float:left;width:5em}dd{margin:0 0 8px 5em;color:#111;word-break:break-all}
button,a.cancel{display:block;width:100%;box-sizing:border-box;margin-top:16px;padding:12px;font-size:16px;border-radius:6px;text-decoration:none}
button{background:#07c160;color:#fff;border:0}a.cancel{background:#fff;color:#111;border:1px solid #ddd}`;

function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}

/**
 * The local stand-in for WeChat Pay's cashier (only registered while the local payment provider
 * runs). 确认支付 makes the provider deliver the notification WeChat would, signed and encrypted, to
 * our own notify endpoint, then sends the payer back to /paySuccess as WeChat's redirect_url does.
 */
export async function registerLocalCashier(app: FastifyInstance, payment: LocalPayment): Promise<void> {
  app.get(LOCAL_CASHIER_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = cashierQuery.safeParse(request.query);
    const pending = query.success ? payment.pending(query.data.outTradeNo) : undefined;
    if (!query.success || !pending)
      return sendDevPage(reply, {
        title: '微信支付（本地模拟）',
        style,
        body: `<h1>支付单已失效</h1>
<p>该支付单已支付、已关闭或已超时，请返回重新下单。</p>
<a class="cancel" href="${href('orderList')}">查看我的订单</a>`,
      });
    return sendDevPage(reply, {
      title: '微信支付（本地模拟）',
      style,
      body: `<h1>微信支付（本地模拟）</h1>
<p>本地开发环境不连接微信支付，确认后由本地模拟发送与微信支付相同的签名支付通知。</p>
<div class="amount">${yuan(pending.amount)}</div>
<p>${escapeHtml(pending.description)}</p>
<dl><dt>商户订单</dt><dd>${escapeHtml(pending.outTradeNo)}</dd></dl>
<form method="post" action="${LOCAL_CASHIER_PATH}/confirm">
<input type="hidden" name="outTradeNo" value="${escapeHtml(pending.outTradeNo)}">
<button type="submit">确认支付</button>
</form>
<a class="cancel" href="${href('orderList')}">取消支付</a>`,
    });
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(`${LOCAL_CASHIER_PATH}/confirm`, { schema: { hide: true } }, async (request, reply) => {
      const form = cashierQuery.safeParse(request.body);
      const pending = form.success ? payment.pending(form.data.outTradeNo) : undefined;
      if (!form.success || !pending) return reply.redirect(`${LOCAL_CASHIER_PATH}?outTradeNo=expired`, 303);
      const notification = payment.notificationFor(pending.outTradeNo);
      // Delivered to our notify endpoint as WeChat Pay would post it: same headers, same raw body.
      const delivered = await app.inject({
        method: 'POST',
        url: PAYMENT_NOTIFY_PATH,
        headers: notification.headers,
        payload: notification.body,
      });
      if (delivered.statusCode >= 300) {
        request.log.warn({ status: delivered.statusCode }, 'local payment notification was refused');
        return sendDevPage(reply.code(502), {
          title: '微信支付（本地模拟）',
          style,
          body: `<h1>支付通知未被接受</h1><p>服务器拒绝了支付通知（HTTP ${delivered.statusCode}），未扣款。</p>
<a class="cancel" href="${escapeHtml(pending.returnPath)}">返回</a>`,
        });
      }
      await payment.closePayment(pending.outTradeNo);
      return reply.redirect(notification.returnPath, 303);
    });
  });
}
