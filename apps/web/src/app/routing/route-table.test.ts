import { routeTable } from '@zhicai/contract';
import { isDetailRoute } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-match.ts';

/** Every path spec 2 §2.2 lists, in its order ({name} written as :name). */
const specPaths = [
  '/',
  '/SearchIndustry',
  '/ViewingInformation',
  '/SevenEleven',
  '/fundHome',
  '/etfHome',
  '/favorite',
  '/me',
  '/chooseindex',
  '/stock-picker',
  '/favoriteManagerGroup',
  '/uploadImg',
  '/selectAdd',
  '/StockSetting',
  '/sort',
  '/articles',
  '/ArticlesNew',
  '/articleI_iframe',
  '/articles_Search',
  '/articles_AllQuestion',
  '/articles_SearchAnswer',
  '/article',
  '/articleN',
  '/articlesPage',
  '/activityPage',
  '/newscastShare',
  '/newscastCont',
  '/dailyPaper',
  '/dailyPape',
  '/daily',
  '/weekly',
  '/noticeList',
  '/noticeForId',
  '/researchAndNotice',
  '/reportList',
  '/reportListNew',
  '/pdf-List',
  '/pdf-list',
  '/pdf',
  '/meSetting',
  '/bindphone',
  '/meNotification',
  '/notificationSetting',
  '/notificationSettingHk',
  '/pushSettingAll',
  '/pushSettingList',
  '/sortSetting',
  '/userAccount',
  '/messageBox',
  '/about',
  '/version',
  '/clear',
  '/openAccount',
  '/delstockAccountParty',
  '/userIntegralPopTwo',
  '/userIntegralPop',
  '/userIntegralData',
  '/integralNewUser',
  '/pay',
  '/pay_coupon',
  '/Pay_overCoupon',
  '/paySuccess',
  '/priceDetail',
  '/orderList',
  '/receiveVip',
  '/vipGiftCard',
  '/vipGiftCardHome',
  '/vipGiftCardEditor',
  '/vipGiftCardPay',
  '/sendAuthorize',
  '/app_userPage',
  '/app_userPrice',
  '/app_userIndex',
  '/group-buy-index',
  '/stock',
  '/stockHK',
  '/stockNotice',
  '/stockNoticeHK',
  '/stockHkShare',
  '/indexStock',
  '/indexBoard',
  '/newStockDetail',
  '/fundDetails',
  '/fundShare',
  '/etfDetails',
  '/etfRankingDetails',
  '/fundManager',
  '/fundHoldingsGroup',
  '/institutionalResearchDetail',
  '/importantEvents',
  '/InstitutionalList',
  '/InstitutionalDetail',
  '/institutionalPositions',
  '/institutionalPositionCont',
  '/fOverview',
  '/veryHoldInfo',
  '/veryHoldInfoHb',
  '/depthData',
  '/depthDataHk',
  '/hbStock',
  '/HbPDFList',
  '/hbPdfPage',
  '/hbindustryIndex',
  '/hbAggP',
  '/hbWhere',
  '/kpiCommen',
  '/StockConnectDetail',
  '/northDates',
  '/southDates',
  '/newDateStock',
  '/swingStocks',
  '/segments',
  '/search',
  '/courseSearch',
  '/ChooseSuperdex',
  '/chooseSuper',
  '/chooseResultSpuer',
  '/chooseResult',
  '/ChooseNew',
  '/ChooseList',
  '/chooseMeList',
  '/chooseFund',
  '/chooseNewFund',
  '/componentFundList',
  '/componentStockList',
  '/componentChildList',
  '/chooseindexold',
  '/choose',
  '/choose-stock-picker',
  '/result-stock-picker',
  '/my-stock-picker',
  '/filters-result',
  '/rankList',
  '/rankList_content',
  '/rankingStockSelectionIndex',
  '/rankingStockSelectionDetailIndex',
  '/dashboard',
  '/stockCompare',
  '/stockCompareNew',
  '/fundCompare',
  '/fundManCompare',
  '/compare-search',
  '/compare-result',
  '/diff',
  '/dupont-compare',
  '/IndustryCompare',
  '/profitComputer',
  '/industry',
  '/IndustryAnalysis',
  '/IndustryDetail',
  '/IndustryGroup',
  '/IndustryGroupDetail',
  '/IndustryGroupETF',
  '/tuyereMore',
  '/tuyereDetails',
  '/course',
  '/CourseList',
  '/CourseDetails',
  '/ChapterExercises',
  '/CertificateCompletion',
  '/subjectParty',
  '/subjectAddress',
  '/subjectSection',
  '/module_shareVideoBuild',
  '/module_Subject_stock',
  '/A_module_share',
  '/comment-test',
  '/comment-detail',
  '/column/:id',
  '/column-article-detail/:articleId/:commId',
  '/SeekAdviceDetail',
  '/projectD',
  '/weChatGroup',
  '/LiveStream',
  '/LiveStreamHistory',
  '/cheeseParty_618',
  '/cheeseParty_1001',
  '/cheeseParty2023',
  '/cheeseParty2024',
  '/cheeseParty2025',
  '/newYearPage',
  '/vote',
  '/newUserParty',
  '/newUserGuide',
  '/newUserLuckDog',
  '/downPage',
  '/zhisir',
  '/financialReportPreview/:stock/:reportPeriod',
  '/notfound',
];

/** Spec 2 §2.3, row by row: cache key → paths whose PUSH drops it. */
const specCacheRules: Record<string, string[]> = {
  rankList_content: ['/rankList', '/', '/favorite', '/fundHome', '/etfHome'],
  chooseResult: ['/ChooseNew', '/chooseNewFund', '/chooseFund', '/'],
  chooseSuper: ['/ChooseSuperdex', '/chooseindex', '/chooseMeList'],
  ChooseResultSpuer: ['/ChooseSuperdex', '/chooseSuper', '/chooseindex', '/chooseMeList'],
  IndexBoard: ['/'],
  dailyPaper: ['/'],
  dailyPape: ['/'],
  CourseList: ['/'],
  indexStock: ['/'],
  researchAndNotice: ['/favorite', '/'],
  ImportantEvents: ['/', '/favorite', '/stock'],
  InstitutionalList: ['/', '/favorite', '/stock'],
  FundManCompare: ['/fundDetails'],
  componentStockList: ['/indexStock'],
  veryHoldInfo: ['/', '/favorite'],
  newUserGuide: ['/', '/favorite'],
  newStockDetail: ['/', '/favorite'],
};

describe('route table (contract routes.ts)', () => {
  it('resolves every path of spec 2 §2.2', () => {
    expect(specPaths).toHaveLength(189);
    const unresolved = specPaths.filter((path) => matchRoute(path.replace(/:\w+/g, '1')) === null);
    expect(unresolved).toEqual([]);
  });

  it('also resolves the spellings of spec 1 §2 to their canonical entries', () => {
    expect(matchRoute('/stockHk')?.entry.aliases).toContain('/stockHK');
    expect(matchRoute('/etfDetail')?.entry.path).toBe('/etfDetails');
    expect(matchRoute('/liveStream')?.entry.path).toBe('/LiveStream');
    expect(matchRoute('/pdf')?.entry.name).toBe('pdf');
    expect(matchRoute('/notfound')?.entry.title).toBe('页面不存在');
  });

  it('has unique names and no path claimed twice', () => {
    const names = routeTable.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = routeTable.flatMap((entry) => [entry.path, ...entry.aliases]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a Chinese title', () => {
    const untitled = routeTable.filter((entry) => !/[\u4e00-\u9fff]|ETF/.test(entry.title));
    expect(untitled).toEqual([]);
  });

  it('carries the cache rules of spec 2 §2.3 exactly', () => {
    const rules = Object.fromEntries(
      routeTable.filter((entry) => entry.dropCacheOn).map((entry) => [entry.cacheKey, entry.dropCacheOn]),
    );
    expect(rules).toEqual(specCacheRules);
  });

  it('only drops caches on paths that exist', () => {
    const dropPaths = routeTable.flatMap((entry) => entry.dropCacheOn ?? []);
    expect(dropPaths.filter((path) => matchRoute(path)?.entry.path !== path)).toEqual([]);
  });

  it('marks exactly the tab-bar paths of spec 1 §2 and keeps them always', () => {
    const tabBarEntries = routeTable.filter((entry) => entry.tabBar);
    expect(tabBarEntries.map((entry) => entry.path).sort()).toEqual(
      [
        '/',
        '/SearchIndustry',
        '/ViewingInformation',
        '/SevenEleven',
        '/chooseindex',
        '/etfHome',
        '/fundHome',
        '/favorite',
        '/me',
        '/stock-picker',
      ].sort(),
    );
    expect(tabBarEntries.every((entry) => entry.cacheWhen === 'always')).toBe(true);
  });

  it('keeps detail pages on forward navigation, one instance per code', () => {
    const details = routeTable.filter((entry) => isDetailRoute(entry.name));
    expect(details.map((entry) => entry.path).sort()).toEqual(
      ['/etfDetails', '/fundDetails', '/indexStock', '/stock', '/stockHk'].sort(),
    );
    for (const entry of details) {
      expect(entry.cacheWhen).toBe('forward');
      expect(entry.keys?.length).toBeGreaterThan(0);
    }
    expect(matchRoute('/stock')?.entry.keys).toEqual(['stockCode']);
    expect(matchRoute('/fundDetails')?.entry.keys).toEqual(['code']);
    expect(matchRoute('/etfDetails')?.entry.keys).toEqual(['etfCode', 'code']);
    expect(matchRoute('/fundManager')?.entry.keys).toEqual(['managerId']);
  });

  it('keys each built cached page by a query parameter its links carry', () => {
    for (const entry of routeTable.filter((route) => route.built && route.keys)) {
      const carried = entry.query.map((key) => key.replace(/\?$/, ''));
      expect(
        entry.keys?.some((key) => carried.includes(key)),
        entry.name,
      ).toBe(true);
    }
    expect(matchRoute('/componentStockList')?.entry.keys).toEqual(['stockCode']);
  });

  it('names a cache key for every cached route and no cache key without caching', () => {
    for (const entry of routeTable) expect(Boolean(entry.cacheKey)).toBe(Boolean(entry.cacheWhen));
  });

  it('lists the real pages as the built routes: home, 404, login and personal pages, about and version, market pages, report, account opening, price alerts and messages, watchlist, articles and papers, 7×24 flashes, announcements and research, comments, Q&A and feedback, screens and strategies, membership and orders, points, courses, industries and plates, stock connect and new listings, comparisons', () => {
    expect(
      routeTable
        .filter((entry) => entry.built)
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(
      [
        '/',
        '/me',
        '/meSetting',
        '/about',
        '/version',
        '/bindphone',
        '/notfound',
        '/search',
        '/rankList',
        '/rankList_content',
        '/chooseindex',
        '/SearchIndustry',
        '/industry',
        '/segments',
        '/IndustryDetail',
        '/IndustryAnalysis',
        '/tuyereMore',
        '/tuyereDetails',
        '/IndustryGroup',
        '/IndustryGroupDetail',
        '/IndustryGroupETF',
        '/stock',
        '/stockHk',
        '/indexStock',
        '/componentStockList',
        '/fundDetails',
        '/fundManager',
        '/fundHome',
        '/etfDetails',
        '/etfHome',
        '/financialReportPreview/:stock/:reportPeriod',
        '/pdf',
        '/openAccount',
        '/pushSettingAll',
        '/pushSettingList',
        '/notificationSetting',
        '/notificationSettingHk',
        '/messageBox',
        '/meNotification',
        '/favorite',
        '/favoriteManagerGroup',
        '/sort',
        '/sortSetting',
        '/StockSetting',
        '/selectAdd',
        '/uploadImg',
        '/ViewingInformation',
        '/articles',
        '/articlesPage',
        '/ArticlesNew',
        '/article',
        '/articleN',
        '/articleI_iframe',
        '/articles_Search',
        '/column/:id',
        '/dailyPaper',
        '/dailyPape',
        '/daily',
        '/weekly',
        '/activityPage',
        '/SevenEleven',
        '/newscastCont',
        '/newscastShare',
        '/noticeList',
        '/noticeForId',
        '/researchAndNotice',
        '/reportList',
        '/reportListNew',
        '/pdf-list',
        '/stockNotice',
        '/stockNoticeHK',
        '/HbPDFList',
        '/hbPdfPage',
        '/chooseMeList',
        '/my-stock-picker',
        '/ChooseSuperdex',
        '/rankingStockSelectionIndex',
        '/chooseSuper',
        '/chooseResultSpuer',
        '/chooseResult',
        '/rankingStockSelectionDetailIndex',
        '/comment-test',
        '/comment-detail',
        '/column-article-detail/:articleId/:commId',
        '/articles_AllQuestion',
        '/articles_SearchAnswer',
        '/SeekAdviceDetail',
        '/projectD',
        '/weChatGroup',
        '/feedback',
        '/stock-picker',
        '/choose',
        '/chooseindexold',
        '/choose-stock-picker',
        '/ChooseNew',
        '/result-stock-picker',
        '/filters-result',
        '/ChooseList',
        '/dashboard',
        '/chooseFund',
        '/chooseNewFund',
        '/componentFundList',
        '/componentChildList',
        '/northDates',
        '/southDates',
        '/StockConnectDetail',
        '/newDateStock',
        '/swingStocks',
        '/app_userIndex',
        '/app_userPage',
        '/app_userPrice',
        '/pay',
        '/pay_coupon',
        '/Pay_overCoupon',
        '/paySuccess',
        '/priceDetail',
        '/orderList',
        '/receiveVip',
        '/compare-search',
        '/compare-result',
        '/stockCompare',
        '/stockCompareNew',
        '/dupont-compare',
        '/diff',
        '/IndustryCompare',
        '/fundCompare',
        '/fundManCompare',
        '/profitComputer',
        '/userAccount',
        '/userIntegralPop',
        '/userIntegralPopTwo',
        '/userIntegralData',
        '/integralNewUser',
        '/course',
        '/CourseList',
        '/CourseDetails',
        '/subjectSection',
        '/ChapterExercises',
        '/CertificateCompletion',
        '/courseSearch',
      ].sort(),
    );
  });
});
