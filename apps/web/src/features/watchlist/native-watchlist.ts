import { isInNativeApp } from '../../platform/environment.ts';

/**
 * Inside the native app its own watchlist is told of a change too (spec 1 §7: add or delete a
 * watchlist stock with stockCode, exchange and GroupName), so the app's tab agrees with ours without
 * a reload. The bridge module loads only inside the app.
 */
export function tellNativeApp(action: 'add' | 'delete', code: string, groups: readonly string[]): void {
  if (!isInNativeApp() || groups.length === 0) return;
  void import('../../platform/bridge/index.ts').then(({ hostRequests }) => {
    for (const groupName of groups) {
      void (action === 'add'
        ? hostRequests.addWatchlistStock(code, groupName)
        : hostRequests.deleteWatchlistStock(code, groupName));
    }
  });
}
