import type { JsapiPayParams } from '@zhicai/contract';
import { describe, expect, it, vi } from 'vitest';
import { payChannel, startPayment } from './member-payment.ts';

const params: JsapiPayParams = {
  appId: 'wx1',
  timeStamp: '1764288000',
  nonceStr: 'n',
  package: 'prepay_id=p',
  signType: 'RSA',
  paySign: 's',
};

function fakeWindow(bridgeAnswer?: string) {
  const assign = vi.fn();
  const invoke = vi.fn(
    (_api: string, _params: JsapiPayParams, callback: (result: { err_msg?: string }) => void) =>
      callback({ err_msg: bridgeAnswer }),
  );
  const win = {
    location: { assign },
    document,
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    ...(bridgeAnswer ? { WeixinJSBridge: { invoke } } : {}),
  } as unknown as Window;
  return { win, assign, invoke };
}

describe('starting a payment', () => {
  it('pays with JSAPI inside WeChat and H5 elsewhere', () => {
    expect(payChannel({ inWeChat: true })).toBe('jsapi');
    expect(payChannel({ inWeChat: false })).toBe('h5');
  });

  it('opens the cashier page of a redirect launch', async () => {
    const { win, assign } = fakeWindow();
    expect(await startPayment({ type: 'redirect', url: '/dev/pay/cashier?outTradeNo=ZC1' }, win)).toBe(
      'left',
    );
    expect(assign).toHaveBeenCalledWith('/dev/pay/cashier?outTradeNo=ZC1');
  });

  it('hands JSAPI params to getBrandWCPayRequest and reads its answer', async () => {
    const paid = fakeWindow('get_brand_wcpay_request:ok');
    expect(await startPayment({ type: 'jsapi', params }, paid.win)).toBe('paid');
    expect(paid.invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    expect(
      await startPayment({ type: 'jsapi', params }, fakeWindow('get_brand_wcpay_request:cancel').win),
    ).toBe('cancelled');
    expect(
      await startPayment({ type: 'jsapi', params }, fakeWindow('get_brand_wcpay_request:fail').win),
    ).toBe('failed');
  });

  it('waits for WeChat to inject its bridge', async () => {
    const { win } = fakeWindow();
    const invoke = vi.fn(
      (_api: string, _params: JsapiPayParams, callback: (result: { err_msg?: string }) => void) =>
        callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    const outcome = startPayment({ type: 'jsapi', params }, win);
    Object.assign(win, { WeixinJSBridge: { invoke } });
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(await outcome).toBe('paid');
  });
});
