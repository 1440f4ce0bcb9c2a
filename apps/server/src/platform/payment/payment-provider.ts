import type { PaymentLaunch } from '@zhicai/contract';

/**
 * The payment partner behind 开通会员 (spec 2 §7.3 GET /api/v2/wx/pay). Real: WeChat Pay API v3
 * (JSAPI inside WeChat, H5 in a phone browser), configured by WECHATPAY_*; local: a cashier page
 * our own server serves, whose 确认支付 delivers a notification signed and encrypted exactly as
 * WeChat Pay's, so the same notify handler checks both.
 */
export interface PaymentProvider {
  kind: 'local' | 'wechatpay';
  description: string;
  /** Registers the payment with the provider and answers how the client pays. */
  createPayment(request: PaymentRequest): Promise<PaymentLaunch>;
  /** Closes an unpaid payment (a pending order replaced or expired), so it can no longer be paid. */
  closePayment(outTradeNo: string): Promise<void>;
  /**
   * Checks a payment notification as it arrived (headers and the raw body): its signature, its
   * age, and decrypts its resource. Throws PaymentNotificationError when any check fails.
   */
  parseNotification(headers: NotificationHeaders, body: string): PaymentNotice;
}

export interface PaymentRequest {
  outTradeNo: string;
  /** What the payer sees, e.g. 知财-年度会员. */
  description: string;
  /** Fen. */
  amount: number;
  channel: 'jsapi' | 'h5';
  /** The payer's openid with our official account (JSAPI needs it). */
  openid: string | null;
  clientIp: string;
  /** ISO-8601 UTC: the payment closes by itself after this. */
  payBefore: string;
  /** Our page the payer returns to afterwards (a path on our site, /paySuccess?orderId=…). */
  returnPath: string;
  /** Our order id, for the local cashier's way back. */
  orderId: number;
}

export interface NotificationHeaders {
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  serial: string | undefined;
}

/** A decrypted transaction notification (WeChat Pay's resource of TRANSACTION.SUCCESS). */
export interface PaymentNotice {
  outTradeNo: string;
  transactionId: string;
  /** SUCCESS, or REFUND, NOTPAY, CLOSED… as WeChat spells them. */
  tradeState: string;
  /** Fen actually charged. */
  amount: number;
  /** ISO-8601. */
  successTime: string | null;
}

/** The provider could not be asked, or answered something we cannot use: the call answers 503. */
export class PaymentUnavailableError extends Error {}

/** A notification that fails its signature, age or decryption check: refused, changes nothing. */
export class PaymentNotificationError extends Error {}

/** The path WeChat Pay (or the local cashier) posts payment notifications to. */
export const PAYMENT_NOTIFY_PATH = '/api/v2/wx/pay/notify';
