import { href, type PaperFigures, type PaperMover, type PaperSection } from '@zhicai/contract';
import {
  addCalendarDays,
  beijingDay,
  type DayBarRow,
  formatAmount,
  formatPercent,
  nextTradingDay,
  tradingDaysBetween,
} from '@zhicai/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sliceCheckpoint } from '../../../market/event-loop-slices.ts';
import type { Market } from '../../../market/market.ts';
import { sanitizeRichText } from '../../../platform/rich-text/sanitize-rich-text.ts';
import type { ArticleRepository } from './article.repository.ts';
import { weekOf } from './article.service.ts';
import { type BarsByCode, barChange, paperFigures, paperIndexCode } from './paper-figures.ts';

/**
 * The demo content provider of articles and papers (issue 17 "Data" 2): every figure it writes is
 * read from the demo market's stored day bars, so a 收评 quotes the close the index page shows and a
 * 晚报's breadth is the market summary's. It writes the recent trading days on the first start and,
 * checked periodically, the session that has just closed; rows are keyed (source_key, kind + date),
 * so writing a day again adds nothing. Everything it writes is marked demo (演示数据).
 */

/** How many recent trading days get articles and papers. */
export const demoDays = 10;
/** The recent days' bars read: the days written and the rest of the earliest one's week. */
const barsRead = demoDays + 5;
const demoAuthor = '知财研究部';
const disclaimer = '本文由演示数据自动生成，仅用于功能演示，不构成投资建议。';

const demoColumns = {
  review: {
    sourceKey: 'demo:column:review',
    name: '每日收评',
    intro: '每个交易日收盘后，回顾大盘、行业与个股的表现。',
  },
  industry: {
    sourceKey: 'demo:column:industry',
    name: '行业风向',
    intro: '追踪申万一级行业的轮动，看领涨行业里谁在领跑。',
  },
  stock: {
    sourceKey: 'demo:column:stock',
    name: '个股观察',
    intro: '从成交最活跃的个股出发，读价格、估值与所属行业。',
  },
} as const;

function dayText(day: number): string {
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

function chineseDay(day: number): string {
  return `${Math.floor(day / 10000)}年${Math.floor(day / 100) % 100}月${day % 100}日`;
}

/** The instant of a Beijing wall-clock time on a day. */
function beijingInstant(day: number, time: string): Date {
  return new Date(`${dayText(day)}T${time}:00+08:00`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function percent(value: number | null): string {
  return formatPercent(value);
}

function moved(value: number | null, up = '上涨', down = '下跌'): string {
  if (value === null) return '持平';
  if (value > 0) return `${up} ${percent(value)}`;
  if (value < 0) return `${down} ${formatPercent(Math.abs(value), { sign: false })}`;
  return '持平';
}

function names(movers: readonly PaperMover[]): string {
  return movers.map((mover) => `${mover.name}（${percent(mover.chgPct)}）`).join('、');
}

function stockLink(mover: PaperMover): string {
  return `<a href="${escapeHtml(href('stock', { stockCode: mover.code }))}">${escapeHtml(mover.name)}</a>`;
}

function breadthText(figures: PaperFigures): string {
  return `两市 ${figures.rise} 家上涨、${figures.fall} 家下跌、${figures.flat} 家平盘，涨停 ${figures.limitUp} 家、跌停 ${figures.limitDown} 家，成交额 ${formatAmount(figures.amount)}元。`;
}

function indexText(figures: PaperFigures): string {
  const close = figures.index.close === null ? '--' : figures.index.close.toFixed(2);
  return `${figures.index.name}收于 ${close} 点，${moved(figures.index.chgPct)}。`;
}

/** The sections of a paper from its figures: overview, industries, stocks. */
function paperSections(figures: PaperFigures, period: string): PaperSection[] {
  return [
    {
      heading: `${period}市场概览`,
      paragraphs: [indexText(figures), breadthText(figures)],
      instruments: [{ code: figures.index.code, name: figures.index.name, chgPct: figures.index.chgPct }],
    },
    {
      heading: '行业表现',
      paragraphs: [
        `申万一级行业中，${names(figures.leadingIndustries)}涨幅居前；${names(figures.laggingIndustries)}跌幅居前。`,
      ],
      instruments: [...figures.leadingIndustries, ...figures.laggingIndustries],
    },
    {
      heading: '个股涨跌',
      paragraphs: [`领涨个股：${names(figures.leaders)}。`, `领跌个股：${names(figures.laggards)}。`],
      instruments: [...figures.leaders, ...figures.laggards],
    },
  ];
}

export interface ArticleDemoContent {
  /** Writes what is missing for the recent trading days; safe to call any time, any number of times. */
  /** Writes what is due; a `signal` aborted (the app closes) stops it between instruments. */
  write(signal?: AbortSignal): Promise<void>;
}

export function createArticleDemoContent(options: {
  repository: ArticleRepository;
  market: Market;
  clock: () => Date;
  logger: FastifyBaseLogger;
}): ArticleDemoContent {
  const { repository, market, clock } = options;
  const { directory } = market;
  let written = '';

  /**
   * The recent bars of what the papers read: A-shares, SW level-1 industries and the lead index. Read
   * one instrument at a time, so the full-size market (thousands of series) never parses in one go,
   * in slices (event-loop-slices.ts), so requests are answered meanwhile.
   */
  async function loadBars(signal: AbortSignal | undefined): Promise<Map<string, DayBarRow[]>> {
    const bars = new Map<string, DayBarRow[]>();
    const codes = [
      paperIndexCode,
      ...directory.ofType('index_hy', 'capital').map((instrument) => instrument.code),
    ];
    const checkpoint = sliceCheckpoint();
    for (const code of codes) {
      await checkpoint();
      signal?.throwIfAborted();
      bars.set(code, (await market.repositories.series.readRecentRows(code, 'day', barsRead)) as DayBarRow[]);
    }
    return bars;
  }

  async function writeColumns(): Promise<Record<keyof typeof demoColumns, number>> {
    const ids = {} as Record<keyof typeof demoColumns, number>;
    for (const [key, column] of Object.entries(demoColumns) as [
      keyof typeof demoColumns,
      (typeof demoColumns)[keyof typeof demoColumns],
    ][]) {
      ids[key] = await repository.saveColumn(
        repository.db,
        { ...column, author: demoAuthor, cover: null, demo: true },
        false,
      );
    }
    return ids;
  }

  async function writeDay(
    columns: Record<keyof typeof demoColumns, number>,
    bars: BarsByCode,
    fundamentals: Map<string, { net_profit_ttm: number }>,
    day: number,
    now: Date,
  ): Promise<void> {
    const figures = paperFigures(directory, bars, [day]);
    const at = (time: string) => {
      const instant = beijingInstant(day, time);
      return (instant > now ? now : instant).toISOString();
    };
    const leader = figures.leadingIndustries[0];
    const date = chineseDay(day);
    await repository.db.transaction().execute(async (trx) => {
      await repository.savePaper(trx, {
        kind: 'evening',
        date: dayText(day),
        title: `${date} 晚报：${indexText(figures).replace(/。$/, '')}`,
        sectionsJson: JSON.stringify(paperSections(figures, '今日')),
        figuresJson: JSON.stringify(figures),
        publishedAt: beijingInstant(day, '15:30').toISOString(),
        demo: true,
      });
      // 晨报 of the next trading day: the session just closed, read before the next one opens.
      const morning = nextTradingDay('cn', day);
      const morningSections = paperSections(figures, '上一交易日');
      morningSections.push({
        heading: '今日关注',
        paragraphs: [
          leader
            ? `关注上一交易日领涨的${leader.name}能否延续强势，以及${names(figures.leaders.slice(0, 3))}的量能变化。`
            : '关注大盘量能变化。',
        ],
        instruments: [...figures.leadingIndustries.slice(0, 1), ...figures.leaders.slice(0, 3)],
      });
      await repository.savePaper(trx, {
        kind: 'morning',
        date: dayText(morning),
        title: `${chineseDay(morning)} 晨报：${indexText(figures).replace(/。$/, '')}`,
        sectionsJson: JSON.stringify(morningSections),
        figuresJson: JSON.stringify(figures),
        publishedAt: beijingInstant(morning, '08:00').toISOString(),
        demo: true,
      });

      const indexMover = { code: figures.index.code, name: figures.index.name, chgPct: figures.index.chgPct };
      await repository.saveArticle(
        trx,
        {
          sourceKey: `demo:review:${day}`,
          columnId: columns.review,
          author: demoAuthor,
          title: `${date}收评：${figures.index.name}${moved(figures.index.chgPct, '涨', '跌')}${leader ? `，${leader.name}领涨` : ''}`,
          summary: `${indexText(figures)}${breadthText(figures)}`,
          cover: '/demo/menu/news.svg',
          body: sanitizeRichText(
            [
              `<p>${escapeHtml(indexText(figures))}${escapeHtml(breadthText(figures))}</p>`,
              '<h3>行业</h3>',
              `<p>申万一级行业中，${escapeHtml(names(figures.leadingIndustries))}涨幅居前，${escapeHtml(names(figures.laggingIndustries))}跌幅居前。</p>`,
              '<h3>个股</h3>',
              '<ul>',
              ...figures.leaders.map(
                (mover) => `<li>${stockLink(mover)} ${escapeHtml(percent(mover.chgPct))}</li>`,
              ),
              '</ul>',
              `<p><em>${disclaimer}</em></p>`,
            ].join(''),
          ),
          tags: ['收评', '大盘'],
          instruments: [indexMover, ...(leader ? [leader] : []), ...figures.leaders.slice(0, 2)].map(
            ({ code, name }) => ({
              code,
              name,
            }),
          ),
          publishedAt: at('15:40'),
          demo: true,
        },
        false,
      );

      if (leader) {
        const members = directory
          .membersOf(leader.code)
          .flatMap((member) => {
            const bar = bars.get(member.code)?.find((row) => row[0] === day);
            const instrument = directory.get(member.code);
            return bar && instrument
              ? [{ code: instrument.code, name: instrument.name, chgPct: barChange(bar) }]
              : [];
          })
          .filter((member) => member.chgPct !== null)
          .sort((a, b) => (b.chgPct ?? 0) - (a.chgPct ?? 0));
        const top = members.slice(0, 3);
        const up = members.filter((member) => (member.chgPct ?? 0) > 0).length;
        await repository.saveArticle(
          trx,
          {
            sourceKey: `demo:industry:${day}`,
            columnId: columns.industry,
            author: demoAuthor,
            title: `${leader.name}${moved(leader.chgPct, '涨', '跌')}领涨申万一级行业${top[0] ? `，${top[0].name}表现居前` : ''}`,
            summary: `${date}，${leader.name}指数${moved(leader.chgPct)}，${members.length} 只成分股中 ${up} 只上涨。`,
            cover: '/demo/menu/industry.svg',
            body: sanitizeRichText(
              [
                `<p>${escapeHtml(date)}，申万一级行业${escapeHtml(leader.name)}${escapeHtml(moved(leader.chgPct))}，在 ${directory.ofType('index_hy').length} 个一级行业中涨幅第一。</p>`,
                `<p>成分股中 ${up} 只上涨、${members.length - up} 只下跌或平盘，表现居前的有：</p>`,
                '<ol>',
                ...top.map((member) => `<li>${stockLink(member)} ${escapeHtml(percent(member.chgPct))}</li>`),
                '</ol>',
                `<p>同日${escapeHtml(indexText(figures))}</p>`,
                `<p><em>${disclaimer}</em></p>`,
              ].join(''),
            ),
            tags: ['行业', leader.name],
            instruments: [leader, ...top].map(({ code, name }) => ({ code, name })),
            publishedAt: at('16:30'),
            demo: true,
          },
          false,
        );
      }

      // The most traded share of the day: its close, change, amount and the PE at that close (the
      // quote's rule: total market value over trailing net profit).
      const active = directory
        .ofType('capital')
        .flatMap((stock) => {
          const bar = bars.get(stock.code)?.find((row) => row[0] === day);
          return bar && bar[5] !== null ? [{ stock, bar }] : [];
        })
        .sort((a, b) => (b.bar[7] ?? 0) - (a.bar[7] ?? 0))[0];
      if (active) {
        const { stock, bar } = active;
        const close = bar[5] ?? 0;
        const profit = fundamentals.get(stock.code)?.net_profit_ttm;
        const pe =
          stock.totalShares && profit && profit > 0
            ? Math.round(((close * stock.totalShares) / profit) * 100) / 100
            : null;
        const industry = stock.industry ? directory.get(stock.industry) : undefined;
        const change = barChange(bar);
        const peText = pe === null ? '市盈率为负或暂无' : `市盈率（TTM）${pe.toFixed(2)} 倍`;
        await repository.saveArticle(
          trx,
          {
            sourceKey: `demo:stock:${day}`,
            columnId: columns.stock,
            author: demoAuthor,
            title: `${stock.name}成交居首：收报 ${close.toFixed(2)} 元，${moved(change, '涨', '跌')}`,
            summary: `${date}，${stock.name}收报 ${close.toFixed(2)} 元，成交额 ${formatAmount(bar[7])}元，${peText}。`,
            cover: '/demo/menu/rank.svg',
            body: sanitizeRichText(
              [
                `<p>${escapeHtml(date)}，${stockLink({ code: stock.code, name: stock.name, chgPct: change })}收报 ${close.toFixed(2)} 元，${escapeHtml(moved(change))}，成交额 ${escapeHtml(formatAmount(bar[7]))}元，为当日两市成交额最高的个股。</p>`,
                `<p>按收盘价计，${escapeHtml(peText)}${industry ? `；所属申万行业为${escapeHtml(industry.name)}` : ''}。</p>`,
                `<p><em>${disclaimer}</em></p>`,
              ].join(''),
            ),
            tags: ['个股', stock.name],
            instruments: [
              { code: stock.code, name: stock.name },
              ...(industry ? [{ code: industry.code, name: industry.name }] : []),
            ],
            publishedAt: at('17:00'),
            demo: true,
          },
          false,
        );
      }
    });
  }

  async function writeWeeks(
    bars: BarsByCode,
    days: readonly number[],
    stored: ReadonlySet<number>,
  ): Promise<void> {
    const mondays = [...new Set(days.map((day) => weekOf(dayText(day))))];
    for (const monday of mondays) {
      const mondayDay = Number(monday.replaceAll('-', ''));
      const weekDays = tradingDaysBetween('cn', mondayDay, addCalendarDays(mondayDay, 6));
      // Only a finished week whose every session is stored gets its 周报.
      if (weekDays.length === 0 || !weekDays.every((day) => stored.has(day))) continue;
      const figures = paperFigures(directory, bars, weekDays);
      const last = weekDays.at(-1) ?? mondayDay;
      await repository.savePaper(repository.db, {
        kind: 'weekly',
        date: monday,
        title: `${chineseDay(mondayDay)}–${Math.floor(last / 100) % 100}月${last % 100}日 周报：${figures.index.name}本周${moved(figures.index.chgPct, '涨', '跌')}`,
        sectionsJson: JSON.stringify(paperSections(figures, '本周')),
        figuresJson: JSON.stringify(figures),
        publishedAt: beijingInstant(last, '16:00').toISOString(),
        demo: true,
      });
    }
  }

  async function writeBanners(columns: Record<keyof typeof demoColumns, number>): Promise<void> {
    await repository.db.transaction().execute(async (trx) => {
      await repository.saveBanner(trx, {
        sourceKey: 'demo:banner:review',
        title: '每日收评：收盘后三分钟读懂市场',
        image: '/demo/banner/review.svg',
        link: href('column', { id: String(columns.review) }),
        order: 1,
        startsAt: null,
        endsAt: null,
        body: '',
        demo: true,
      });
      await repository.saveBanner(trx, {
        sourceKey: 'demo:banner:paper',
        title: '投资日报：晨报晚报，开盘前收盘后',
        image: '/demo/banner/paper.svg',
        link: href('dailyPaper'),
        order: 2,
        startsAt: null,
        endsAt: null,
        body: '',
        demo: true,
      });
      const activityId = await repository.saveBanner(trx, {
        sourceKey: 'demo:banner:activity',
        title: '新手指南：三步用好知财',
        image: '/demo/banner/guide.svg',
        link: href('ViewingInformation'),
        order: 3,
        startsAt: null,
        endsAt: null,
        body: sanitizeRichText(
          [
            '<h2>三步用好知财</h2>',
            `<ol><li>在 <a href="${href('chooseindex')}">选股</a> 里按条件筛出关注的股票；</li>`,
            `<li>加入 <a href="${href('favorite')}">自选</a>，随时看行情与提醒；</li>`,
            `<li>每天读 <a href="${href('dailyPaper')}">晨报晚报</a> 与 <a href="${href('ViewingInformation')}">看资讯</a>，了解市场脉络。</li></ol>`,
            `<p><em>本活动页为演示数据。</em></p>`,
          ].join(''),
        ),
        demo: true,
      });
      await repository.setBannerLink(trx, activityId, href('activityPage', { id: String(activityId) }));
    });
  }

  return {
    async write(signal) {
      if (market.provider.source !== 'demo') return;
      const now = clock();
      const recent = (await market.repositories.series.readRecentRows(
        paperIndexCode,
        'day',
        1,
      )) as DayBarRow[];
      const lastDay = recent.at(-1)?.[0];
      if (lastDay === undefined) return;
      // Cheap to ask each time: the work is done once per stored session and per Beijing morning.
      const signature = `${lastDay}|${beijingDay(now)}|${now.getTime() >= beijingInstant(beijingDay(now), '08:00').getTime()}`;
      if (signature === written) return;
      // A restarted server finds the last stored session's papers already written (one transaction
      // writes a day's papers and articles): it skips reading every A-share's bars again (seconds of
      // CPU at full size), since writing them once more would add nothing.
      if (written === '' && (await repository.latestPaperDate('evening'))?.date === dayText(lastDay)) {
        written = signature;
        return;
      }
      const bars = await loadBars(signal);
      const storedDays = (bars.get(paperIndexCode) ?? []).map((row) => row[0]);
      const days = storedDays.slice(-demoDays);
      const fundamentals = await market.repositories.companyReports.latestFundamentals();
      const columns = await writeColumns();
      for (const day of days) await writeDay(columns, bars, fundamentals, day, now);
      await writeWeeks(bars, days, new Set(storedDays));
      await writeBanners(columns);
      written = signature;
    },
  };
}
