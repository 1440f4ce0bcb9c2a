import type { Generated } from 'kysely';

/**
 * Row types of every table. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers so the
 * same SQL runs unchanged on SQLite and PostgreSQL.
 */
export interface Database {
  app_config: AppConfigTable;
  app_menu: AppMenuTable;
  activity_popup: ActivityPopupTable;
  api_lock_token: ApiLockTokenTable;
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  sms_gates: SmsGatesTable;
  push_settings: UserFlagTable;
  user_switches: UserFlagTable;
  page_views: PageViewsTable;
  error_reports: ErrorReportsTable;
  events: EventsTable;
  test_tokens: TestTokensTable;
  check_ins: CheckInsTable;
  instruments: InstrumentsTable;
  index_members: IndexMembersTable;
  index_reviews: IndexReviewsTable;
  screen_day_tables: ScreenDayTablesTable;
  fund_holdings: FundHoldingsTable;
  daily_series: DailySeriesTable;
  adjustment_factors: AdjustmentFactorsTable;
  share_changes: ShareChangesTable;
  fundamentals: FundamentalsTable;
  stock_events: StockEventsTable;
  fund_managers: FundManagersTable;
  fund_manager_terms: FundManagerTermsTable;
  market_meta: MarketMetaTable;
  financial_statements: FinancialStatementsTable;
  broker_accounts: BrokerAccountsTable;
  about_info: AboutInfoTable;
  app_releases: AppReleasesTable;
  price_alerts: PriceAlertsTable;
  alert_messages: AlertMessagesTable;
  quiet_hours: QuietHoursTable;
  watchlist_groups: WatchlistGroupsTable;
  watchlist_items: WatchlistItemsTable;
  watchlist_instruments: WatchlistInstrumentsTable;
  watchlist_settings: WatchlistSettingsTable;
  watchlist_uploads: WatchlistUploadsTable;
  screener_strategies: ScreenerStrategiesTable;
  screener_strategy_holdings: ScreenerStrategyHoldingsTable;
  screener_strategy_changes: ScreenerStrategyChangesTable;
  screener_strategy_seen: ScreenerStrategySeenTable;
  article_columns: ArticleColumnsTable;
  articles: ArticlesTable;
  article_tags: ArticleTagsTable;
  article_reads: ArticleReadsTable;
  papers: PapersTable;
  banners: BannersTable;
  content_flashes: ContentFlashesTable;
  content_flash_instruments: ContentFlashInstrumentsTable;
  content_files: ContentFilesTable;
  notices: NoticesTable;
  research_reports: ResearchReportsTable;
  content_demo_marks: ContentDemoMarksTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  comment_reports: CommentReportsTable;
  comment_messages: CommentMessagesTable;
  questions: QuestionsTable;
  answers: AnswersTable;
  feedback: FeedbackTable;
  uploads: UploadsTable;
  courses: CoursesTable;
  course_chapters: CourseChaptersTable;
  course_questions: CourseQuestionsTable;
  course_progress: CourseProgressTable;
  course_certificates: CourseCertificatesTable;
  point_accounts: PointAccountsTable;
  point_ledger: PointLedgerTable;
  point_goods: PointGoodsTable;
  express_addresses: ExpressAddressesTable;
  point_exchanges: PointExchangesTable;
  member_goods: MemberGoodsTable;
  member_coupon_rules: MemberCouponRulesTable;
  member_coupons: MemberCouponsTable;
  member_orders: MemberOrdersTable;
}

export interface AppConfigTable {
  key: string;
  /** The value as JSON text. */
  value_json: string;
  updated_at: string;
}

export interface AppMenuTable {
  id: number;
  title: string;
  icon: string;
  url: string;
  badge: string | null;
  sort_order: number;
  enabled: number;
}

export interface ActivityPopupTable {
  id: number;
  /** The tab page the popup belongs to (one of contract `popupPages`). */
  page: string;
  activity_img: string;
  url: string;
  starts_at: string;
  ends_at: string;
  enabled: number;
}

export interface ApiLockTokenTable {
  id: Generated<number>;
  token: string;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  nickname: string;
  avatar: Generated<string>;
  /** Bare 11-digit mainland number; null until a phone is bound. */
  phone: string | null;
  wechat_openid: string | null;
  /** The partner's user key behind a t_hb token (spec 1 §4). */
  partner_user_key: string | null;
  /** 0 ordinary, 1 VIP, 2 SVIP (contract `vipType`). */
  vip_type: Generated<number>;
  /** When vip_type ends (0022); null for no end. An expired membership reads as 0. */
  vip_expires_at: Generated<string | null>;
  /** When the one free trial was taken (0022). */
  trial_claimed_at: Generated<string | null>;
  /** An experiment batch operators pinned; null means the batch derived from the id. */
  ab_test_batch_no: string | null;
  disabled: Generated<number>;
  created_at: string;
}

export type SessionEndReason = 'logout' | 'replaced' | 'disabled';

export interface SessionsTable {
  /** The JWT's jti. */
  id: string;
  user_id: number;
  /** The requestFrom header at login: ios, ios-ipad, android, wechat or other. */
  device_kind: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  end_reason: SessionEndReason | null;
}

/** A row locked while the SMS limits of one phone or IP are checked and used (migration 0006). */
export interface SmsGatesTable {
  /** `phone:<number>` or `ip:<address>`. */
  key: string;
  touched_at: string;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  /** HMAC-SHA256 of phone and code under a server secret; the code itself is never stored. */
  code_hash: string;
  ip: string;
  sent_at: string;
  expires_at: string;
  attempts: Generated<number>;
  locked_until: string | null;
  consumed_at: string | null;
}

export interface UserFlagTable {
  user_id: number;
  key: string;
  enabled: number;
}

export interface PageViewsTable {
  id: Generated<number>;
  user_id: number | null;
  path: string;
  query: string;
  device_kind: string;
  created_at: string;
}

export interface ErrorReportsTable {
  id: Generated<number>;
  user_id: number | null;
  device: string;
  service: string;
  container: string;
  env: string;
  path_name: string;
  is_white: number;
  error_msg: string;
  ip: string;
  created_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  user_id: number;
  event_name: string;
  ext_json: string;
  app_version: string | null;
  container: string;
  env: string;
  created_at: string;
}

export interface TestTokensTable {
  token: string;
  user_id: number;
  created_at: string;
}

export interface CheckInsTable {
  user_id: number;
  /** Asia/Shanghai calendar day, YYYY-MM-DD. */
  date: string;
  created_at: string;
}

export interface InstrumentsTable {
  code: string;
  name: string;
  type: string;
  board: string;
  industry: string | null;
  listing_day: number;
  total_shares: number | null;
  float_shares: number | null;
  pinyin_initials: string;
  pinyin: string;
  is_st: number;
  /** JSON document (market/instrument.ts InstrumentProfile). */
  profile: string;
  /** The day the share was delisted (migration 0020); null while it is listed. */
  delisted_day: number | null;
}

export interface IndexMembersTable {
  index_code: string;
  member_code: string;
  weight: number;
  /** Free-float shares × cap factor (index-composition.ts); null when only a weight is known. */
  quantity: number | null;
}

/** A screen's daily work for one day (migration 0021): stock table, its 评分 pass, fund table. */
export interface ScreenDayTablesTable {
  part: string;
  /** The trading (or NAV) day the payload was computed for. */
  day: number;
  /** The part's JSON encoding. */
  payload: string;
}

export interface IndexReviewsTable {
  index_code: string;
  /** The first trading day the review's members count (migration 0020). */
  from_day: number;
  /** JSON array of [member code, quantity], by member code. */
  members: string;
}

export interface FundHoldingsTable {
  fund_code: string;
  member_code: string;
  weight: number;
  report_day: number;
}

export interface DailySeriesTable {
  code: string;
  kind: 'day' | 'nav';
  year: number;
  /** JSON array of rows of that year. */
  rows: string;
}

export interface AdjustmentFactorsTable {
  code: string;
  day: number;
  factor: number;
}

export interface ShareChangesTable {
  code: string;
  day: number;
  float_shares: number;
}

export interface FundamentalsTable {
  code: string;
  period: number;
  revenue_ttm: number;
  net_profit_ttm: number;
  equity: number;
  operating_cash_flow_ttm: number;
  gross_margin: number;
  holder_count: number;
}

export interface StockEventsTable {
  code: string;
  day: number;
  name: string;
  tag: string;
  content: string;
}

export interface FundManagersTable {
  id: string;
  name: string;
  company: string;
  career_start: number;
  education: string;
  bio: string;
}

export interface FundManagerTermsTable {
  manager_id: string;
  fund_code: string;
  start_day: number;
}

export interface MarketMetaTable {
  key: string;
  value: string;
}

export interface FinancialStatementsTable {
  code: string;
  /** Report period YYYYMMDD (0331, 0630, 0930 or 1231). */
  period: number;
  is_finance: number;
  /** The statement document as JSON text (docs/report-statements-format.md). */
  document: string;
  source: 'demo' | 'import';
}

export interface BrokerAccountsTable {
  user_id: number;
  home_login_at: string | null;
  home_login_count: number;
  application_id: string | null;
  /** One of contract accountOpeningStatuses. */
  application_status: string | null;
  application_url: string | null;
  application_started_at: string | null;
}

export interface AboutInfoTable {
  /** Always 1: the table holds one row. */
  id: number;
  description: string;
  email: string | null;
  hotline: string | null;
  service_hours: string | null;
  icp: string | null;
  disclaimer: string;
  updated_at: string;
}

export interface AppReleasesTable {
  version: string;
  /** YYYY-MM-DD. */
  released_on: string;
  title: string;
  /** The notes as a JSON array of strings. */
  notes_json: string;
}

export interface PriceAlertsTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  /** One of contract `alertKinds`. */
  kind: string;
  /** The threshold: a price, a fraction, or yuan; 0 for 涨停/跌停. */
  value: number;
  /** One of contract `alertFrequencies`. */
  frequency: string;
  enabled: number;
  fire_count: Generated<number>;
  last_fired_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlertMessagesTable {
  id: Generated<number>;
  user_id: number;
  /** 'alert' or 'notice'. */
  category: string;
  alert_id: number | null;
  code: string | null;
  kind: string | null;
  title: string;
  body: string;
  price: number | null;
  fired_at: string;
  read_at: string | null;
  /** The app path the message opens (0016); null on older rows. */
  path: string | null;
}

export interface QuietHoursTable {
  user_id: number;
  enabled: number;
  /** HH:MM, Asia/Shanghai. */
  start_time: string;
  end_time: string;
}

/** A watchlist group (migration 0009): the default 全部, the user's own, or a strategy group. */
export interface WatchlistGroupsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** default, user or strategy (contract groupKinds). */
  kind: string;
  position: number;
  /** Raised by each write of the user's watchlist on the default group's row (the per-user lock). */
  version: Generated<number>;
  created_at: string;
}

/** An instrument in a group: its place and pin. */
export interface WatchlistItemsTable {
  group_id: number;
  user_id: number;
  code: string;
  position: number;
  pinned_at: string | null;
}

/** What belongs to a followed instrument whatever its group. */
export interface WatchlistInstrumentsTable {
  user_id: number;
  code: string;
  remark: Generated<string>;
  added_at: string;
  added_price: number | null;
  shares: number | null;
  cost: number | null;
}

/** A user's column (columns, columnsHk) or K-line (kline) settings as contract JSON. */
export interface WatchlistSettingsTable {
  user_id: number;
  kind: string;
  value: string;
  updated_at: string;
}

/** A screenshot uploaded for imgToStocks, kept an hour. */
export interface WatchlistUploadsTable {
  id: string;
  user_id: number;
  /** The data URL as uploaded. */
  image: string;
  created_at: string;
}

export interface ScreenerStrategiesTable {
  id: Generated<number>;
  /** Null for a house strategy (官方策略). */
  user_id: number | null;
  /** 'stock' or 'fund'. */
  kind: string;
  /** The shipped house strategy's key; null for a user's own. */
  house_key: string | null;
  name: string;
  description: string;
  /** The condition set as JSON, in the select body shape (contract strategyConditions). */
  conditions: string;
  position: number;
  /** The trading day of the latest run, YYYYMMDD. */
  run_day: number | null;
  result_count: number | null;
  created_at: string;
  updated_at: string;
}

export interface ScreenerStrategyHoldingsTable {
  strategy_id: number;
  code: string;
  /** In the strategy's results since this trading day. */
  since_day: number;
}

export interface ScreenerStrategyChangesTable {
  strategy_id: number;
  day: number;
  code: string;
  /** 'in' or 'out'. */
  direction: string;
}

export interface ScreenerStrategySeenTable {
  user_id: number;
  strategy_id: number;
  /** The latest change day the user has seen. */
  seen_day: number;
}

/** A column of articles (migration 0012). `source_key` names the provider's row (demo:…, import:…). */
export interface ArticleColumnsTable {
  id: Generated<number>;
  source_key: string;
  name: string;
  author: string;
  intro: string;
  cover: string | null;
  demo: number;
  created_at: string;
}

export interface ArticlesTable {
  id: Generated<number>;
  source_key: string;
  column_id: number;
  author: string;
  title: string;
  summary: string;
  cover: string | null;
  /** Sanitised rich text (platform/rich-text.ts sanitizeRichText). */
  body: string;
  /** JSON array of strings. */
  tags_json: string;
  /** JSON array of { code, name }. */
  instruments_json: string;
  read_count: Generated<number>;
  published_at: string;
  demo: number;
}

export interface ArticleTagsTable {
  article_id: number;
  tag: string;
}

export interface ArticleReadsTable {
  article_id: number;
  /** `user:<id>` or `visitor:<hash of IP and user agent>`. */
  reader: string;
  read_at: string;
}

/** 晨报, 晚报 and 周报: one per kind and date. */
export interface PapersTable {
  id: Generated<number>;
  /** morning, evening or weekly (contract paperKind). */
  kind: string;
  /** YYYY-MM-DD, Asia/Shanghai. */
  date: string;
  title: string;
  /** JSON (contract paperSection[]). */
  sections_json: string;
  /** JSON (contract paperFigures). */
  figures_json: string;
  published_at: string;
  demo: number;
}

export interface BannersTable {
  id: Generated<number>;
  source_key: string;
  title: string;
  image: string;
  /** An app route (href). */
  link: string;
  sort_order: number;
  starts_at: string | null;
  ends_at: string | null;
  /** The activity page's text, sanitised rich text. */
  body: string;
  demo: number;
}

/** A 7×24 flash (0011-content-flash.ts). */
export interface ContentFlashesTable {
  id: Generated<number>;
  /** Epoch milliseconds. */
  time: number;
  title: string;
  body: string;
  /** 1 普通, 2 重要, 3 头条. */
  importance: number;
  /** JSON arrays of instrument codes and of sector index codes. */
  codes: string;
  sectors: string;
  /** 'demo' or 'import'. */
  source: string;
  /** What a demo flash reports (unique); null for an imported flash. */
  event_key: string | null;
}

/** The instruments a flash is about, one row each (the 新闻 section of a detail page). */
export interface ContentFlashInstrumentsTable {
  code: string;
  flash_id: number;
}

export interface ContentFilesTable {
  id: Generated<number>;
  content_type: string;
  size: number;
  body_base64: string;
  created_at: string;
}

export interface NoticesTable {
  id: Generated<number>;
  dedupe_key: string;
  code: string;
  type: string;
  day: number;
  title: string;
  summary: string;
  body: string;
  report_period: number | null;
  file_id: number | null;
  source: 'demo' | 'import';
}

export interface ResearchReportsTable {
  id: Generated<number>;
  dedupe_key: string;
  code: string | null;
  industry: string | null;
  day: number;
  title: string;
  institution: string;
  analyst: string;
  rating: string;
  rating_change: string;
  target_price: number | null;
  price_at_date: number | null;
  summary: string;
  body: string;
  file_id: number | null;
  source: 'demo' | 'import';
}

export interface ContentDemoMarksTable {
  code: string;
  through_day: number;
}

/** A comment or a reply (migration 0014); content is plain text. */
export interface CommentsTable {
  id: Generated<number>;
  thread_key: string;
  /** The top-level comment a reply sits under; null for a top-level comment. */
  parent_id: number | null;
  reply_to_user_id: number | null;
  user_id: number;
  content: string;
  like_count: Generated<number>;
  reply_count: Generated<number>;
  report_count: Generated<number>;
  /** 1 once enough distinct users reported it: hidden pending review. */
  hidden: Generated<number>;
  created_at: string;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: string;
}

export interface CommentReportsTable {
  comment_id: number;
  user_id: number;
  /** One of contract `tipoffReasons`. */
  reason: string;
  created_at: string;
}

/** A reply to or a like of one of the user's comments. */
export interface CommentMessagesTable {
  id: Generated<number>;
  user_id: number;
  /** 'reply' or 'like'. */
  kind: string;
  comment_id: number;
  thread_key: string;
  from_user_id: number;
  excerpt: string;
  read_at: string | null;
  created_at: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  user_id: number | null;
  author_name: string;
  title: string;
  content: string;
  /** One of contract `questionTopics`. */
  topic: string;
  code: string | null;
  answer_count: Generated<number>;
  demo: Generated<number>;
  created_at: string;
}

export interface AnswersTable {
  id: Generated<number>;
  question_id: number;
  user_id: number | null;
  author_name: string;
  content: string;
  demo: Generated<number>;
  created_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  contact: string | null;
  /** JSON list of the images' public URLs. */
  images: string;
  app_version: string | null;
  /** One of contract `feedbackStatuses`. */
  status: string;
  reply: string | null;
  created_at: string;
  updated_at: string;
}

export interface UploadsTable {
  key: string;
  user_id: number;
  /** 'image' or 'video'. */
  kind: string;
  purpose: string;
  created_at: string;
  expires_at: string;
}

export interface CoursesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  subtitle: string;
  intro: string;
  /** JSON list of strings. */
  outcomes: string;
  /** One of contract `courseTypes`. */
  type: string;
  /** One of contract `courseAccesses`. */
  access: string;
  sort_order: number;
  demo: Generated<number>;
  created_at: string;
}

export interface CourseChaptersTable {
  id: Generated<number>;
  course_id: number;
  sort_order: number;
  title: string;
  summary: string;
  /** Sanitised rich text. */
  body: string;
  read_minutes: number;
}

export interface CourseQuestionsTable {
  id: Generated<number>;
  chapter_id: number;
  sort_order: number;
  /** One of contract `questionKinds`. */
  kind: string;
  stem: string;
  /** JSON list of { key, text }. */
  options: string;
  /** JSON list of the right option keys, sorted. */
  answer: string;
  explanation: string;
}

export interface CourseProgressTable {
  user_id: number;
  chapter_id: number;
  course_id: number;
  /** 0–100; only ever raised. */
  read_percent: Generated<number>;
  /** Best number of right answers; null before a first submission. */
  best_score: number | null;
  passed: Generated<number>;
  updated_at: string;
}

export interface CourseCertificatesTable {
  user_id: number;
  course_id: number;
  certificate_no: string;
  user_name: string;
  issued_at: string;
}

export interface PointAccountsTable {
  user_id: number;
  balance: Generated<number>;
  version: Generated<number>;
}

export interface PointLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  reason: 'checkIn' | 'task' | 'exchange';
  title: string;
  ref: string;
  created_at: string;
}

export interface PointGoodsTable {
  id: Generated<number>;
  name: string;
  description: string;
  image: string;
  price: number;
  stock: number;
  per_user_limit: number;
  position: number;
  active: Generated<number>;
  demo: Generated<number>;
  created_at: string;
}

export interface ExpressAddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  phone: string;
  region: string;
  detail: string;
  created_at: string;
}

export interface PointExchangesTable {
  id: Generated<number>;
  user_id: number;
  good_id: number;
  good_name: string;
  image: string;
  points: number;
  request_key: string;
  receiver_name: string;
  receiver_phone: string;
  address: string;
  status: 'pending' | 'shipped' | 'delivered';
  shipment_id: string | null;
  carrier: string | null;
  tracking_no: string | null;
  created_at: string;
  shipped_at: string | null;
  delivered_at: string | null;
}

/** 会员 goods (0022); money in fen. */
export interface MemberGoodsTable {
  id: number;
  name: string;
  vip_type: number;
  days: number;
  price: number;
  original_price: number;
  tag: string | null;
  recommended: number;
  /** JSON [{title, description}]. */
  benefits: string;
  sort_order: number;
  on_sale: number;
}

export interface MemberCouponRulesTable {
  key: string;
  name: string;
  /** 'first-visit': granted once, on the user's first coupon or pay call. */
  trigger: string;
  amount: number;
  min_amount: number;
  /** JSON number[]; null for every good. */
  good_ids: string | null;
  valid_days: number;
  active: number;
}

export interface MemberCouponsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  amount: number;
  min_amount: number;
  good_ids: string | null;
  source: string;
  valid_from: string;
  valid_until: string;
  used_at: string | null;
  order_id: number | null;
  seen_at: string | null;
  created_at: string;
}

export interface MemberOrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  good_id: number;
  good_name: string;
  vip_type: number;
  days: number;
  original_amount: number;
  discount: number;
  amount: number;
  coupon_id: number | null;
  coupon_name: string | null;
  channel: string;
  /** One of contract orderStatuses. */
  status: string;
  pending_key: string | null;
  /** JSON of contract paymentLaunch, answered again when the pending order is reused. */
  payment_launch: string | null;
  transaction_id: string | null;
  created_at: string;
  pay_before: string;
  paid_at: string | null;
  closed_at: string | null;
  membership_until: string | null;
}
