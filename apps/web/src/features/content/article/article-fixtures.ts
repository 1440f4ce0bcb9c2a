import {
  type ArticleColumn,
  type ArticleDetail,
  type ArticleSummary,
  type Banner,
  href,
  type Paper,
} from '@zhicai/contract';

/** Contract-shaped content for the page tests. */

export const columnFixture: ArticleColumn = {
  id: 1,
  name: '每日收评',
  author: '知财研究部',
  intro: '每个交易日收盘后，回顾大盘、行业与个股的表现。',
  cover: null,
  articleCount: 10,
  demo: true,
};

export function articleSummaryOf(id: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    columnId: 1,
    columnName: '每日收评',
    author: '知财研究部',
    title: `收评 ${id}：上证指数涨 0.52%，电子领涨`,
    summary: '上证指数收于 3,245.67 点，上涨 0.52%。',
    cover: null,
    tags: ['收评'],
    readCount: 12,
    publishedAt: '2026-03-04T07:40:00.000Z',
    demo: true,
    ...overrides,
  };
}

export function articleDetailOf(id: number, overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    ...articleSummaryOf(id),
    body: '<p>上证指数收于 <strong>3245.67</strong> 点。</p><p><a href="/stock?stockCode=600519.SH">贵州茅台</a> 领涨。</p>',
    instruments: [{ code: '600519.SH', name: '贵州茅台' }],
    ...overrides,
  };
}

export const bannerFixtures: Banner[] = [
  {
    id: 1,
    title: '每日收评：收盘后三分钟读懂市场',
    image: '/demo/banner/review.svg',
    link: href('column', { id: '1' }),
    order: 1,
    startsAt: null,
    endsAt: null,
    body: '',
  },
  {
    id: 3,
    title: '新手指南：三步用好知财',
    image: '/demo/banner/guide.svg',
    link: href('activityPage', { id: '3' }),
    order: 2,
    startsAt: null,
    endsAt: null,
    body: '<h2>三步用好知财</h2>',
  },
];

export function paperOf(kind: Paper['kind'], date: string): Paper {
  return {
    id: kind === 'morning' ? 11 : 12,
    kind,
    date,
    title: `${date} ${kind === 'morning' ? '晨报' : '晚报'}：上证指数收于 3245.67 点，上涨 0.52%`,
    sections: [
      {
        heading: '今日市场概览',
        paragraphs: ['上证指数收于 3245.67 点，上涨 0.52%。'],
        instruments: [{ code: '000001.SH', name: '上证指数', chgPct: 0.0052 }],
      },
    ],
    figures: {
      fromDay: 20260304,
      toDay: 20260304,
      index: { code: '000001.SH', name: '上证指数', chgPct: 0.0052, close: 3245.67 },
      rise: 312,
      fall: 201,
      flat: 12,
      limitUp: 9,
      limitDown: 2,
      amount: 812_300_000_000,
      leaders: [],
      laggards: [],
      leadingIndustries: [],
      laggingIndustries: [],
    },
    previousDate: '2026-03-03',
    nextDate: null,
    publishedAt: '2026-03-04T07:30:00.000Z',
    demo: true,
  };
}
