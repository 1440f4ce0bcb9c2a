import { api } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { PAYMENT_NOTIFY_PATH, PaymentNotificationError } from '../../platform/payment/payment-provider.ts';
import type { MemberService } from './member.service.ts';

export function registerMemberRoutes(app: FastifyInstance, service: MemberService): void {
  registerEndpoint(app, api.member.goods, async () => service.goods());
  registerEndpoint(app, api.member.status, async ({ user }) => service.membership(user.userId));
  registerEndpoint(app, api.member.receiveVip, async ({ user }) => service.receiveVip(user.userId));
  registerEndpoint(app, api.member.pay, async ({ user, query, request }) =>
    service.pay(user.userId, query, request.ip),
  );
  registerEndpoint(app, api.member.orders, async ({ user }) => service.orders(user.userId));
  registerEndpoint(app, api.member.order, async ({ user, query }) =>
    service.order(user.userId, query.orderId),
  );
  registerEndpoint(app, api.member.coupons, async ({ user }) => service.coupons(user.userId));
  registerEndpoint(app, api.member.usedCoupons, async ({ user }) => service.usedCoupons(user.userId));
  registerEndpoint(app, api.member.couponOffer, async ({ user, query }) =>
    service.offer(user.userId, query.goodId),
  );
  registerEndpoint(app, api.member.couponCheckStatus, async ({ user }) => service.checkStatus(user.userId));
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The payment notification endpoint, in WeChat Pay v3's own terms rather than our envelope: it
 * reads the raw body (the signature covers its exact bytes), answers 204 when the payment is
 * recorded (or was already), and 4xx/5xx with {code: 'FAIL', message} so WeChat retries later.
 */
export async function registerPaymentNotify(app: FastifyInstance, service: MemberService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(PAYMENT_NOTIFY_PATH, { schema: { hide: true } }, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      try {
        await service.handleNotification(
          {
            timestamp: header(request.headers['wechatpay-timestamp']),
            nonce: header(request.headers['wechatpay-nonce']),
            signature: header(request.headers['wechatpay-signature']),
            serial: header(request.headers['wechatpay-serial']),
          },
          body,
        );
        return reply.code(204).send();
      } catch (error) {
        if (error instanceof PaymentNotificationError) {
          request.log.warn({ reason: error.message }, 'payment notification refused');
          return reply.code(401).send({ code: 'FAIL', message: '通知校验失败' });
        }
        request.log.error({ err: error }, 'payment notification failed');
        return reply.code(500).send({ code: 'FAIL', message: '处理失败' });
      }
    });
  });
}
