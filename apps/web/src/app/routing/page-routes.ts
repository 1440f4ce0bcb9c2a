import { type RouteEntry, routeTable } from '@zhicai/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { RouteObject } from 'react-router';

interface PageModule {
  default: ComponentType;
}

/**
 * The pages that exist, by route name. Every page is its own chunk, loaded when its route is first
 * visited, so the first paint of / carries only the shell and the home page.
 */
export const builtPages: Readonly<Record<string, () => Promise<PageModule>>> = {
  home: () => import('../../features/market/pages/home-page.tsx'),
  notfound: () => import('../pages/not-found-page.tsx'),
  // Shown once the route table marks them built (see pageModule).
  me: () => import('../../features/user/pages/me-page.tsx'),
  meSetting: () => import('../../features/user/pages/me-setting-page.tsx'),
  bindphone: () => import('../../features/user/pages/bind-phone-page.tsx'),
  search: () => import('../../features/market/pages/search-page.tsx'),
  rankList: () => import('../../features/market/pages/rank-list-page.tsx'),
  rankList_content: () => import('../../features/market/pages/rank-content-page.tsx'),
  chooseindex: () => import('../../features/market/pages/choose-index-page.tsx'),
  stock: () => import('../../features/stock/pages/stock-page.tsx'),
  stockHk: () => import('../../features/stock/pages/stock-hk-page.tsx'),
  indexStock: () => import('../../features/index/pages/index-stock-page.tsx'),
  componentStockList: () => import('../../features/index/pages/component-stock-list-page.tsx'),
  fundDetails: () => import('../../features/fund/pages/fund-details-page.tsx'),
  fundManager: () => import('../../features/fund/pages/fund-manager-page.tsx'),
  fundHome: () => import('../../features/fund/pages/fund-home-page.tsx'),
  etfDetails: () => import('../../features/etf/pages/etf-details-page.tsx'),
  etfHome: () => import('../../features/etf/pages/etf-home-page.tsx'),
  financialReportPreview: () => import('../../features/report/pages/financial-report-preview-page.tsx'),
  pdf: () => import('../../features/report/pages/pdf-viewer-page.tsx'),
  openAccount: () => import('../../features/broker/pages/open-account-page.tsx'),
  favorite: () => import('../../features/watchlist/pages/favorite-page.tsx'),
  favoriteManagerGroup: () => import('../../features/watchlist/pages/favorite-manager-group-page.tsx'),
  sort: () => import('../../features/watchlist/pages/sort-page.tsx'),
  sortSetting: () => import('../../features/watchlist/pages/sort-setting-page.tsx'),
  StockSetting: () => import('../../features/watchlist/pages/stock-setting-page.tsx'),
  selectAdd: () => import('../../features/watchlist/pages/select-add-page.tsx'),
  uploadImg: () => import('../../features/watchlist/pages/upload-img-page.tsx'),
  about: () => import('../../features/about/pages/about-page.tsx'),
  version: () => import('../../features/about/pages/version-page.tsx'),
  pushSettingAll: () => import('../../features/alert/pages/push-setting-all-page.tsx'),
  pushSettingList: () => import('../../features/alert/pages/push-setting-list-page.tsx'),
  notificationSetting: () => import('../../features/alert/pages/notification-setting-page.tsx'),
  notificationSettingHk: () => import('../../features/alert/pages/notification-setting-hk-page.tsx'),
  messageBox: () => import('../../features/alert/pages/message-box-page.tsx'),
  meNotification: () => import('../../features/alert/pages/me-notification-page.tsx'),
  chooseFund: () => import('../../features/screener/fund/pages/choose-fund-page.tsx'),
  chooseNewFund: () => import('../../features/screener/fund/pages/choose-new-fund-page.tsx'),
  componentFundList: () => import('../../features/screener/fund/pages/component-fund-list-page.tsx'),
  componentChildList: () => import('../../features/screener/fund/pages/component-child-list-page.tsx'),
};

const underConstructionPage = () => import('../pages/under-construction-page.tsx');

export function pageModule(entry: RouteEntry): () => Promise<PageModule> {
  return entry.built ? (builtPages[entry.name] ?? underConstructionPage) : underConstructionPage;
}

const lazyPages = new Map<() => Promise<PageModule>, LazyExoticComponent<ComponentType>>();

/** One lazy component per page module, shared by the paths that render it. */
function lazyPage(load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(load);
  if (!page) {
    page = lazy(load);
    lazyPages.set(load, page);
  }
  return page;
}

/** One router route per path and alias of the table (case-sensitive), plus the catch-all 404. */
export function pageRoutes(table: readonly RouteEntry[] = routeTable): RouteObject[] {
  const routes: RouteObject[] = table.flatMap((entry) =>
    [entry.path, ...entry.aliases].map((path) => ({
      path,
      caseSensitive: true,
      Component: lazyPage(pageModule(entry)),
    })),
  );
  routes.push({ path: '*', Component: lazyPage(builtPages.notfound ?? underConstructionPage) });
  return routes;
}
