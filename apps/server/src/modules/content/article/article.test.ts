import { type ArticleSummary, api, routeTable } from '@zhicai/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../../../test/market-session.ts';
import { signInUser } from '../../../test/sign-in.ts';
import { demoDays } from './demo-content.ts';

// After the close of Wednesday 2026-03-04: the day's bars are stored and the quotes are final.
const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

beforeAll(async () => {
  await session.context.app.articleContent.write();
});

async function allPages(
  query: { columnId?: number; tag?: string },
  limit: number,
): Promise<ArticleSummary[]> {
  const seen: ArticleSummary[] = [];
  let lastId: number | undefined;
  for (;;) {
    const { datas } = await call(session.context, api.content.articleList, {
      query: { ...query, limit, ...(lastId === undefined ? {} : { lastId }) },
    });
    seen.push(...datas.list);
    if (!datas.hasMore) return seen;
    lastId = datas.list.at(-1)?.id;
  }
}

describe('demo articles and columns', () => {
  it('lists the three demo columns with their article counts', async () => {
    const { datas } = await call(session.context, api.content.columnList);
    expect(datas.map((column) => column.name)).toEqual(['每日收评', '行业风向', '个股观察']);
    expect(datas.every((column) => column.demo && column.articleCount === demoDays)).toBe(true);
  });

  it('pages every article once by lastId, newest first, and stops with hasMore false', async () => {
    const pages = await allPages({}, 7);
    expect(pages).toHaveLength(demoDays * 3);
    expect(new Set(pages.map((article) => article.id)).size).toBe(pages.length);
    const times = pages.map((article) => article.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps its place when an article is published while a reader pages', async () => {
    const first = await call(session.context, api.content.articleList, { query: { limit: 5 } });
    const { db } = session.context.database;
    const column = await db.selectFrom('article_columns').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('articles')
      .values({
        source_key: 'test:late',
        column_id: column.id,
        author: '测试',
        title: '新发布',
        summary: '',
        cover: null,
        body: '<p>新</p>',
        tags_json: '[]',
        instruments_json: '[]',
        published_at: new Date(Date.now() + 60_000).toISOString(),
        demo: 0,
      })
      .execute();
    const second = await call(session.context, api.content.articleList, {
      query: { limit: 5, lastId: first.datas.list.at(-1)?.id },
    });
    const all = await allPages({}, 50);
    const late = all.findIndex((article) => article.title === '新发布');
    expect(late).toBe(0);
    expect(second.datas.list.map((article) => article.id)).toEqual(
      all.slice(6, 11).map((article) => article.id),
    );
    await db.deleteFrom('articles').where('source_key', '=', 'test:late').execute();
  });

  it('filters by column and by tag', async () => {
    const columns = (await call(session.context, api.content.columnList)).datas;
    const stockColumn = columns.find((column) => column.name === '个股观察');
    const ofColumn = await allPages({ columnId: stockColumn?.id ?? 0 }, 20);
    expect(ofColumn).toHaveLength(demoDays);
    expect(ofColumn.every((article) => article.columnName === '个股观察')).toBe(true);
    const tagged = await allPages({ tag: '收评' }, 20);
    expect(tagged).toHaveLength(demoDays);
    expect(tagged.every((article) => article.tags.includes('收评'))).toBe(true);
  });

  it('finds articles by a keyword of their title, and treats % as a character', async () => {
    const { datas } = await call(session.context, api.content.articleSearch, { query: { keyword: '收评' } });
    expect(datas.list.length).toBeGreaterThan(0);
    expect(
      datas.list.every((article) => article.title.includes('收评') || article.tags.includes('收评')),
    ).toBe(true);
    const wildcard = await call(session.context, api.content.articleSearch, { query: { keyword: '%' } });
    expect(
      wildcard.datas.list.every((article) => article.title.includes('%') || article.summary.includes('%')),
    ).toBe(true);
  });

  it('quotes the real close of 上证指数 and the day’s leading SW industry in the 收评', async () => {
    const [review] = await allPages({ tag: '收评' }, 1);
    const detail = (
      await call(session.context, api.content.articleDetail, { query: { id: review?.id ?? 0 } })
    ).datas;
    const index = session.context.market.engine.quote('000001.SH');
    expect(index?.tradingDay).toBe(20260304);
    expect(detail.summary).toContain(`收于 ${index?.price?.toFixed(2)} 点`);
    const plates = (await call(session.context, api.market.plateStatV2Page, { query: { plate: 'industry' } }))
      .datas;
    expect(detail.title).toContain(`${plates.list[0]?.name}领涨`);
    expect(detail.body).not.toMatch(/<script|on\w+=/i);
  });

  it('quotes the stock’s price and PE as its quote shows them', async () => {
    const [piece] = await allPages({ tag: '个股' }, 1);
    const detail = (await call(session.context, api.content.articleDetail, { query: { id: piece?.id ?? 0 } }))
      .datas;
    const stock = detail.instruments[0];
    const quote = session.context.market.engine.quote(stock?.code ?? '');
    expect(detail.title).toContain(`收报 ${quote?.price?.toFixed(2)} 元`);
    if (quote?.pe) expect(detail.summary).toContain(`市盈率（TTM）${quote.pe.toFixed(2)} 倍`);
  });
});

describe('reading count', () => {
  it('counts a reading once per user and once per visitor', async () => {
    const [article] = await allPages({}, 1);
    const id = article?.id ?? 0;
    const reader = await signInUser(session.context, '读者甲');
    const other = await signInUser(session.context, '读者乙');
    // A visitor is told apart by address and browser; this one has read nothing yet.
    const visitor = { headers: { 'user-agent': 'reading-count-test' } };
    const read = async (token?: string) =>
      (await call(session.context, api.content.articleDetail, { query: { id } }, token ? { token } : visitor))
        .datas.readCount;
    const start = article?.readCount ?? 0;
    expect(await read(reader.token)).toBe(start + 1);
    expect(await read(reader.token)).toBe(start + 1);
    expect(await read(other.token)).toBe(start + 2);
    expect(await read()).toBe(start + 3);
    expect(await read()).toBe(start + 3);
  });

  it('answers an unknown article with 404 and counts nothing', async () => {
    const refused = await callRefused(session.context, api.content.articleDetail, { query: { id: 999_999 } });
    expect(refused.code).toBe('404');
    const bad = await callRefused(session.context, api.content.articleDetail, { query: { id: 'abc' } });
    expect(bad.code).toBe('400');
  });
});

describe('daily and weekly papers', () => {
  it('writes the 晚报 of the session with the market summary’s breadth, turnover and limits', async () => {
    const paper = (
      await call(session.context, api.content.dailyPaper, { query: { kind: 'evening', date: '2026-03-04' } })
    ).datas;
    const summary = (await call(session.context, api.market.marketSummary)).datas;
    expect(summary.tradingDay).toBe(20260304);
    expect(paper.figures).toMatchObject({
      fromDay: 20260304,
      toDay: 20260304,
      rise: summary.rise_fall_stat.r,
      fall: summary.rise_fall_stat.f,
      flat: summary.rise_fall_stat.p,
      limitUp: summary.limitUp,
      limitDown: summary.limitDown,
    });
    expect(paper.figures.amount).toBeCloseTo(summary.amount, 0);
    const index = summary.indices.find((quote) => quote.code === '000001.SH');
    expect(paper.figures.index.close).toBe(index?.price);
    expect(paper.figures.index.chgPct).toBe(index?.chgPct);
    const rise = (
      await call(session.context, api.market.riseFallCapitals, { query: { sort: 'rise', size: 5 } })
    ).datas;
    expect(paper.figures.leaders.map((leader) => leader.code)).toEqual(rise.map((quote) => quote.code));
    expect(paper.demo).toBe(true);
    expect(paper.sections[0]?.paragraphs.join('')).toContain(`${index?.price?.toFixed(2)} 点`);
  });

  it('dates the 晨报 on the next trading day and links neighbouring issues', async () => {
    const morning = (
      await call(session.context, api.content.dailyPaper, { query: { kind: 'morning', date: '2026-03-05' } })
    ).datas;
    expect(morning.figures.toDay).toBe(20260304);
    expect(morning.sections.map((section) => section.heading)).toContain('今日关注');
    const evening = (await call(session.context, api.content.dailyPaper, { query: { kind: 'evening' } }))
      .datas;
    expect(evening.date).toBe('2026-03-04');
    expect(evening.nextDate).toBeNull();
    expect(evening.previousDate).toBe('2026-03-03');
  });

  it('answers a day without a paper with 404 and a malformed date with 400', async () => {
    expect(
      (await callRefused(session.context, api.content.dailyPaper, { query: { date: '2020-01-01' } })).code,
    ).toBe('404');
    expect(
      (await callRefused(session.context, api.content.dailyPaper, { query: { date: '0304' } })).code,
    ).toBe('400');
  });

  it('writes a 周报 for each finished week, found by any day of the week', async () => {
    const weekly = (await call(session.context, api.content.weeklyPaper, { query: { date: '2026-02-26' } }))
      .datas;
    expect(weekly.date).toBe('2026-02-23');
    expect(weekly.figures.fromDay).toBeGreaterThanOrEqual(20260223);
    expect(weekly.figures.toDay).toBeLessThanOrEqual(20260227);
    expect(weekly.figures.amount).toBeGreaterThan(0);
    const latest = (await call(session.context, api.content.weeklyPaper)).datas;
    // The week of 2026-03-04 has not finished: the latest 周报 is the week before.
    expect(latest.date < '2026-03-02').toBe(true);
  });

  it('adds nothing when it writes the same days again', async () => {
    const { db } = session.context.database;
    const count = async () => ({
      papers: (
        await db.selectFrom('papers').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      ).n,
      articles: (
        await db.selectFrom('articles').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      ).n,
      banners: (
        await db.selectFrom('banners').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      ).n,
    });
    const before = await count();
    await session.context.app.articleContent.write();
    const { createArticleDemoContent } = await import('./demo-content.ts');
    const { createArticleRepository } = await import('./article.repository.ts');
    // A writer of a restarted server: it finds the papers written and reads no A-share's bars again
    // (only the lead index's last bar, to learn the stored day).
    // The reads are counted on this writer's own view of the repository: the app's background work
    // (the screens, the fill) reads bars through the shared one meanwhile, slower on PostgreSQL.
    const { market } = session.context;
    const { series } = market.repositories;
    const reads = vi.fn(series.readRecentRows.bind(series));
    await createArticleDemoContent({
      repository: createArticleRepository(db),
      market: {
        ...market,
        repositories: { ...market.repositories, series: { ...series, readRecentRows: reads } },
      },
      clock: () => new Date(),
      logger: session.context.app.log,
    }).write();
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await count()).toEqual(before);
  });
});

describe('banners', () => {
  it('lists the active banners in order, each linking to a built page of the app', async () => {
    const { datas } = await call(session.context, api.content.bannerList);
    expect(datas.map((banner) => banner.order)).toEqual([1, 2, 3]);
    const built = routeTable
      .filter((entry) => entry.built)
      .map((entry) => entry.path.replace(/:\w+/g, '[^/?]+'));
    for (const banner of datas)
      expect(built.some((pattern) => new RegExp(`^${pattern}(\\?|$)`).test(banner.link))).toBe(true);
    expect(datas.find((banner) => banner.link.startsWith('/activityPage'))?.body).toContain('三步用好知财');
  });

  it('leaves out a banner whose window has ended', async () => {
    const { db } = session.context.database;
    await db
      .insertInto('banners')
      .values({
        source_key: 'test:ended',
        title: '已结束',
        image: '/x.svg',
        link: '/',
        sort_order: 0,
        starts_at: null,
        ends_at: '2020-01-01T00:00:00.000Z',
        body: '',
        demo: 0,
      })
      .execute();
    const { datas } = await call(session.context, api.content.bannerList);
    expect(datas.some((banner) => banner.title === '已结束')).toBe(false);
  });
});
