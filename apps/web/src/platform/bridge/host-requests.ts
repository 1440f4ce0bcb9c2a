import type { NativeBridge } from './native-bridge.ts';

/**
 * Requests a page makes of the host app (spec 1 §7 "Pages ask the host app to…"). The spec names
 * the payloads but not the bridge methods; these use the methods of the §7 list that fit, as agreed
 * for our native app:
 * - open a stock quote → StockRealTime {stockCode, exchange, stockName}
 * - add / delete a watchlist stock → toFavorite {action, stockCode, exchange, GroupName}
 * - open a fund detail as a new web view → router {path: 'fundDetail', product_code}
 * - open a fund purchase page → router {path: 'fundBuy', productCode}
 * - show a fired price alert natively → router {path: 'priceAlert', stockCode, exchange, stockName,
 *   title, content} (issue 16 item 4: inside the app the alert goes to the app, not a web banner)
 */

/** spec 1 §8: the message when the app cannot open a fund's detail page. */
export const fundDetailUnsupported = '该基金暂不支持查看详情';

/** spec 1 §3/§7: stock identifiers travel as code.exchange and are split on the dot. */
export function splitStockCode(code: string): { stockCode: string; exchange: string } {
  const dot = code.lastIndexOf('.');
  if (dot < 0) return { stockCode: code, exchange: '' };
  return { stockCode: code.slice(0, dot), exchange: code.slice(dot + 1) };
}

/** A native answer of false / {success:false} / {code:-1}-style means the app refused. */
function refused(value: unknown): boolean {
  if (value === false || value === 0 || value === 'false') return true;
  if (typeof value === 'object' && value !== null) {
    const { success, ok } = value as Record<string, unknown>;
    return success === false || ok === false;
  }
  return false;
}

export interface HostRequests {
  openStockQuote(code: string, stockName: string): Promise<boolean>;
  addWatchlistStock(code: string, groupName: string): Promise<boolean>;
  deleteWatchlistStock(code: string, groupName: string): Promise<boolean>;
  /** Shows 该基金暂不支持查看详情 through `notify` when the app cannot open it. */
  openFundDetail(productCode: string): Promise<boolean>;
  openFundPurchase(productCode: string): Promise<boolean>;
  /** Hands a fired price alert to the app; false outside it, where the page shows its own banner. */
  showPriceAlert(alert: { code: string; name: string; title: string; body: string }): Promise<boolean>;
}

/** Each request answers whether the app took it (false outside the app, or when it refused). */
export function createHostRequests(bridge: NativeBridge, notify: (message: string) => unknown): HostRequests {
  async function ask(method: 'StockRealTime' | 'toFavorite' | 'router', payload: Record<string, string>) {
    const result = await bridge.call(method, payload);
    return result.ok && !refused(result.value);
  }
  const favorite = (action: 'add' | 'delete', code: string, groupName: string) =>
    ask('toFavorite', { action, ...splitStockCode(code), GroupName: groupName });

  return {
    openStockQuote: (code, stockName) => ask('StockRealTime', { ...splitStockCode(code), stockName }),
    addWatchlistStock: (code, groupName) => favorite('add', code, groupName),
    deleteWatchlistStock: (code, groupName) => favorite('delete', code, groupName),
    async openFundDetail(productCode) {
      const opened = await ask('router', { path: 'fundDetail', product_code: productCode });
      if (!opened) notify(fundDetailUnsupported);
      return opened;
    },
    openFundPurchase: (productCode) => ask('router', { path: 'fundBuy', productCode }),
    showPriceAlert: ({ code, name, title, body }) =>
      ask('router', { path: 'priceAlert', ...splitStockCode(code), stockName: name, title, content: body }),
  };
}
