/**
 * The client route table (spec 2 §2.2 and §2.3, spec 1 §2). Data and types only: the web app builds
 * its router, tab bar, keep-alive cache and navigation side effects from this one table, and the
 * e2e suite walks it.
 *
 * Cache semantics (spec 2 §2.3):
 * - `cacheWhen: 'always'`: the page is kept alive (state and scroll) whenever the user leaves it.
 * - `cacheWhen: 'forward'`: the page is kept only when it is left by a PUSH navigation (the user went
 *   deeper); going back from it (POP) or replacing it drops it.
 * - No `cacheWhen`: the page is never kept; it mounts fresh on every visit.
 * - A kept page is dropped when a PUSH lands on a path in its `dropCacheOn` list.
 * - One cached instance per canonical path plus the values of its `keys` query parameters, so
 *   /stock?stockCode=600519.SH and /stock?stockCode=000001.SZ are kept apart.
 *
 * Paths are case-sensitive, as in the original app; only the spellings listed in `aliases` resolve
 * to another entry. The spec does not say which routes use pointerArt, which cacheWhen or key each
 * route has beyond §2.3; the assignments below are ours:
 * - the ten tab-bar pages are 'always', so switching tabs keeps each tab's state and scroll;
 * - the detail pages of spec 1 §2 (and /fundManager) are 'forward', one instance per code;
 * - the other pages named in spec 2 §2.3 are 'always': their drop lists name pages the user reaches
 *   after going back from them (e.g. chooseResult is dropped by a new /ChooseNew), which only
 *   matters when they survive a POP.
 */

export type CacheWhen = 'always' | 'forward';

export interface RouteEntry {
  /** Unique name; for param-less routes it is the path without the slash (`home` for /). */
  readonly name: string;
  /** Canonical path; `:name` segments are parameters (spec writes them as {name}). */
  readonly path: string;
  /** Other spellings that render this entry (spec 1 §2: /stockHK, /etfDetail, /liveStream …). */
  readonly aliases: readonly string[];
  /** Chinese page title (header and document.title). */
  readonly title: string;
  readonly cacheWhen?: CacheWhen;
  /** The original cache key name (spec 2 §2.3); set on every cached route. */
  readonly cacheKey?: string;
  /** Canonical paths on which a PUSH drops this page's kept instances (spec 2 §2.3). */
  readonly dropCacheOn?: readonly string[];
  /** Spec 2 §2.2 field; which routes set it is not shown, so every route leaves it off for now. */
  readonly pointerArt: boolean;
  /** Query keys whose values identify one cached instance (spec 2 §2.2 "keys seen"). */
  readonly keys?: readonly string[];
  /**
   * The query parameters a link to this page may carry (`href` types them): `name` must be given,
   * `name?` may be. Parameters every page reads (spec 1 §2: so, platform, isSubject…) are not listed.
   */
  readonly query: readonly string[];
  /** Shows the tab bar (spec 1 §2 "Tab bar" path list). */
  readonly tabBar: boolean;
  /** A real page exists; every other route renders the honest "not open yet" page. */
  readonly built: boolean;
}

/** A route's name as written or, when left out, derived from its path: /stock → stock, / → home. */
type NameOfPath<Path extends string> = Path extends '/'
  ? 'home'
  : Path extends `/${infer Name}`
    ? Name
    : never;

interface RouteInput<Name extends string, Path extends string, Query extends readonly string[]>
  extends Partial<Omit<RouteEntry, 'name' | 'path' | 'title' | 'query'>> {
  name?: Name;
  path: Path;
  title: string;
  query?: Query;
}

/**
 * One entry of the table with the defaults filled in: no aliases, not cached, no tab bar, not
 * built, and a cached route's key named like the route.
 */
function route<
  const Path extends string,
  const Query extends readonly string[] = readonly [],
  const Name extends string = NameOfPath<Path>,
>(
  input: RouteInput<Name, Path, Query>,
): RouteEntry & { readonly name: Name; readonly path: Path; readonly query: Query } {
  const name = (input.name ?? (input.path === '/' ? 'home' : input.path.slice(1))) as Name;
  return {
    ...input,
    name,
    aliases: input.aliases ?? [],
    ...(input.cacheWhen ? { cacheKey: input.cacheKey ?? name } : {}),
    query: (input.query ?? []) as Query,
    pointerArt: input.pointerArt ?? false,
    tabBar: input.tabBar ?? false,
    built: input.built ?? false,
  };
}

export const routeTable = [
  // Main tab pages (spec 2 §2.2; tab-bar list of spec 1 §2). / is the stock-market home.
  // Always kept so switching tabs keeps each tab's state and scroll.
  route({ path: '/', title: '股票行情', cacheWhen: 'always', tabBar: true, built: true }),
  route({ path: '/SearchIndustry', title: '找行业', cacheWhen: 'always', tabBar: true, built: true }),
  route({ path: '/ViewingInformation', title: '看资讯', cacheWhen: 'always', tabBar: true, built: true }),
  // A detail page's 新闻 更多 opens it filtered to one instrument (`code`), kept apart from the tab.
  route({
    path: '/SevenEleven',
    title: '7×24快讯',
    cacheWhen: 'always',
    tabBar: true,
    keys: ['code'],
    query: ['code?'],
    built: true,
  }),
  route({ path: '/fundHome', title: '基金', cacheWhen: 'always', tabBar: true, built: true }),
  route({ path: '/etfHome', title: 'ETF', cacheWhen: 'always', tabBar: true, built: true }),
  route({ path: '/favorite', title: '自选', cacheWhen: 'always', tabBar: true, built: true }),
  route({ path: '/me', title: '我的', cacheWhen: 'always', tabBar: true, built: true }),
  route({ path: '/chooseindex', title: '选股', cacheWhen: 'always', tabBar: true, built: true }),
  route({ path: '/stock-picker', title: '选股器', cacheWhen: 'always', tabBar: true, built: true }),

  // Watchlist and upload.
  route({ path: '/favoriteManagerGroup', title: '管理分组', built: true }),
  route({ path: '/uploadImg', title: '图片导入自选', built: true }),
  // The codes to add, comma-separated (a screening or import result hands its list over).
  route({ path: '/selectAdd', title: '添加自选', query: ['codes?'], built: true }),
  route({ path: '/StockSetting', title: '自选设置', query: ['code'], built: true }),
  // The group whose items are ordered; 全部 without.
  route({ path: '/sort', title: '自选排序', query: ['groupId?'], built: true }),

  // Articles and content.
  route({ path: '/articles', title: '文章', query: ['tag?'], built: true }),
  route({ path: '/ArticlesNew', title: '最新文章', built: true }),
  route({ path: '/articleI_iframe', title: '文章阅读', query: ['id'], built: true }),
  route({ path: '/articles_Search', title: '文章搜索', query: ['keyword?'], built: true }),
  route({ path: '/articles_AllQuestion', title: '全部问答', query: ['topic?'], built: true }),
  route({ path: '/articles_SearchAnswer', title: '问答搜索', query: ['keyword?'], built: true }),
  route({ path: '/article', title: '文章详情', query: ['id'], built: true }),
  route({ path: '/articleN', title: '文章详情', query: ['id'], built: true }),
  route({ path: '/articlesPage', title: '专题文章', query: ['tag?'], built: true }),
  route({ path: '/activityPage', title: '活动', query: ['id'], built: true }),
  route({ path: '/newscastShare', title: '快讯分享', keys: ['id'], query: ['id'], built: true }),
  route({ path: '/newscastCont', title: '快讯详情', keys: ['id'], query: ['id', 'state?'], built: true }),
  // dailyPaper and dailyPape are two routes with two cache keys in spec 2 §2.3, not an alias pair.
  route({
    path: '/dailyPaper',
    title: '投资日报',
    cacheWhen: 'always',
    dropCacheOn: ['/'],
    keys: ['date', 'pushDate'],
    query: ['date?', 'pushDate?', 'kind?'],
    built: true,
  }),
  route({
    path: '/dailyPape',
    title: '投资日报',
    cacheWhen: 'always',
    dropCacheOn: ['/'],
    keys: ['date', 'pushDate'],
    query: ['date?', 'pushDate?', 'kind?'],
    built: true,
  }),
  route({ path: '/daily', title: '日报', query: ['date?', 'kind?'], built: true }),
  route({ path: '/weekly', title: '周报', query: ['date?'], built: true }),
  route({ path: '/noticeList', title: '公告列表', query: ['code?', 'type?'], built: true }),
  route({ path: '/noticeForId', title: '公告详情', query: ['id'], built: true }),
  route({
    path: '/researchAndNotice',
    title: '研报公告',
    cacheWhen: 'always',
    dropCacheOn: ['/favorite', '/'],
    keys: ['code'],
    query: ['code?', 'tab?'],
    built: true,
  }),
  route({ path: '/reportList', title: '研报列表', query: ['code?', 'industry?', 'rating?'], built: true }),
  route({ path: '/reportListNew', title: '研报列表', query: ['code?', 'industry?', 'rating?'], built: true }),
  // Spec 2 lists both /pdf-List and /pdf-list; the lower-case spelling is canonical (like /pdf).
  route({ path: '/pdf-list', title: '文档列表', aliases: ['/pdf-List'], query: ['code'], built: true }),
  route({ path: '/pdf', title: '文档预览', query: ['file'], built: true }),

  // Personal and settings (/me is the tab page above).
  route({ path: '/meSetting', title: '设置', built: true }),
  // Ours: spec 2 §2.2 lists no feedback route, but issue 17 asks for a 意见反馈 page reached from 设置;
  // it sits with the settings pages under the spec's "Personal and settings" heading.
  route({ path: '/feedback', title: '意见反馈', built: true }),
  route({ path: '/bindphone', title: '绑定手机号', query: ['redirect?'], built: true }),
  route({ path: '/meNotification', title: '消息通知', built: true }),
  route({ path: '/notificationSetting', title: '通知设置', built: true }),
  route({ path: '/notificationSettingHk', title: '港股通知设置', built: true }),
  route({ path: '/pushSettingAll', title: '价格提醒', built: true }),
  route({ path: '/pushSettingList', title: '提醒设置', query: ['code', 'name?'], built: true }),
  route({ path: '/sortSetting', title: '排序设置', built: true }),
  route({ path: '/userAccount', title: '账号信息', built: true }),
  route({ path: '/messageBox', title: '消息中心', query: ['category?'], built: true }),
  route({ path: '/about', title: '关于我们', built: true }),
  route({ path: '/version', title: '版本信息', built: true }),
  route({ path: '/clear', title: '清除缓存' }),
  route({ path: '/openAccount', title: '开户', built: true }),
  route({ path: '/delstockAccountParty', title: '账户注销' }),

  // Points.
  route({ path: '/userIntegralPopTwo', title: '签到领积分', built: true }),
  route({ path: '/userIntegralPop', title: '签到领积分', built: true }),
  route({ path: '/userIntegralData', title: '积分商城', built: true }),
  route({ path: '/integralNewUser', title: '新人积分', built: true }),

  // Membership, payment and gifts.
  route({ path: '/pay', title: '开通会员', query: ['goodId?', 'couponId?'], built: true }),
  route({ path: '/pay_coupon', title: '选择优惠券', query: ['goodId?', 'couponId?', 'from?'], built: true }),
  route({ path: '/Pay_overCoupon', title: '已失效优惠券', built: true }),
  route({ path: '/paySuccess', title: '支付成功', query: ['orderId?'], built: true }),
  route({
    path: '/priceDetail',
    title: '价格详情',
    query: ['goodId?', 'couponId?', 'orderId?'],
    built: true,
  }),
  route({ path: '/orderList', title: '我的订单', built: true }),
  route({ path: '/receiveVip', title: '领取会员', built: true }),
  route({ path: '/vipGiftCard', title: '会员礼品卡' }),
  route({ path: '/vipGiftCardHome', title: '礼品卡' }),
  route({ path: '/vipGiftCardEditor', title: '编辑礼品卡' }),
  route({ path: '/vipGiftCardPay', title: '购买礼品卡' }),
  route({ path: '/sendAuthorize', title: '授权确认' }),
  route({ path: '/app_userPage', title: '会员中心', built: true }),
  route({ path: '/app_userPrice', title: '会员价格', query: ['goodId?', 'couponId?'], built: true }),
  route({ path: '/app_userIndex', title: '会员首页', built: true }),
  route({ path: '/group-buy-index', title: '拼团' }),

  // Stock, HK stock and index details. The five detail routes of spec 1 §2 are 'forward' caches
  // keyed by their code query, so next/previous between stocks keeps each one apart.
  route({
    path: '/stock',
    title: '个股详情',
    cacheWhen: 'forward',
    keys: ['stockCode'],
    query: ['stockCode', 'i?'],
    built: true,
  }),
  // Spec 1 §2 names /stockHk and notes the /stockHK spelling that spec 2 lists.
  route({
    path: '/stockHk',
    title: '港股详情',
    aliases: ['/stockHK'],
    cacheWhen: 'forward',
    keys: ['stockCode'],
    query: ['stockCode', 'i?'],
    built: true,
  }),
  route({ path: '/stockNotice', title: '个股公告', query: ['stockCode'], built: true }),
  route({ path: '/stockNoticeHK', title: '港股公告', query: ['stockCode'], built: true }),
  route({ path: '/stockHkShare', title: '港股分享' }),
  route({
    path: '/indexStock',
    title: '指数详情',
    cacheWhen: 'forward',
    dropCacheOn: ['/'],
    keys: ['stockCode'],
    query: ['stockCode', 'i?'],
    built: true,
  }),
  route({
    path: '/indexBoard',
    title: '指数看板',
    cacheWhen: 'always',
    cacheKey: 'IndexBoard',
    dropCacheOn: ['/'],
  }),
  route({
    path: '/newStockDetail',
    title: '新股详情',
    cacheWhen: 'always',
    dropCacheOn: ['/', '/favorite'],
    keys: ['code'],
  }),

  // Fund and ETF details. Spec 2 keys /etfDetails by etfCode while spec 1 links it with code, so
  // both identify an instance.
  route({
    path: '/fundDetails',
    title: '基金详情',
    cacheWhen: 'forward',
    keys: ['code'],
    query: ['code', 'type?', 'i?'],
    built: true,
  }),
  route({ path: '/fundShare', title: '基金分享' }),
  route({
    path: '/etfDetails',
    title: 'ETF详情',
    aliases: ['/etfDetail'],
    cacheWhen: 'forward',
    keys: ['etfCode', 'code'],
    query: ['code', 'type?', 'i?'],
    built: true,
  }),
  route({ path: '/etfRankingDetails', title: 'ETF排行' }),
  route({
    path: '/fundManager',
    title: '基金经理',
    cacheWhen: 'forward',
    keys: ['managerId'],
    // The page still reads `id` from links of the original app.
    query: ['managerId'],
    built: true,
  }),
  route({ path: '/fundHoldingsGroup', title: '基金持仓' }),

  // Institutions, events and data pages.
  route({ path: '/institutionalResearchDetail', title: '机构调研详情' }),
  route({
    path: '/importantEvents',
    title: '大事提醒',
    cacheWhen: 'always',
    cacheKey: 'ImportantEvents',
    dropCacheOn: ['/', '/favorite', '/stock'],
    keys: ['code'],
  }),
  route({
    path: '/InstitutionalList',
    title: '机构列表',
    cacheWhen: 'always',
    dropCacheOn: ['/', '/favorite', '/stock'],
    keys: ['code', 'type'],
  }),
  route({ path: '/InstitutionalDetail', title: '机构详情' }),
  route({ path: '/institutionalPositions', title: '机构持仓' }),
  route({ path: '/institutionalPositionCont', title: '机构持仓明细' }),
  route({ path: '/fOverview', title: '财务概览' }),
  route({
    path: '/veryHoldInfo',
    title: '持仓信息',
    cacheWhen: 'always',
    dropCacheOn: ['/', '/favorite'],
    keys: ['code'],
  }),
  route({ path: '/veryHoldInfoHb', title: '持仓信息' }),
  route({ path: '/depthData', title: '财务数据' }),
  route({ path: '/depthDataHk', title: '港股财务数据' }),
  route({ path: '/hbStock', title: '个股速览' }),
  route({ path: '/HbPDFList', title: '文档列表', query: ['code'], built: true }),
  route({ path: '/hbPdfPage', title: '文档预览', query: ['file'], built: true }),
  route({ path: '/hbindustryIndex', title: '行业指数' }),
  route({ path: '/hbAggP', title: '资讯聚合' }),
  route({ path: '/hbWhere', title: '估值位置' }),
  route({ path: '/kpiCommen', title: '核心指标' }),
  route({ path: '/StockConnectDetail', title: '沪深港通详情', query: ['day?'], built: true }),
  route({ path: '/northDates', title: '北向资金', built: true }),
  route({ path: '/southDates', title: '南向资金', built: true }),
  route({ path: '/newDateStock', title: '新股日历', built: true }),
  route({ path: '/swingStocks', title: '异动个股', built: true }),
  route({ path: '/segments', title: '板块', query: ['tab?'], built: true }),

  // Search, screening and ranking.
  route({ path: '/search', title: '搜索', built: true }),
  route({ path: '/courseSearch', title: '课程搜索', query: ['keyword?'], built: true }),
  route({ path: '/ChooseSuperdex', title: '超级选股', built: true }),
  route({
    path: '/chooseSuper',
    title: '超级选股',
    cacheWhen: 'always',
    dropCacheOn: ['/ChooseSuperdex', '/chooseindex', '/chooseMeList'],
    keys: ['id'],
    query: ['id'],
    built: true,
  }),
  // The route is spelled chooseResultSpuer and its cache key ChooseResultSpuer (both as the original).
  route({
    path: '/chooseResultSpuer',
    title: '超级选股结果',
    cacheWhen: 'always',
    cacheKey: 'ChooseResultSpuer',
    dropCacheOn: ['/ChooseSuperdex', '/chooseSuper', '/chooseindex', '/chooseMeList'],
    keys: ['id'],
    query: ['id'],
    built: true,
  }),
  // The results of /ChooseNew's screen (`q`), as §2.3 drops it when a new screen starts; a saved
  // strategy's `id` (links of the original app) goes to /chooseSuper.
  route({
    path: '/chooseResult',
    title: '选股结果',
    cacheWhen: 'always',
    dropCacheOn: ['/ChooseNew', '/chooseNewFund', '/chooseFund', '/'],
    keys: ['q', 'id'],
    query: ['q?', 'id?'],
    built: true,
  }),
  // `strategy`: the id of the user's strategy whose conditions the editor changes (修改条件).
  route({ path: '/ChooseNew', title: '条件选股', query: ['group?', 'q?', 'strategy?'], built: true }),
  route({ path: '/ChooseList', title: '选股策略', built: true }),
  route({ path: '/chooseMeList', title: '我的策略', built: true }),
  route({ path: '/chooseFund', title: '基金筛选', built: true }),
  // `strategy`: the id of the user's fund strategy whose conditions the editor changes (修改条件).
  route({ path: '/chooseNewFund', title: '条件选基', query: ['conditions?', 'strategy?'], built: true }),
  route({ path: '/componentFundList', title: '选基结果', query: ['conditions?', 'name?'], built: true }),
  // The fund screen's results and one fund's match (issue 18): the spec names the routes, not their titles.
  route({
    path: '/componentStockList',
    title: '成分股',
    cacheWhen: 'always',
    dropCacheOn: ['/indexStock'],
    keys: ['stockCode'],
    query: ['stockCode'],
    built: true,
  }),
  route({ path: '/componentChildList', title: '入选明细', query: ['code', 'conditions?'], built: true }),
  route({ path: '/chooseindexold', title: '选股（旧版）', built: true }),
  route({ path: '/choose', title: '选股', built: true }),
  route({
    path: '/choose-stock-picker',
    title: '选股条件',
    query: ['group?', 'q?', 'strategy?'],
    built: true,
  }),
  route({ path: '/result-stock-picker', title: '选股器结果', query: ['q'], built: true }),
  route({ path: '/my-stock-picker', title: '我的选股器', built: true }),
  route({ path: '/filters-result', title: '筛选结果', query: ['q'], built: true }),
  route({ path: '/rankList', title: '排行榜', query: ['kind?'], built: true }),
  route({
    path: '/rankList_content',
    title: '排行详情',
    cacheWhen: 'always',
    dropCacheOn: ['/rankList', '/', '/favorite', '/fundHome', '/etfHome'],
    keys: ['type', 'name'],
    // `type` is the ranking's id; the page still reads `id` from links of the original app.
    query: ['type', 'name?', 'industry?', 'order?'],
    built: true,
  }),
  route({ path: '/rankingStockSelectionIndex', title: '排行选股', built: true }),
  route({ path: '/rankingStockSelectionDetailIndex', title: '排行选股详情', query: ['id'], built: true }),
  route({ path: '/dashboard', title: '数据看板', built: true }),

  // Comparison and tools.
  // `codes`: 2–5 codes, comma-separated; `type`: stock or fund (what /compare-search picks).
  route({ path: '/stockCompare', title: '个股对比', query: ['codes?'], built: true }),
  route({ path: '/stockCompareNew', title: '个股对比', query: ['codes?'], built: true }),
  route({ path: '/fundCompare', title: '基金对比', query: ['codes?'], built: true }),
  route({
    path: '/fundManCompare',
    title: '基金经理对比',
    cacheWhen: 'always',
    cacheKey: 'FundManCompare',
    dropCacheOn: ['/fundDetails'],
    keys: ['ids'],
    query: ['ids?'],
    built: true,
  }),
  route({ path: '/compare-search', title: '对比搜索', query: ['type?', 'codes?'], built: true }),
  route({ path: '/compare-result', title: '对比结果', query: ['type', 'codes'], built: true }),
  route({ path: '/diff', title: '差异对比', query: ['codes?'], built: true }),
  route({ path: '/dupont-compare', title: '杜邦分析对比', query: ['codes?'], built: true }),
  route({ path: '/IndustryCompare', title: '行业对比', query: ['code'], built: true }),
  route({ path: '/profitComputer', title: '定投计算器', query: ['code?'], built: true }),

  // Industry.
  route({ path: '/industry', title: '行业板块', query: ['kind?'], built: true }),
  route({ path: '/IndustryAnalysis', title: '行业分析', query: ['code'], keys: ['code'], built: true }),
  route({
    path: '/IndustryDetail',
    title: '行业详情',
    cacheWhen: 'forward',
    keys: ['code'],
    query: ['code'],
    built: true,
  }),
  route({ path: '/IndustryGroup', title: '行业分组', built: true }),
  route({
    path: '/IndustryGroupDetail',
    title: '行业分组详情',
    query: ['group'],
    keys: ['group'],
    built: true,
  }),
  route({ path: '/IndustryGroupETF', title: '行业ETF', query: ['group'], keys: ['group'], built: true }),
  route({ path: '/tuyereMore', title: '风口板块', built: true }),
  route({ path: '/tuyereDetails', title: '风口详情', query: ['code'], keys: ['code'], built: true }),

  // Courses and community.
  route({ path: '/course', title: '课程', built: true }),
  route({
    path: '/CourseList',
    title: '投资课堂',
    cacheWhen: 'always',
    dropCacheOn: ['/'],
    keys: ['type'],
    query: ['type?'],
    built: true,
  }),
  route({ path: '/CourseDetails', title: '课程详情', query: ['courseId'], built: true }),
  route({ path: '/ChapterExercises', title: '章节练习', query: ['courseId', 'chapterId'], built: true }),
  route({ path: '/CertificateCompletion', title: '结业证书', query: ['courseId'], built: true }),
  route({ path: '/subjectParty', title: '专题课程' }),
  route({ path: '/subjectAddress', title: '收货地址' }),
  route({ path: '/subjectSection', title: '课程章节', query: ['courseId', 'chapterId'], built: true }),
  route({ path: '/module_shareVideoBuild', title: '视频分享' }),
  route({ path: '/module_Subject_stock', title: '专题个股' }),
  route({ path: '/A_module_share', title: '分享' }),
  route({ path: '/comment-test', title: '评论消息', built: true }),
  route({ path: '/comment-detail', title: '评论详情', query: ['id'], built: true }),
  route({ name: 'column', path: '/column/:id', title: '专栏', built: true }),
  route({
    name: 'column-article-detail',
    path: '/column-article-detail/:articleId/:commId',
    title: '专栏文章',
    built: true,
  }),
  route({ path: '/SeekAdviceDetail', title: '问答详情', query: ['id'], built: true }),
  route({ path: '/projectD', title: '专题', query: ['topic?'], built: true }),
  route({ path: '/weChatGroup', title: '加入社群', built: true }),

  // Live. Spec 1 §2 lists /LiveStream and /liveStream; spec 2 only the capitalised one.
  route({ path: '/LiveStream', title: '直播', aliases: ['/liveStream'] }),
  route({ path: '/LiveStreamHistory', title: '直播回放' }),

  // Campaigns. Only /cheeseParty_618 and /cheeseParty_1001 are spelled out; spec 2 names "several
  // /cheeseParty2023…, /cheeseParty2024…, /cheeseParty2025… pages" without their full spellings, so
  // each year has one entry at its bare prefix and the remaining spellings are not known.
  route({ path: '/cheeseParty_618', title: '618 活动' }),
  route({ path: '/cheeseParty_1001', title: '国庆活动' }),
  route({ path: '/cheeseParty2023', title: '2023 年度活动' }),
  route({ path: '/cheeseParty2024', title: '2024 年度活动' }),
  route({ path: '/cheeseParty2025', title: '2025 年度活动' }),
  route({ path: '/newYearPage', title: '新年活动' }),
  route({ path: '/vote', title: '投票' }),
  route({ path: '/newUserParty', title: '新人专享' }),
  route({ path: '/newUserGuide', title: '新手指引', cacheWhen: 'always', dropCacheOn: ['/', '/favorite'] }),
  route({ path: '/newUserLuckDog', title: '新人抽奖' }),

  // Other.
  route({ path: '/downPage', title: '下载 App' }),
  route({ path: '/zhisir', title: '知Sir' }),
  // spec 2 §2.1: without a period the page shows 20240630.
  route({
    name: 'financialReportPreview',
    path: '/financialReportPreview/:stock/:reportPeriod',
    title: '财报预览',
    aliases: ['/financialReportPreview/:stock'],
    built: true,
  }),
  route({ path: '/notfound', title: '页面不存在', built: true }),
] as const;

type Routes = (typeof routeTable)[number];
export type RouteName = Routes['name'];
type RouteNamed<Name extends RouteName> = Extract<Routes, { name: Name }>;

type PathParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

type QueryValue = string | number;
type RequiredQuery<Keys extends string> = Keys extends `${string}?` ? never : Keys;
type OptionalQuery<Keys extends string> = Keys extends `${infer Key}?` ? Key : never;

type Flatten<Type> = { [Key in keyof Type]: Type[Key] };

type DeclaredParams<Name extends RouteName> = Flatten<
  { [Param in PathParamNames<RouteNamed<Name>['path']>]: string } & {
    [Key in RequiredQuery<RouteNamed<Name>['query'][number]>]: QueryValue;
  } & { [Key in OptionalQuery<RouteNamed<Name>['query'][number]>]?: QueryValue | null }
>;

/**
 * What `href(name, params)` takes: the path's `:params` and the route's query parameters; a route
 * with neither takes no parameters at all.
 */
export type RouteParams<Name extends RouteName> = keyof DeclaredParams<Name> extends never
  ? Record<string, never>
  : DeclaredParams<Name>;

type HrefArgs<Name extends RouteName> = keyof DeclaredParams<Name> extends never
  ? [params?: RouteParams<Name>]
  : Record<string, never> extends RouteParams<Name>
    ? [params?: RouteParams<Name>]
    : [params: RouteParams<Name>];

const routesByName: ReadonlyMap<string, RouteEntry> = new Map(routeTable.map((entry) => [entry.name, entry]));

/** The entry of a route name. */
export function routeOf(name: RouteName): RouteEntry {
  const entry = routesByName.get(name);
  if (!entry) throw new Error(`No route named ${name}`);
  return entry;
}

/** A route's canonical path, typed as written in the table (for wire values that are paths). */
export function pathOf<Name extends RouteName>(name: Name): RouteNamed<Name>['path'] {
  return routeOf(name).path as RouteNamed<Name>['path'];
}

/**
 * The in-app link to a route: `href('stock', { stockCode: '600519.SH' })` is
 * `/stock?stockCode=600519.SH`, `href('financialReportPreview', { stock: '600519_SH', reportPeriod:
 * '20240630' })` is `/financialReportPreview/600519_SH/20240630`. Path parameters are encoded into
 * their segment; query parameters follow in the route's declared order, missing optional ones left
 * out. Every link, navigation and detail rule of the app goes through here, so no path is typed twice.
 */
export function href<Name extends RouteName>(name: Name, ...[params]: HrefArgs<Name>): string {
  const entry = routeOf(name);
  const values: Readonly<Record<string, QueryValue | null | undefined>> = params ?? {};
  const path = entry.path.replace(/:([A-Za-z_]\w*)/g, (_, param: string) =>
    encodeURIComponent(String(values[param] ?? '')),
  );
  const pairs: string[] = [];
  for (const declared of entry.query) {
    const key = declared.endsWith('?') ? declared.slice(0, -1) : declared;
    const value = values[key];
    if (value === undefined || value === null || value === '') continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}
