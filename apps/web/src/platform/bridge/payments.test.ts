import { describe, expect, it, vi } from 'vitest';
import { fakeNative } from './fake-native.ts';
import { createNativeBridge } from './native-bridge.ts';
import { pay } from './payments.ts';

const order = { android: { goodsId: 12, num: 1, couponId: 'c9', amount: 98 }, ios: { code: 'vip.month' } };

function setup(answer: unknown) {
  const native = fakeNative();
  native.answerAsync('pay', (_data, reply) => reply(answer));
  return { native, bridge: createNativeBridge(native.win) };
}

describe('native payments (spec 1 §7, §8)', () => {
  it('sends goodsId, num, couponId and amount on Android', async () => {
    const { native, bridge } = setup({ status: 'success' });
    await expect(pay(bridge, 'android', order, vi.fn())).resolves.toEqual({ ok: true });
    expect(native.callsOf('pay')[0]?.data).toEqual({ goodsId: 12, num: 1, couponId: 'c9', amount: 98 });
  });

  it('sends only the product code on iOS and iPad', async () => {
    const { native, bridge } = setup({ status: 'success' });
    await pay(bridge, 'ios', order, vi.fn());
    await pay(bridge, 'ipad', order, vi.fn());
    expect(native.callsOf('pay').map((call) => call.data)).toEqual([
      { code: 'vip.month' },
      { code: 'vip.month' },
    ]);
  });

  it('shows the returned result text in the notice dialog when an iOS purchase fails', async () => {
    const { bridge } = setup({ status: 'fail', result: '无法连接到 App Store' });
    const notice = vi.fn();
    await expect(pay(bridge, 'ios', order, notice)).resolves.toEqual({
      ok: false,
      reason: 'failed',
      message: '无法连接到 App Store',
    });
    expect(notice).toHaveBeenCalledWith('无法连接到 App Store');
  });

  it('shows nothing when the iOS user cancelled', async () => {
    const { bridge } = setup('{"status":"cancel","result":"用户取消"}');
    const notice = vi.fn();
    await expect(pay(bridge, 'ios', order, notice)).resolves.toMatchObject({
      ok: false,
      reason: 'cancelled',
    });
    expect(notice).not.toHaveBeenCalled();
  });

  it('shows no iOS notice for an Android failure', async () => {
    const { bridge } = setup({ status: 'fail', result: 'x' });
    const notice = vi.fn();
    await expect(pay(bridge, 'android', order, notice)).resolves.toMatchObject({
      ok: false,
      reason: 'failed',
    });
    expect(notice).not.toHaveBeenCalled();
  });

  it('reports notInApp outside the app', async () => {
    const bridge = createNativeBridge({});
    await expect(pay(bridge, 'ios', order, vi.fn())).resolves.toEqual({
      ok: false,
      reason: 'notInApp',
      message: '',
    });
  });
});
