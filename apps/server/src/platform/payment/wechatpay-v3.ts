import {
  createCipheriv,
  createDecipheriv,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import {
  type NotificationHeaders,
  type PaymentNotice,
  PaymentNotificationError,
} from './payment-provider.ts';

/**
 * WeChat Pay API v3's cryptography (pay.weixin.qq.com/doc/v3): the merchant's SHA256-RSA request
 * signature and JSAPI paySign, the verification of WeChat's answer and notification signatures, and
 * the AEAD_AES_256_GCM resource encryption of notifications. Shared by the real provider and the
 * local one, so the local cashier's notifications pass exactly the checks WeChat's must.
 */

/** Notifications older (or newer) than this are refused as replays (WeChat's own advice: 5 min). */
export const NOTIFICATION_MAX_AGE_SECONDS = 300;

export function nonceString(): string {
  return randomBytes(16).toString('hex');
}

export function signMessage(privateKey: KeyObject | string, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function verifyMessage(publicKey: KeyObject | string, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The lines a request signature covers: method, path with query, timestamp, nonce, body. */
export function requestSignatureMessage(request: {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  nonce: string;
  body: string;
}): string {
  return `${request.method}\n${request.pathWithQuery}\n${request.timestamp}\n${request.nonce}\n${request.body}\n`;
}

/** The Authorization header of a merchant request (scheme WECHATPAY2-SHA256-RSA2048). */
export function authorizationHeader(
  merchant: { mchId: string; serialNo: string; privateKey: KeyObject | string },
  request: { method: string; pathWithQuery: string; body: string; timestamp: string; nonce: string },
): string {
  const signature = signMessage(merchant.privateKey, requestSignatureMessage(request));
  return `WECHATPAY2-SHA256-RSA2048 mchid="${merchant.mchId}",nonce_str="${request.nonce}",signature="${signature}",timestamp="${request.timestamp}",serial_no="${merchant.serialNo}"`;
}

/** The lines WeChat signs its answers and notifications over. */
export function answerSignatureMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** getBrandWCPayRequest's parameters for a prepay_id, paySign over appId, timeStamp, nonceStr, package. */
export function jsapiParams(
  appId: string,
  prepayId: string,
  privateKey: KeyObject | string,
  timestamp: string,
  nonce: string,
) {
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp: timestamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA' as const,
    paySign: signMessage(privateKey, `${appId}\n${timestamp}\n${nonce}\n${pkg}\n`),
  };
}

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  associated_data: string;
  nonce: string;
  original_type: string;
}

/** AEAD_AES_256_GCM with the APIv3 key: base64(ciphertext ‖ 16-byte tag). */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  nonce: string,
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: encrypted.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: 'transaction',
  };
}

export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new PaymentNotificationError('resource too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new PaymentNotificationError('resource does not decrypt with the APIv3 key');
  }
}

/**
 * Checks a notification as WeChat Pay sends it: the Wechatpay-Serial names the key we hold, the
 * Wechatpay-Timestamp is within 5 minutes, the Wechatpay-Signature verifies over timestamp, nonce
 * and the raw body, and the resource decrypts. Answers the transaction it reports.
 */
export function parseTransactionNotification(
  keys: { publicKey: KeyObject | string; publicKeyId: string | null; apiV3Key: string },
  headers: NotificationHeaders,
  body: string,
  now: Date,
): PaymentNotice {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature) throw new PaymentNotificationError('signature headers missing');
  if (keys.publicKeyId !== null && serial !== keys.publicKeyId)
    throw new PaymentNotificationError(`unknown Wechatpay-Serial ${serial ?? ''}`);
  const age = Math.abs(now.getTime() / 1000 - Number(timestamp));
  if (!Number.isFinite(age) || age > NOTIFICATION_MAX_AGE_SECONDS)
    throw new PaymentNotificationError('notification timestamp out of range');
  if (!verifyMessage(keys.publicKey, answerSignatureMessage(timestamp, nonce, body), signature))
    throw new PaymentNotificationError('bad signature');
  let envelope: { event_type?: unknown; resource?: EncryptedResource };
  try {
    envelope = JSON.parse(body);
  } catch {
    throw new PaymentNotificationError('body is not JSON');
  }
  if (envelope.resource?.algorithm !== 'AEAD_AES_256_GCM')
    throw new PaymentNotificationError('no AEAD_AES_256_GCM resource');
  let transaction: {
    out_trade_no?: unknown;
    transaction_id?: unknown;
    trade_state?: unknown;
    success_time?: unknown;
    amount?: { total?: unknown };
  };
  try {
    transaction = JSON.parse(decryptResource(keys.apiV3Key, envelope.resource));
  } catch (error) {
    if (error instanceof PaymentNotificationError) throw error;
    throw new PaymentNotificationError('resource is not JSON');
  }
  // total is the order amount; payer_total may be less when WeChat applied its own discount.
  const total = transaction.amount?.total;
  if (
    typeof transaction.out_trade_no !== 'string' ||
    typeof transaction.transaction_id !== 'string' ||
    typeof transaction.trade_state !== 'string' ||
    typeof total !== 'number'
  )
    throw new PaymentNotificationError('transaction fields missing');
  return {
    outTradeNo: transaction.out_trade_no,
    transactionId: transaction.transaction_id,
    tradeState: transaction.trade_state,
    amount: total,
    successTime: typeof transaction.success_time === 'string' ? transaction.success_time : null,
  };
}

/** RFC 3339 in Beijing time, as WeChat Pay writes and expects times (2026-11-28T08:00:00+08:00). */
export function beijingTime(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
