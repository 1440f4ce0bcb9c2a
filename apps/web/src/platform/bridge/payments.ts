import type { Device } from '../environment.ts';
import type { AndroidPayment, BridgeFailure, IosPayment, NativeBridge } from './native-bridge.ts';

/**
 * Payments through the native app (spec 1 §7): Android takes the goods, quantity, coupon and amount
 * and runs its own cashier; iOS takes the App Store product code and runs an in-app purchase.
 */
export interface PayOrder {
  /** Android: our goods id, quantity, coupon (absent when none) and amount in yuan. */
  android: AndroidPayment;
  /** iOS: the in-app-purchase product code. */
  ios: IosPayment;
}

/**
 * What the native pay method answers: `status` success | cancel | fail, and on iOS the store's
 * result text in `result`. An app that answers nothing is taken as success-unknown (`status`
 * absent); the page then confirms with the server, which is the source of truth for an order.
 */
export interface PayAnswer {
  status?: 'success' | 'cancel' | 'fail';
  result?: string;
}

export type PayOutcome =
  | { ok: true }
  | { ok: false; reason: 'cancelled' | 'failed' | BridgeFailure; message: string };

function parseAnswer(value: unknown): PayAnswer {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return { result: raw as string };
    }
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const { status, result } = raw as Record<string, unknown>;
  return {
    ...(status === 'success' || status === 'cancel' || status === 'fail' ? { status } : {}),
    ...(typeof result === 'string' ? { result } : {}),
  };
}

/**
 * Starts a payment. spec 1 §8: an iOS purchase failure shows the notice dialog with the returned
 * result text, unless the user cancelled; a cancel is silent.
 */
export async function pay(
  bridge: NativeBridge,
  device: Device,
  order: PayOrder,
  showNotice: (message: string) => unknown,
): Promise<PayOutcome> {
  const isIos = device === 'ios' || device === 'ipad';
  const payload: AndroidPayment | IosPayment = isIos ? { code: order.ios.code } : { ...order.android };
  const sent = await bridge.call('pay', payload);
  if (!sent.ok) return { ok: false, reason: sent.reason, message: '' };
  const answer = parseAnswer(sent.value);
  if (answer.status === 'cancel') return { ok: false, reason: 'cancelled', message: answer.result ?? '' };
  if (answer.status === 'fail') {
    const message = answer.result ?? '支付失败';
    if (isIos) showNotice(message);
    return { ok: false, reason: 'failed', message };
  }
  return { ok: true };
}
