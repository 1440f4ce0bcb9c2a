import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Articles, columns, daily and weekly papers and banners (issue 17; spec 2 §2.2 "Articles and
 * content", spec 2 §7.3 "/api/v2/article/*" and "/api/v2/banner/*"). The spec names the prefixes,
 * not the calls, so the names under them are ours. Lists page by cursor (`lastId`, reference/
 * protocol.md): a new article never shifts the page a reader is on.
 */

/** A database id as a query value: positive whole numbers only. */
const contentId = lazySchema(() =>
  z.coerce.number('编号应为数字').int('编号应为整数').positive('编号应为正数'),
);

/** A calendar day, Asia/Shanghai: YYYY-MM-DD. */
const calendarDay = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD'));

const pageLimit = lazySchema(() => z.coerce.number().int().min(1).max(50).default(20));

/** An instrument an article or paper talks about; the page shows its live change beside it. */
export const contentInstrument = lazySchema(() => z.object({ code: z.string(), name: z.string() }));
export type ContentInstrument = z.infer<typeof contentInstrument>;

export const articleColumn = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    author: z.string(),
    intro: z.string(),
    /** An image URL (http(s) or a path of this site); null draws the column's initial. */
    cover: z.string().nullable(),
    articleCount: z.number().int(),
    /** Written by the demo content provider from the demo market (演示数据). */
    demo: z.boolean(),
  }),
);
export type ArticleColumn = z.infer<typeof articleColumn>;

export const articleSummary = lazySchema(() =>
  z.object({
    id: z.number().int(),
    columnId: z.number().int(),
    columnName: z.string(),
    author: z.string(),
    title: z.string(),
    summary: z.string(),
    cover: z.string().nullable(),
    tags: z.array(z.string()),
    readCount: z.number().int(),
    /** ISO-8601 instant. */
    publishedAt: z.string(),
    demo: z.boolean(),
  }),
);
export type ArticleSummary = z.infer<typeof articleSummary>;

export const articleDetail = lazySchema(() =>
  articleSummary.extend({
    /** The body as rich text, sanitised by the server before it was stored (sanitizeRichText). */
    body: z.string(),
    instruments: z.array(contentInstrument),
  }),
);
export type ArticleDetail = z.infer<typeof articleDetail>;

/** One page of a cursor-paged list: pass the last item's id as `lastId` for the next page. */
export const articlePage = lazySchema(() =>
  z.object({
    list: z.array(articleSummary),
    /** False once the list has no items after this page. */
    hasMore: z.boolean(),
  }),
);
export type ArticlePage = z.infer<typeof articlePage>;

export const paperKind = lazySchema(() => z.enum(['morning', 'evening', 'weekly']));
export type PaperKind = z.infer<typeof paperKind>;

/** An instrument with the change a paper quotes for it (fraction: 0.0123 is +1.23%). */
export const paperMover = lazySchema(() => contentInstrument.extend({ chgPct: z.number().nullable() }));
export type PaperMover = z.infer<typeof paperMover>;

/**
 * The figures a paper is written from, as the market stored them for the session (or the week):
 * the same numbers the market pages show for that day.
 */
export const paperFigures = lazySchema(() =>
  z.object({
    /** First and last trading day covered, YYYYMMDD (equal for a daily paper). */
    fromDay: z.number().int(),
    toDay: z.number().int(),
    index: paperMover.extend({ close: z.number().nullable() }),
    rise: z.number().int(),
    fall: z.number().int(),
    flat: z.number().int(),
    limitUp: z.number().int(),
    limitDown: z.number().int(),
    /** A-share turnover in yuan over the covered days. */
    amount: z.number(),
    leaders: z.array(paperMover),
    laggards: z.array(paperMover),
    leadingIndustries: z.array(paperMover),
    laggingIndustries: z.array(paperMover),
  }),
);
export type PaperFigures = z.infer<typeof paperFigures>;

export const paperSection = lazySchema(() =>
  z.object({
    heading: z.string(),
    paragraphs: z.array(z.string()),
    instruments: z.array(paperMover),
  }),
);
export type PaperSection = z.infer<typeof paperSection>;

export const paper = lazySchema(() =>
  z.object({
    id: z.number().int(),
    kind: paperKind,
    /** The paper's date: the day it is published for (晨报 the morning after the session it covers). */
    date: calendarDay,
    title: z.string(),
    sections: z.array(paperSection),
    figures: paperFigures,
    /** The neighbouring papers of the same kind, for 前一期 / 后一期; null at either end. */
    previousDate: calendarDay.nullable(),
    nextDate: calendarDay.nullable(),
    publishedAt: z.string(),
    demo: z.boolean(),
  }),
);
export type Paper = z.infer<typeof paper>;

export const banner = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    image: z.string(),
    /** An app route built with `href` (a path of this app, never another site). */
    link: z.string(),
    order: z.number().int(),
    /** The active window, ISO-8601; null is open-ended. */
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    /** The activity page's text (/activityPage): sanitised rich text. */
    body: z.string(),
  }),
);
export type Banner = z.infer<typeof banner>;

const keywordQuery = lazySchema(() => z.string().trim().min(1, '请输入关键词').max(40, '关键词过长'));

export const contentArticleEndpoints = {
  articleList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/article/list',
    auth: 'none',
    summary: '文章列表：按专栏或标签筛选，按发布时间倒序，lastId 游标翻页',
    query: () =>
      z.object({
        columnId: contentId.optional(),
        tag: z.string().trim().min(1).max(20).optional(),
        lastId: contentId.optional(),
        limit: pageLimit,
      }),
    datas: () => articlePage,
  }),
  articleDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v2/article/detail',
    auth: 'optional',
    summary: '文章详情：正文（服务端已净化的富文本）与相关标的；每位读者只计一次阅读',
    query: () => z.object({ id: contentId }),
    datas: () => articleDetail,
  }),
  articleSearch: defineEndpoint({
    method: 'GET',
    path: '/api/v2/article/search',
    auth: 'none',
    summary: '文章搜索：标题、摘要与标签含关键词的文章，lastId 游标翻页',
    query: () => z.object({ keyword: keywordQuery, lastId: contentId.optional(), limit: pageLimit }),
    datas: () => articlePage,
  }),
  columnList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/article/columnList',
    auth: 'none',
    summary: '专栏列表',
    datas: () => z.array(articleColumn),
  }),
  columnDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v2/article/column',
    auth: 'none',
    summary: '专栏详情：名称、作者、简介与封面（文章用 article/list 按专栏取）',
    query: () => z.object({ id: contentId }),
    datas: () => articleColumn,
  }),
  dailyPaper: defineEndpoint({
    method: 'GET',
    path: '/api/v2/article/dailyPaper',
    auth: 'none',
    summary: '晨报 / 晚报：指定日期的一期，不传日期为最新一期',
    query: () =>
      z.object({
        kind: z.enum(['morning', 'evening'], '类型应为 morning 或 evening').default('evening'),
        date: calendarDay.optional(),
      }),
    datas: () => paper,
  }),
  weeklyPaper: defineEndpoint({
    method: 'GET',
    path: '/api/v2/article/weeklyPaper',
    auth: 'none',
    summary: '周报：含指定日期的那一周，不传日期为最新一期',
    query: () => z.object({ date: calendarDay.optional() }),
    datas: () => paper,
  }),
  bannerList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/banner/list',
    auth: 'none',
    summary: '轮播图：当前有效的横幅，按顺序',
    datas: () => z.array(banner),
  }),
};
