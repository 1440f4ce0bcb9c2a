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
  userAccount: () => import('../../features/user/pages/user-account-page.tsx'),
  search: () => import('../../features/market/pages/search-page.tsx'),
  rankList: () => import('../../features/market/pages/rank-list-page.tsx'),
  rankList_content: () => import('../../features/market/pages/rank-content-page.tsx'),
  chooseindex: () => import('../../features/market/pages/choose-index-page.tsx'),
  SearchIndustry: () => import('../../features/market/industry/pages/search-industry-page.tsx'),
  industry: () => import('../../features/market/industry/pages/industry-list-page.tsx'),
  segments: () => import('../../features/market/industry/pages/segments-page.tsx'),
  IndustryDetail: () => import('../../features/market/industry/pages/industry-detail-page.tsx'),
  IndustryAnalysis: () => import('../../features/market/industry/pages/industry-analysis-page.tsx'),
  tuyereMore: () => import('../../features/market/industry/pages/tuyere-more-page.tsx'),
  tuyereDetails: () => import('../../features/market/industry/pages/tuyere-details-page.tsx'),
  IndustryGroup: () => import('../../features/market/industry/pages/industry-group-page.tsx'),
  IndustryGroupDetail: () => import('../../features/market/industry/pages/industry-group-detail-page.tsx'),
  IndustryGroupETF: () => import('../../features/market/industry/pages/industry-group-etf-page.tsx'),
  'stock-picker': () => import('../../features/screener/stock/pages/stock-picker-page.tsx'),
  choose: () => import('../../features/screener/stock/pages/stock-picker-page.tsx'),
  chooseindexold: () => import('../../features/screener/stock/pages/stock-picker-page.tsx'),
  'choose-stock-picker': () => import('../../features/screener/stock/pages/choose-stock-picker-page.tsx'),
  ChooseNew: () => import('../../features/screener/stock/pages/choose-stock-picker-page.tsx'),
  'result-stock-picker': () => import('../../features/screener/stock/pages/screen-result-page.tsx'),
  'filters-result': () => import('../../features/screener/stock/pages/screen-result-page.tsx'),
  ChooseList: () => import('../../features/screener/stock/pages/choose-list-page.tsx'),
  dashboard: () => import('../../features/screener/stock/pages/dashboard-page.tsx'),
  stock: () => import('../../features/stock/pages/stock-page.tsx'),
  stockHk: () => import('../../features/stock/pages/stock-hk-page.tsx'),
  indexStock: () => import('../../features/index/pages/index-stock-page.tsx'),
  componentStockList: () => import('../../features/index/pages/component-stock-list-page.tsx'),
  fundDetails: () => import('../../features/fund/pages/fund-details-page.tsx'),
  fundManager: () => import('../../features/fund/pages/fund-manager-page.tsx'),
  fundHome: () => import('../../features/fund/pages/fund-home-page.tsx'),
  // Comparison and tools (spec 2 §2.2).
  'compare-search': () => import('../../features/stock/compare/pages/compare-search-page.tsx'),
  'compare-result': () => import('../../features/stock/compare/pages/compare-result-page.tsx'),
  stockCompare: () => import('../../features/stock/compare/pages/stock-compare-page.tsx'),
  stockCompareNew: () => import('../../features/stock/compare/pages/stock-compare-new-page.tsx'),
  'dupont-compare': () => import('../../features/stock/compare/pages/dupont-compare-page.tsx'),
  diff: () => import('../../features/stock/compare/pages/diff-page.tsx'),
  IndustryCompare: () => import('../../features/stock/compare/pages/industry-compare-page.tsx'),
  fundCompare: () => import('../../features/fund/compare/pages/fund-compare-page.tsx'),
  fundManCompare: () => import('../../features/fund/compare/pages/fund-man-compare-page.tsx'),
  profitComputer: () => import('../../features/fund/compare/pages/profit-computer-page.tsx'),
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
  app_userIndex: () => import('../../features/member/pages/app-user-index-page.tsx'),
  app_userPage: () => import('../../features/member/pages/app-user-page-page.tsx'),
  app_userPrice: () => import('../../features/member/pages/app-user-price-page.tsx'),
  pay: () => import('../../features/member/pages/pay-page.tsx'),
  pay_coupon: () => import('../../features/member/pages/pay-coupon-page.tsx'),
  Pay_overCoupon: () => import('../../features/member/pages/pay-over-coupon-page.tsx'),
  paySuccess: () => import('../../features/member/pages/pay-success-page.tsx'),
  priceDetail: () => import('../../features/member/pages/price-detail-page.tsx'),
  orderList: () => import('../../features/member/pages/order-list-page.tsx'),
  receiveVip: () => import('../../features/member/pages/receive-vip-page.tsx'),
  about: () => import('../../features/about/pages/about-page.tsx'),
  CourseList: () => import('../../features/course/pages/course-list-page.tsx'),
  course: () => import('../../features/course/pages/course-home-page.tsx'),
  courseSearch: () => import('../../features/course/pages/course-search-page.tsx'),
  CourseDetails: () => import('../../features/course/pages/course-details-page.tsx'),
  subjectSection: () => import('../../features/course/pages/subject-section-page.tsx'),
  ChapterExercises: () => import('../../features/course/pages/chapter-exercises-page.tsx'),
  CertificateCompletion: () => import('../../features/course/pages/certificate-completion-page.tsx'),
  version: () => import('../../features/about/pages/version-page.tsx'),
  pushSettingAll: () => import('../../features/alert/pages/push-setting-all-page.tsx'),
  pushSettingList: () => import('../../features/alert/pages/push-setting-list-page.tsx'),
  notificationSetting: () => import('../../features/alert/pages/notification-setting-page.tsx'),
  notificationSettingHk: () => import('../../features/alert/pages/notification-setting-hk-page.tsx'),
  messageBox: () => import('../../features/alert/pages/message-box-page.tsx'),
  userIntegralPop: () => import('../../features/points/pages/user-integral-pop-page.tsx'),
  userIntegralPopTwo: () => import('../../features/points/pages/user-integral-pop-two-page.tsx'),
  userIntegralData: () => import('../../features/points/pages/user-integral-data-page.tsx'),
  integralNewUser: () => import('../../features/points/pages/integral-new-user-page.tsx'),
  northDates: () => import('../../features/market/connect/pages/north-dates-page.tsx'),
  southDates: () => import('../../features/market/connect/pages/south-dates-page.tsx'),
  StockConnectDetail: () => import('../../features/market/connect/pages/stock-connect-detail-page.tsx'),
  newDateStock: () => import('../../features/market/connect/pages/new-date-stock-page.tsx'),
  swingStocks: () => import('../../features/market/connect/pages/swing-stocks-page.tsx'),
  SevenEleven: () => import('../../features/content/flash/pages/seven-eleven-page.tsx'),
  newscastCont: () => import('../../features/content/flash/pages/newscast-cont-page.tsx'),
  newscastShare: () => import('../../features/content/flash/pages/newscast-share-page.tsx'),
  'comment-test': () => import('../../features/community/pages/comment-test-page.tsx'),
  'comment-detail': () => import('../../features/community/pages/comment-detail-page.tsx'),
  'column-article-detail': () => import('../../features/community/pages/column-article-detail-page.tsx'),
  articles_AllQuestion: () => import('../../features/community/pages/all-question-page.tsx'),
  articles_SearchAnswer: () => import('../../features/community/pages/search-answer-page.tsx'),
  SeekAdviceDetail: () => import('../../features/community/pages/seek-advice-detail-page.tsx'),
  projectD: () => import('../../features/community/pages/project-d-page.tsx'),
  weChatGroup: () => import('../../features/community/pages/we-chat-group-page.tsx'),
  feedback: () => import('../../features/community/pages/feedback-page.tsx'),
  meNotification: () => import('../../features/alert/pages/me-notification-page.tsx'),
  chooseMeList: () => import('../../features/screener/strategy/pages/my-strategies-page.tsx'),
  'my-stock-picker': () => import('../../features/screener/strategy/pages/my-strategies-page.tsx'),
  ChooseSuperdex: () => import('../../features/screener/strategy/pages/house-strategies-page.tsx'),
  rankingStockSelectionIndex: () =>
    import('../../features/screener/strategy/pages/house-strategies-page.tsx'),
  chooseSuper: () => import('../../features/screener/strategy/pages/strategy-detail-page.tsx'),
  chooseResultSpuer: () => import('../../features/screener/strategy/pages/strategy-detail-page.tsx'),
  chooseResult: () => import('../../features/screener/stock/pages/screen-result-page.tsx'),
  rankingStockSelectionDetailIndex: () =>
    import('../../features/screener/strategy/pages/strategy-detail-page.tsx'),
  ViewingInformation: () => import('../../features/content/article/pages/viewing-information-page.tsx'),
  articles: () => import('../../features/content/article/pages/articles-page.tsx'),
  articlesPage: () => import('../../features/content/article/pages/articles-page.tsx'),
  ArticlesNew: () => import('../../features/content/article/pages/articles-new-page.tsx'),
  article: () => import('../../features/content/article/pages/article-page.tsx'),
  articleN: () => import('../../features/content/article/pages/article-page.tsx'),
  articleI_iframe: () => import('../../features/content/article/pages/article-page.tsx'),
  articles_Search: () => import('../../features/content/article/pages/articles-search-page.tsx'),
  column: () => import('../../features/content/article/pages/column-page.tsx'),
  dailyPaper: () => import('../../features/content/article/pages/daily-paper-page.tsx'),
  dailyPape: () => import('../../features/content/article/pages/daily-paper-page.tsx'),
  daily: () => import('../../features/content/article/pages/daily-paper-page.tsx'),
  weekly: () => import('../../features/content/article/pages/weekly-paper-page.tsx'),
  activityPage: () => import('../../features/content/article/pages/activity-page.tsx'),
  noticeList: () => import('../../features/content/notice/pages/notice-list-page.tsx'),
  stockNotice: () => import('../../features/content/notice/pages/notice-list-page.tsx'),
  stockNoticeHK: () => import('../../features/content/notice/pages/notice-list-page.tsx'),
  noticeForId: () => import('../../features/content/notice/pages/notice-detail-page.tsx'),
  researchAndNotice: () => import('../../features/content/notice/pages/research-and-notice-page.tsx'),
  reportList: () => import('../../features/content/notice/pages/report-list-page.tsx'),
  reportListNew: () => import('../../features/content/notice/pages/report-list-page.tsx'),
  'pdf-list': () => import('../../features/content/notice/pages/pdf-list-page.tsx'),
  HbPDFList: () => import('../../features/content/notice/pages/pdf-list-page.tsx'),
  hbPdfPage: () => import('../../features/report/pages/pdf-viewer-page.tsx'),
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
