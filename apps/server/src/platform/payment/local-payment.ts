import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider, PaymentRequest } from './payment-provider.ts';
import { encryptResource, nonceString, parseTransactionNotification, signMessage } from './wechatpay-v3.ts';

/** The local cashier page (served only while the local provider runs). */
export const LOCAL_CASHIER_PATH = '/dev/pay/cashier';
/** The key id the local provider's notifications name in Wechatpay-Serial. */
const LOCAL_PUBLIC_KEY_ID = 'PUB_KEY_ID_LOCAL';

export interface LocalPayment extends PaymentProvider {
  kind: 'local';
  /** A payment the cashier can show: open, not closed, not expired. */
  pending(outTradeNo: string): (PaymentRequest & { closed: boolean }) | undefined;
  /**
   * The payer confirmed at the cashier: the notification WeChat Pay would send for it, signed with
   * the local provider's key and its resource encrypted with the local APIv3 key.
   */
  notificationFor(outTradeNo: string): { headers: Record<string, string>; body: string; returnPath: string };
}

/**
 * Stands in for WeChat Pay without a merchant account: createPayment answers our own cashier page,
 * where 确认支付 sends the notification WeChat would, through the same checks (signature, age,
 * decryption). Its keys are made per process, so only this process's cashier can pay its orders.
 */
export function createLocalPayment(logger: FastifyBaseLogger, clock: () => Date): LocalPayment {
  const payments = new Map<string, PaymentRequest & { closed: boolean }>();
  let keys: { privateKey: KeyObject; publicKey: KeyObject; apiV3Key: string } | undefined;
  // A 2048-bit key takes tens of milliseconds: made on the first payment, not at every start.
  function localKeys() {
    keys ??= {
      ...generateKeyPairSync('rsa', { modulusLength: 2048 }),
      apiV3Key: randomBytes(16).toString('hex'),
    };
    return keys;
  }

  return {
    kind: 'local',
    description: `local cashier ${LOCAL_CASHIER_PATH} (no merchant account; notifications signed locally)`,
    async createPayment(payment) {
      payments.set(payment.outTradeNo, { ...payment, closed: false });
      logger.info({ outTradeNo: payment.outTradeNo, amount: payment.amount }, 'local payment created');
      return {
        type: 'redirect',
        url: `${LOCAL_CASHIER_PATH}?outTradeNo=${encodeURIComponent(payment.outTradeNo)}`,
      };
    },
    async closePayment(outTradeNo) {
      const payment = payments.get(outTradeNo);
      if (payment) payment.closed = true;
    },
    pending(outTradeNo) {
      const payment = payments.get(outTradeNo);
      if (!payment || payment.closed || Date.parse(payment.payBefore) <= clock().getTime()) return undefined;
      return payment;
    },
    notificationFor(outTradeNo) {
      const payment = payments.get(outTradeNo);
      if (!payment) throw new Error(`no local payment ${outTradeNo}`);
      const { privateKey, apiV3Key } = localKeys();
      const now = clock();
      const transaction = {
        mchid: 'local',
        appid: 'local',
        out_trade_no: outTradeNo,
        transaction_id: `4200${now.getTime()}${randomBytes(3).toString('hex')}`,
        trade_type: payment.channel === 'jsapi' ? 'JSAPI' : 'MWEB',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: now.toISOString(),
        payer: { openid: payment.openid ?? 'local-payer' },
        amount: {
          total: payment.amount,
          payer_total: payment.amount,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      };
      const body = JSON.stringify({
        id: randomBytes(16).toString('hex'),
        create_time: now.toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: encryptResource(
          apiV3Key,
          JSON.stringify(transaction),
          'transaction',
          nonceString().slice(0, 12),
        ),
      });
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const nonce = nonceString();
      return {
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': LOCAL_PUBLIC_KEY_ID,
          'wechatpay-signature': signMessage(privateKey, `${timestamp}\n${nonce}\n${body}\n`),
          'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
        },
        body,
        returnPath: payment.returnPath,
      };
    },
    parseNotification(headers, body) {
      const { publicKey, apiV3Key } = localKeys();
      return parseTransactionNotification(
        { publicKey, publicKeyId: LOCAL_PUBLIC_KEY_ID, apiV3Key },
        headers,
        body,
        clock(),
      );
    },
  };
}
