import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PaymentLaunch } from '@zhicai/contract';
import { type PaymentProvider, type PaymentRequest, PaymentUnavailableError } from './payment-provider.ts';
import {
  answerSignatureMessage,
  authorizationHeader,
  beijingTime,
  jsapiParams,
  nonceString,
  parseTransactionNotification,
  verifyMessage,
} from './wechatpay-v3.ts';

export const WECHATPAY_API_BASE = 'https://api.mch.weixin.qq.com';

export interface WechatPayConfig {
  /** The official account's appid the payer pays through. */
  appId: string;
  mchId: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  /** The merchant API private key (apiclient_key.pem), PEM text. */
  privateKey: string;
  /** The 32-character APIv3 key notifications are encrypted with. */
  apiV3Key: string;
  /** WeChat Pay's public key (pub_key.pem) and its id (PUB_KEY_ID_…), which sign answers and notices. */
  publicKey: string;
  publicKeyId: string;
  /** Our notify endpoint as WeChat reaches it (https://…/api/v2/wx/pay/notify); its origin is our site's. */
  notifyUrl: string;
}

/** Reads the PEM files WECHATPAY_PRIVATE_KEY_FILE and WECHATPAY_PUBLIC_KEY_FILE name (once, at boot). */
export function readWechatPayKeys(files: { privateKeyFile: string; publicKeyFile: string }) {
  return {
    privateKey: readFileSync(files.privateKeyFile, 'utf8'),
    publicKey: readFileSync(files.publicKeyFile, 'utf8'),
  };
}

/**
 * WeChat Pay API v3, merchant mode: JSAPI orders inside WeChat (the payer's openid), H5 orders in a
 * phone browser (WeChat's h5_url, back to our page by redirect_url). Every request carries the
 * merchant signature; every answer's signature is checked with WeChat Pay's public key.
 */
export function createWechatPay(
  config: WechatPayConfig,
  options: { clock: () => Date; fetch?: typeof fetch },
): PaymentProvider & { kind: 'wechatpay' } {
  const send = options.fetch ?? fetch;
  const privateKey: KeyObject = createPrivateKey(config.privateKey);
  const publicKey: KeyObject = createPublicKey(config.publicKey);
  const siteOrigin = new URL(config.notifyUrl).origin;

  async function request(method: 'POST' | 'GET', pathWithQuery: string, payload?: object): Promise<unknown> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(options.clock().getTime() / 1000));
    const nonce = nonceString();
    let response: Response;
    try {
      response = await send(`${WECHATPAY_API_BASE}${pathWithQuery}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: authorizationHeader(
            { mchId: config.mchId, serialNo: config.serialNo, privateKey },
            { method, pathWithQuery, body, timestamp, nonce },
          ),
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(8000),
      });
    } catch (error) {
      throw new PaymentUnavailableError(`WeChat Pay unreachable: ${String(error)}`);
    }
    const text = await response.text();
    if (!response.ok)
      throw new PaymentUnavailableError(`WeChat Pay answered HTTP ${response.status}: ${text.slice(0, 200)}`);
    if (text === '') return null;
    const signature = response.headers.get('wechatpay-signature');
    const answerTimestamp = response.headers.get('wechatpay-timestamp');
    const answerNonce = response.headers.get('wechatpay-nonce');
    if (
      !signature ||
      !answerTimestamp ||
      !answerNonce ||
      !verifyMessage(publicKey, answerSignatureMessage(answerTimestamp, answerNonce, text), signature)
    )
      throw new PaymentUnavailableError('WeChat Pay answer signature does not verify');
    try {
      return JSON.parse(text);
    } catch {
      throw new PaymentUnavailableError('WeChat Pay answered something that is not JSON');
    }
  }

  function order(payment: PaymentRequest) {
    return {
      appid: config.appId,
      mchid: config.mchId,
      description: payment.description,
      out_trade_no: payment.outTradeNo,
      time_expire: beijingTime(payment.payBefore),
      notify_url: config.notifyUrl,
      amount: { total: payment.amount, currency: 'CNY' },
    };
  }

  return {
    kind: 'wechatpay',
    description: `WeChat Pay v3 merchant ${config.mchId}, notify ${config.notifyUrl}`,
    async createPayment(payment): Promise<PaymentLaunch> {
      if (payment.channel === 'jsapi') {
        if (!payment.openid) throw new PaymentUnavailableError('JSAPI payment needs the payer openid');
        const answer = (await request('POST', '/v3/pay/transactions/jsapi', {
          ...order(payment),
          payer: { openid: payment.openid },
        })) as { prepay_id?: unknown } | null;
        if (typeof answer?.prepay_id !== 'string') throw new PaymentUnavailableError('no prepay_id');
        const timestamp = String(Math.floor(options.clock().getTime() / 1000));
        return {
          type: 'jsapi',
          params: jsapiParams(config.appId, answer.prepay_id, privateKey, timestamp, nonceString()),
        };
      }
      const answer = (await request('POST', '/v3/pay/transactions/h5', {
        ...order(payment),
        scene_info: { payer_client_ip: payment.clientIp, h5_info: { type: 'Wap' } },
      })) as { h5_url?: unknown } | null;
      if (typeof answer?.h5_url !== 'string' || !answer.h5_url.startsWith('https://'))
        throw new PaymentUnavailableError('no h5_url');
      // WeChat sends the payer back to redirect_url after paying (or giving up).
      const back = new URL(payment.returnPath, siteOrigin).toString();
      return { type: 'redirect', url: `${answer.h5_url}&redirect_url=${encodeURIComponent(back)}` };
    },
    async closePayment(outTradeNo) {
      await request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
        mchid: config.mchId,
      });
    },
    parseNotification(headers, body) {
      return parseTransactionNotification(
        { publicKey, publicKeyId: config.publicKeyId, apiV3Key: config.apiV3Key },
        headers,
        body,
        options.clock(),
      );
    },
  };
}
