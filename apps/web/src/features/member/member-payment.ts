import type { JsapiPayParams, PaymentLaunch } from '@zhicai/contract';
import type { Environment } from '../../platform/environment.ts';

interface WeixinJSBridge {
  invoke(
    api: 'getBrandWCPayRequest',
    params: JsapiPayParams,
    callback: (result: { err_msg?: string }) => void,
  ): void;
}

/** Inside WeChat the order is paid through WeixinJSBridge (JSAPI); in a browser on WeChat's H5 page. */
export function payChannel(environment: Pick<Environment, 'inWeChat'>): 'jsapi' | 'h5' {
  return environment.inWeChat ? 'jsapi' : 'h5';
}

export type PaymentOutcome = 'paid' | 'cancelled' | 'failed' | 'left';

/**
 * Starts paying: JSAPI params go to getBrandWCPayRequest (waiting for WeChat's bridge when it is not
 * ready yet); a page to open (WeChat's H5 cashier, or the local one) replaces this page, and the
 * payer comes back to /paySuccess. Resolves 'left' when the page is being replaced.
 */
export function startPayment(
  launch: PaymentLaunch,
  win: Window & { WeixinJSBridge?: WeixinJSBridge } = window,
): Promise<PaymentOutcome> {
  if (launch.type === 'redirect') {
    win.location.assign(launch.url);
    return Promise.resolve('left');
  }
  return new Promise((resolve) => {
    const invoke = () => {
      const bridge = win.WeixinJSBridge;
      if (!bridge) {
        resolve('failed');
        return;
      }
      bridge.invoke('getBrandWCPayRequest', launch.params, (result) => {
        if (result.err_msg === 'get_brand_wcpay_request:ok') resolve('paid');
        else if (result.err_msg === 'get_brand_wcpay_request:cancel') resolve('cancelled');
        else resolve('failed');
      });
    };
    if (win.WeixinJSBridge) {
      invoke();
      return;
    }
    // WeChat injects the bridge shortly after load; without it in 5 s this is not WeChat's webview.
    const timer = win.setTimeout(() => {
      win.document.removeEventListener('WeixinJSBridgeReady', invoke);
      resolve('failed');
    }, 5000);
    win.document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        win.clearTimeout(timer);
        invoke();
      },
      { once: true },
    );
  });
}
