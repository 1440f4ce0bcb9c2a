import { Codes, type NoticeItem, type NoticeType, type ResearchItem } from '@zhicai/contract';
import { beijingDay, type DayBarRow } from '@zhicai/domain';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ResearchReportsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Instrument } from '../../../market/instrument-directory.ts';
import { requireInstrument, stockTypes } from '../../../market/instrument-lookup.ts';
import type { Market } from '../../../market/market.ts';
import { createStatementsRepository } from '../../../market/statements/statements.repository.ts';
import { exDividends } from '../../stock/handicap.ts';
import { demoNotices, isoText } from './demo-notices.ts';
import { type DemoResearch, demoResearch } from './demo-research.ts';
import type { Cursor, NoticeRepository, NoticeRow, ResearchRow } from './notice.repository.ts';
import { type PdfContent, pdfContentTag, renderContentPdf } from './notice-pdf.ts';

/** The stored row of a generated report on a stock (with its industry) or on an industry. */
function demoResearchRow(
  report: DemoResearch,
  code: string | null,
  industry: string | null,
): Insertable<ResearchReportsTable> {
  return {
    dedupe_key: report.dedupeKey,
    code,
    industry,
    day: report.day,
    title: report.title,
    institution: report.institution,
    analyst: report.analyst,
    rating: report.rating,
    rating_change: report.ratingChange,
    target_price: report.targetPrice,
    price_at_date: report.priceAtDate,
    summary: report.summary,
    body: report.body.join('\n'),
    file_id: null,
    source: 'demo',
  };
}

/** The address of an item's PDF (notice.routes.ts serves it). */
export function contentPdfPath(kind: 'notice' | 'research', id: number): string {
  return `/files/${kind}/${id}.pdf`;
}

/**
 * How many of the largest stocks get their demo items written for the market-wide lists: the
 * lists show the latest of these, and any stock asked for by code joins them. Writing every one of
 * 5,473 A-shares up front would slow the first start for pages few people open.
 */
export const marketWideStocks = { aShares: 20, hk: 4 };

/** Statement periods read for announcements: the three years shown and the year before (for 同比). */
const statementYears = 4;

export interface PdfFile {
  body: Buffer | (() => Promise<Buffer>);
  tag: string;
  name: string;
}

export function createNoticeService(
  db: Kysely<Database>,
  repository: NoticeRepository,
  market: Market,
  clock: () => Date,
) {
  const { directory, repositories } = market;
  const statements = createStatementsRepository(db);
  const demo = market.provider.source === 'demo';
  const writing = new Map<string, Promise<void>>();

  function nameOf(code: string | null): string | null {
    return code === null ? null : (directory.get(code)?.name ?? code);
  }

  /** Runs one writer per key at a time; a second request for the same key waits for the first. */
  function once(key: string, write: () => Promise<void>): Promise<void> {
    const running = writing.get(key);
    if (running) return running;
    const promise = write().finally(() => writing.delete(key));
    writing.set(key, promise);
    return promise;
  }

  async function dayBars(code: string): Promise<DayBarRow[]> {
    return (await repositories.series.readSeries(code, 'day')) as DayBarRow[];
  }

  /** Writes a stock's demo announcements and reports through its latest bar, once per new day. */
  function ensureStock(instrument: Instrument): Promise<void> {
    if (!demo) return Promise.resolve();
    return once(instrument.code, async () => {
      const bars = await dayBars(instrument.code);
      const today = bars.at(-1)?.[0];
      if (today === undefined) return;
      const mark = await repository.demoMark(instrument.code);
      if (mark !== null && mark >= today) return;
      const from = (Math.floor(today / 10000) - statementYears) * 10000;
      const periods = (await statements.listPeriods(instrument.code)).filter((period) => period >= from);
      const [documents, shareChanges, events] = await Promise.all([
        statements.readPeriods(instrument.code, periods),
        repositories.corporateActions.readShareChanges(instrument.code),
        repositories.companyReports.listEvents(instrument.code, 20),
      ]);
      const notices = demoNotices({
        stock: { code: instrument.code, name: instrument.name, totalShares: instrument.totalShares },
        statements: documents,
        bars,
        exDividends: exDividends(bars, shareChanges),
        events,
        today,
      });
      const reports = demoResearch(
        { key: instrument.code, name: instrument.name, withTarget: true, decimals: 2 },
        bars,
        notices.filter((notice) => notice.type === '定期报告').map((notice) => notice.day),
        today,
      );
      const industry = instrument.industry;
      await db.transaction().execute(async (trx) => {
        await repository.insertNotices(
          trx,
          notices.map((notice) => ({
            dedupe_key: notice.dedupeKey,
            code: notice.code,
            type: notice.type,
            day: notice.day,
            title: notice.title,
            summary: notice.summary,
            body: notice.body.join('\n'),
            report_period: notice.reportPeriod,
            file_id: null,
            source: 'demo' as const,
          })),
        );
        await repository.insertResearch(
          trx,
          reports.map((report) => demoResearchRow(report, instrument.code, industry)),
        );
        await repository.setDemoMark(trx, instrument.code, today);
      });
    });
  }

  /** Writes an SW industry's demo reports from its industry index (no target prices). */
  function ensureIndustry(code: string): Promise<void> {
    const index = directory.get(code);
    if (!demo || index?.type !== 'index_hy') return Promise.resolve();
    return once(code, async () => {
      const bars = await dayBars(code);
      const today = bars.at(-1)?.[0];
      if (today === undefined) return;
      const mark = await repository.demoMark(code);
      if (mark !== null && mark >= today) return;
      // Industry reports follow the reporting seasons: a few days after the quarterly deadlines.
      const seasons = [430, 831, 1031].flatMap((monthDay) =>
        [Math.floor(today / 10000) - 1, Math.floor(today / 10000)].map((year) => year * 10000 + monthDay),
      );
      const reports = demoResearch(
        { key: code, name: `${index.name}行业`, withTarget: false, decimals: 2 },
        bars,
        seasons,
        today,
      );
      await db.transaction().execute(async (trx) => {
        await repository.insertResearch(
          trx,
          reports.map((report) => demoResearchRow(report, null, code)),
        );
        await repository.setDemoMark(trx, code, today);
      });
    });
  }

  let marketWrittenOn: number | null = null;
  /** The market-wide lists: the largest stocks and their industries, written once a day. */
  async function ensureMarket(): Promise<void> {
    const today = beijingDay(clock());
    if (!demo || marketWrittenOn === today) return;
    const largest = (type: 'capital' | 'hk', count: number) =>
      directory
        .ofType(type)
        .map((instrument) => ({
          instrument,
          cap: (market.engine.quote(instrument.code)?.price ?? 0) * (instrument.totalShares ?? 0),
        }))
        .sort((a, b) => b.cap - a.cap)
        .slice(0, count)
        .map((entry) => entry.instrument);
    const stocks = [...largest('capital', marketWideStocks.aShares), ...largest('hk', marketWideStocks.hk)];
    for (const stock of stocks) await ensureStock(stock);
    const industries = new Set(
      stocks.flatMap((stock) => (stock.type === 'capital' && stock.industry ? [stock.industry] : [])),
    );
    for (const industry of industries) await ensureIndustry(industry);
    marketWrittenOn = today;
  }

  async function cursorOf(
    lastId: number | undefined,
    find: (id: number) => Promise<{ day: number; id: number } | undefined>,
  ): Promise<Cursor | null> {
    if (lastId === undefined) return null;
    const row = await find(lastId);
    if (!row)
      throw new AppError(Codes.invalidParams, `翻页位置 lastId=${lastId} 不存在，请从第一页重新加载`, 400);
    return { day: row.day, id: row.id };
  }

  function noticeItem(row: NoticeRow): NoticeItem {
    return {
      id: row.id,
      code: row.code,
      stockName: nameOf(row.code) ?? row.code,
      type: row.type as NoticeType,
      date: isoText(row.day),
      title: row.title,
      summary: row.summary,
      pdf: contentPdfPath('notice', row.id),
      reportPeriod: row.report_period === null ? null : String(row.report_period),
      source: row.source,
    };
  }

  function researchItem(row: ResearchRow): ResearchItem {
    return {
      id: row.id,
      code: row.code,
      stockName: nameOf(row.code),
      industry: row.industry,
      industryName:
        row.industry === null ? null : (directory.swIndustry(row.industry)?.name ?? nameOf(row.industry)),
      date: isoText(row.day),
      title: row.title,
      institution: row.institution,
      analyst: row.analyst,
      rating: row.rating as ResearchItem['rating'],
      ratingChange: row.rating_change as ResearchItem['ratingChange'],
      targetPrice: row.target_price,
      priceAtDate: row.price_at_date,
      summary: row.summary,
      pdf: contentPdfPath('research', row.id),
      source: row.source,
    };
  }

  function page<Row extends { id: number }, Item>(rows: Row[], size: number, toItem: (row: Row) => Item) {
    const shown = rows.slice(0, size);
    return { list: shown.map(toItem), lastId: rows.length > size ? (shown.at(-1)?.id ?? null) : null };
  }

  function pdfContentOfNotice(row: NoticeRow): PdfContent {
    const name = nameOf(row.code) ?? row.code;
    return {
      heading: [`证券代码：${row.code.slice(0, 6)}`, `证券简称：${name}`, `公告编号：${row.day}-${row.id}`],
      title: row.title,
      facts: [
        ['公告类型', row.type],
        ['公告日期', isoText(row.day)],
      ],
      paragraphs: row.body.split('\n'),
      signature: `${name}董事会\n${isoText(row.day)}`,
      demo: row.source === 'demo',
    };
  }

  function pdfContentOfResearch(row: ResearchRow): PdfContent {
    const item = researchItem(row);
    return {
      heading: [
        row.institution,
        item.stockName ? `${item.stockName}（${row.code}）` : `${item.industryName ?? ''}行业`,
      ],
      title: row.title,
      facts: [
        ['投资评级', `${row.rating}（${row.rating_change}）`],
        ['目标价', row.target_price === null ? '--' : `${row.target_price.toFixed(2)}元`],
        ['报告日收盘价', row.price_at_date === null ? '--' : row.price_at_date.toFixed(2)],
        ['报告日期', isoText(row.day)],
      ],
      paragraphs: row.body.split('\n'),
      signature: `分析师：${row.analyst}\n${row.institution}研究所`,
      demo: row.source === 'demo',
    };
  }

  return {
    async noticeList(query: {
      code?: string | undefined;
      type?: NoticeType | undefined;
      lastId?: number | undefined;
      size: number;
    }) {
      if (query.code) await ensureStock(requireInstrument(directory, query.code, stockTypes, '股票'));
      else await ensureMarket();
      const after = await cursorOf(query.lastId, (id) => repository.noticeById(id));
      const rows = await repository.listNotices(
        { code: query.code, type: query.type },
        after,
        query.size + 1,
      );
      return page(rows, query.size, noticeItem);
    },
    async noticeDetail(id: number): Promise<NoticeItem> {
      const row = await repository.noticeById(id);
      if (!row) throw new AppError(Codes.notFound, `公告 ${id} 不存在`, 404);
      return noticeItem(row);
    },
    async researchList(query: {
      code?: string | undefined;
      industry?: string | undefined;
      rating?: ResearchItem['rating'] | undefined;
      institution?: string | undefined;
      lastId?: number | undefined;
      size: number;
    }) {
      if (query.code) await ensureStock(requireInstrument(directory, query.code, stockTypes, '股票'));
      else if (query.industry) await ensureIndustry(query.industry.toUpperCase());
      else await ensureMarket();
      const after = await cursorOf(query.lastId, (id) => repository.researchById(id));
      const rows = await repository.listResearch(
        {
          code: query.code,
          industry: query.industry?.toUpperCase(),
          rating: query.rating,
          institution: query.institution,
        },
        after,
        query.size + 1,
      );
      return page(rows, query.size, researchItem);
    },
    async researchDetail(id: number): Promise<ResearchItem> {
      const row = await repository.researchById(id);
      if (!row) throw new AppError(Codes.notFound, `研报 ${id} 不存在`, 404);
      return researchItem(row);
    },
    async institutions(): Promise<string[]> {
      await ensureMarket();
      return repository.institutions();
    },
    /** An item's PDF: its imported file, or the one generated from its text (made when first asked). */
    async pdf(kind: 'notice' | 'research', id: number): Promise<PdfFile | null> {
      const row = kind === 'notice' ? await repository.noticeById(id) : await repository.researchById(id);
      if (!row) return null;
      const name = `${kind}-${id}.pdf`;
      if (row.file_id !== null) {
        const body = await repository.readFile(row.file_id);
        return body ? { body, tag: `file-${row.file_id}`, name } : null;
      }
      const content =
        kind === 'notice' ? pdfContentOfNotice(row as NoticeRow) : pdfContentOfResearch(row as ResearchRow);
      return { body: () => renderContentPdf(content), tag: pdfContentTag(content), name };
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
