import { describe, expect, it, vi } from 'vitest';
import { fakeNative } from './fake-native.ts';
import { createHostRequests, fundDetailUnsupported, splitStockCode } from './host-requests.ts';
import { createNativeBridge } from './native-bridge.ts';

function setup() {
  const native = fakeNative();
  for (const method of ['StockRealTime', 'toFavorite', 'router']) native.answerSync(method, () => true);
  const notify = vi.fn();
  return { native, notify, requests: createHostRequests(createNativeBridge(native.win), notify) };
}

describe('host-app requests (spec 1 §7)', () => {
  it('splits code.exchange on the dot', () => {
    expect(splitStockCode('600519.SH')).toEqual({ stockCode: '600519', exchange: 'SH' });
    expect(splitStockCode('HSTECH.HI')).toEqual({ stockCode: 'HSTECH', exchange: 'HI' });
    expect(splitStockCode('600519')).toEqual({ stockCode: '600519', exchange: '' });
  });

  it('opens a stock quote with stockCode, exchange and stockName', async () => {
    const { native, requests } = setup();
    await expect(requests.openStockQuote('00700.HK', '腾讯控股')).resolves.toBe(true);
    expect(native.callsOf('StockRealTime')[0]?.data).toEqual({
      stockCode: '00700',
      exchange: 'HK',
      stockName: '腾讯控股',
    });
  });

  it('adds and deletes a watchlist stock with GroupName', async () => {
    const { native, requests } = setup();
    await requests.addWatchlistStock('600519.SH', '我的自选');
    await requests.deleteWatchlistStock('600519.SH', '我的自选');
    expect(native.callsOf('toFavorite').map((call) => call.data)).toEqual([
      { action: 'add', stockCode: '600519', exchange: 'SH', GroupName: '我的自选' },
      { action: 'delete', stockCode: '600519', exchange: 'SH', GroupName: '我的自选' },
    ]);
  });

  it('opens a fund detail as a new web view with product_code', async () => {
    const { native, notify, requests } = setup();
    await expect(requests.openFundDetail('110011.OF')).resolves.toBe(true);
    expect(native.callsOf('router')[0]?.data).toEqual({ path: 'fundDetail', product_code: '110011.OF' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('says 该基金暂不支持查看详情 when the app cannot open the fund (spec 1 §8)', async () => {
    const { native, notify, requests } = setup();
    native.answerSync('router', () => false);
    await expect(requests.openFundDetail('000001.OF')).resolves.toBe(false);
    expect(notify).toHaveBeenCalledWith(fundDetailUnsupported);
    expect(fundDetailUnsupported).toBe('该基金暂不支持查看详情');
  });

  it('opens a fund purchase page with productCode', async () => {
    const { native, requests } = setup();
    await requests.openFundPurchase('110011.OF');
    expect(native.callsOf('router')[0]?.data).toEqual({ path: 'fundBuy', productCode: '110011.OF' });
  });

  it('hands a fired price alert to the app, and answers false outside it', async () => {
    const { native, requests } = setup();
    const alert = {
      code: '600519.SH',
      name: '贵州茅台',
      title: '贵州茅台 股价跌到 1490.00',
      body: '最新价 1489.00',
    };
    await expect(requests.showPriceAlert(alert)).resolves.toBe(true);
    expect(native.callsOf('router')[0]?.data).toEqual({
      path: 'priceAlert',
      stockCode: '600519',
      exchange: 'SH',
      stockName: '贵州茅台',
      title: alert.title,
      content: alert.body,
    });
    const outside = createHostRequests(createNativeBridge({}), vi.fn());
    await expect(outside.showPriceAlert(alert)).resolves.toBe(false);
  });

  it('answers false outside the app, and the fund detail says it cannot open', async () => {
    const notify = vi.fn();
    const requests = createHostRequests(createNativeBridge({}), notify);
    await expect(requests.openStockQuote('600519.SH', '贵州茅台')).resolves.toBe(false);
    await expect(requests.openFundDetail('110011.OF')).resolves.toBe(false);
    expect(notify).toHaveBeenCalledWith(fundDetailUnsupported);
  });
});
