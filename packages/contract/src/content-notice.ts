import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { instrumentCode } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Announcements (公告) and research reports (研报) of the content group (issue 17; spec 2 §7.3
 * "/api/v2/notice/*", and "/api/v2/report/*" of the detail modules for research). Every item has
 * a PDF on our server (`pdf`, opened in /pdf). Lists page by cursor: `lastId` is the id of the last
 * item already shown; the answer's `lastId` is the cursor for the next page, null at the end.
 * Items are ordered newest first (date, then id), so a new item never shifts a page already read.
 */

/** Announcement kinds, as exchanges file them (上交所/深交所 公告类别, simplified). */
export const noticeTypes = [
  '业绩预告',
  '定期报告',
  '分红派息',
  '股东大会',
  '解禁',
  '增减持',
  '重大事项',
  '其他',
] as const;
export const noticeType = lazySchema(() => z.enum(noticeTypes, { error: '公告类型不在可选范围内' }));

/** Analyst ratings, strongest first. */
export const researchRatings = ['买入', '增持', '中性', '减持'] as const;
export const researchRating = lazySchema(() =>
  z.enum(researchRatings, { error: '评级应为 买入、增持、中性 或 减持' }),
);
/** How the rating stands against the institution's previous report on the same stock. */
export const ratingChanges = ['首次', '维持', '上调', '下调'] as const;
export const ratingChange = lazySchema(() =>
  z.enum(ratingChanges, { error: '评级变动应为 首次、维持、上调 或 下调' }),
);

/** Where an item comes from: generated from the demo market (shown as 演示数据) or imported. */
export const contentSource = lazySchema(() => z.enum(['demo', 'import']));

const itemId = lazySchema(() => z.number().int().positive());
const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export const noticeItem = lazySchema(() =>
  z.object({
    id: itemId,
    code: z.string(),
    stockName: z.string(),
    type: noticeType,
    /** Publication day, YYYY-MM-DD (Asia/Shanghai). */
    date: isoDate,
    title: z.string(),
    summary: z.string(),
    /** Our address of the announcement's PDF. */
    pdf: z.string(),
    /** A periodic report's or a forecast's period, YYYYMMDD; it links to 财报速览. */
    reportPeriod: z.string().nullable(),
    source: contentSource,
  }),
);

export const researchItem = lazySchema(() =>
  z.object({
    id: itemId,
    /** The stock covered; null for an industry report. */
    code: z.string().nullable(),
    stockName: z.string().nullable(),
    /** SW level-1 industry code and name (a stock report carries its stock's industry). */
    industry: z.string().nullable(),
    industryName: z.string().nullable(),
    date: isoDate,
    title: z.string(),
    institution: z.string(),
    analyst: z.string(),
    rating: researchRating,
    ratingChange: ratingChange,
    /** Target price in the quote currency; null for industry reports and reports without one. */
    targetPrice: z.number().nullable(),
    /** The stock's close on the report day, the base of the target's upside. */
    priceAtDate: z.number().nullable(),
    summary: z.string(),
    pdf: z.string(),
    source: contentSource,
  }),
);

const pageSize = lazySchema(() =>
  z.coerce.number().int().min(1, '每页条数应在 1 到 50 之间').max(50, '每页条数应在 1 到 50 之间'),
);
const cursor = lazySchema(() =>
  z.coerce.number().int('lastId 应为整数').positive('lastId 应为正整数').optional(),
);

export const noticePage = lazySchema(() =>
  z.object({ list: z.array(noticeItem), lastId: itemId.nullable() }),
);
export const researchPage = lazySchema(() =>
  z.object({ list: z.array(researchItem), lastId: itemId.nullable() }),
);

export type NoticeType = z.infer<typeof noticeType>;
export type ResearchRating = z.infer<typeof researchRating>;
export type RatingChange = z.infer<typeof ratingChange>;
export type NoticeItem = z.infer<typeof noticeItem>;
export type ResearchItem = z.infer<typeof researchItem>;

export const contentNoticeEndpoints = {
  noticeList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/notice/list',
    auth: 'none',
    summary: '公告列表：一只股票的或全市场最新的，可按类型筛选，按 lastId 翻页',
    query: () =>
      z.object({
        code: instrumentCode.optional(),
        type: noticeType.optional(),
        lastId: cursor,
        size: pageSize.default(20),
      }),
    datas: () => noticePage,
  }),
  noticeDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v2/notice/detail',
    auth: 'none',
    summary: '公告详情：标题、类型、日期、摘要与 PDF 地址',
    query: () => z.object({ id: z.coerce.number().int('公告编号应为整数').positive('公告编号应为正整数') }),
    datas: () => noticeItem,
  }),
  researchList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/report/researchList',
    auth: 'none',
    summary: '研报列表：个股、行业或全市场最新的，可按评级、机构筛选，按 lastId 翻页',
    query: () =>
      z.object({
        code: instrumentCode.optional(),
        industry: z.string().trim().max(20, '行业代码过长').optional(),
        rating: researchRating.optional(),
        institution: z.string().trim().max(40, '机构名称过长').optional(),
        lastId: cursor,
        size: pageSize.default(20),
      }),
    datas: () => researchPage,
  }),
  researchDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v2/report/researchDetail',
    auth: 'none',
    summary: '研报详情：机构、分析师、评级及变动、目标价、摘要与 PDF 地址',
    query: () => z.object({ id: z.coerce.number().int('研报编号应为整数').positive('研报编号应为正整数') }),
    datas: () => researchItem,
  }),
  researchInstitutions: defineEndpoint({
    method: 'GET',
    path: '/api/v2/report/researchInstitutions',
    auth: 'none',
    summary: '研报机构：有研报的机构名称，供按机构筛选',
    datas: () => z.array(z.string()),
  }),
};
