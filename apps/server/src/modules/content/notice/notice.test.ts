import { api, Codes, type NoticeItem, type ResearchItem } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { call, callRefused } from '../../../test/call.ts';
import { useMarketSession } from '../../../test/market-session.ts';
import { amountText } from '../../report/report-text.ts';
import { checkRatingPath } from './test-support.ts';

// Friday 2026-11-20, 16:00 in Shanghai: the Q3 reports (deadline October 31) are out.
const session = useMarketSession(Date.parse('2026-11-20T08:00:00Z'));

async function allNotices(query: { code?: string; type?: NoticeItem['type'] }): Promise<NoticeItem[]> {
  const { datas } = await call(session.context, api.content.noticeList, { query: { ...query, size: 50 } });
  return datas.list;
}

async function pdfText(url: string): Promise<{ head: string; text: string }> {
  const response = await session.context.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const body = response.rawPayload;
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  await pdf.destroy();
  return { head: body.subarray(0, 5).toString('latin1'), text };
}

describe('announcements (公告)', () => {
  it('quote the figures of the statements 财报速览 shows for the same period', async () => {
    const notices = await allNotices({ code: '600519.SH', type: '定期报告' });
    expect(notices.length).toBeGreaterThanOrEqual(4);
    for (const notice of notices.slice(0, 4)) {
      expect(notice.type).toBe('定期报告');
      expect(notice.source).toBe('demo');
      const period = notice.reportPeriod as string;
      const { datas } = await call(session.context, api.report.finreportQuick, {
        query: { code: '600519.SH', reportPeriod: period },
      });
      const revenue = datas.income?.sangji.TOT_OPER_REV?.value as number;
      expect(notice.summary, period).toContain(`营业总收入${amountText(revenue)}`);
      // Published after the period ends, never after the market's day.
      expect(notice.date.replaceAll('-', '') > period).toBe(true);
      expect(notice.date <= '2026-11-20').toBe(true);
    }
    // The latest quarter is out and announced.
    expect(notices[0]?.reportPeriod).toBe('20260930');
  });

  it('page by lastId without gaps or repeats, newest first, and end with lastId null', async () => {
    const all = await allNotices({ code: '600519.SH' });
    expect(all.length).toBeGreaterThan(6);
    const paged: NoticeItem[] = [];
    let lastId: number | undefined;
    for (let guard = 0; guard < 50; guard += 1) {
      const { datas } = await call(session.context, api.content.noticeList, {
        query: { code: '600519.SH', size: 4, ...(lastId ? { lastId } : {}) },
      });
      paged.push(...datas.list);
      if (datas.lastId === null) break;
      expect(datas.list).toHaveLength(4);
      lastId = datas.lastId;
    }
    expect(paged.map((item) => item.id)).toEqual(all.map((item) => item.id));
    const dates = paged.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('refuses an unknown cursor, an unknown stock and a code that is not a stock', async () => {
    expect(
      (
        await callRefused(session.context, api.content.noticeList, {
          query: { code: '600519.SH', lastId: '999999999' },
        })
      ).code,
    ).toBe(Codes.invalidParams);
    expect(
      (await callRefused(session.context, api.content.noticeList, { query: { code: '999999.SH' } })).code,
    ).toBe(Codes.notFound);
    expect(
      (await callRefused(session.context, api.content.noticeList, { query: { code: '000300.SH' } })).code,
    ).toBe(Codes.notFound);
    expect(
      (await callRefused(session.context, api.content.noticeDetail, { query: { id: '999999999' } })).code,
    ).toBe(Codes.notFound);
  });

  it('list the latest across the market, filtered by type, and open one by id', async () => {
    const latest = await allNotices({});
    expect(new Set(latest.map((item) => item.code)).size).toBeGreaterThan(3);
    const dividends = await allNotices({ type: '分红派息' });
    expect(dividends.length).toBeGreaterThan(0);
    expect(dividends.every((item) => item.type === '分红派息' && /每10股/.test(item.summary))).toBe(true);
    const first = latest[0] as NoticeItem;
    const { datas } = await call(session.context, api.content.noticeDetail, { query: { id: first.id } });
    expect(datas).toEqual(first);
  });

  it('serve a PDF checked by its %PDF- header with the stock and title in embedded Chinese text', async () => {
    const [notice] = await allNotices({ code: '600519.SH', type: '定期报告' });
    const { head, text } = await pdfText((notice as NoticeItem).pdf);
    expect(head).toBe('%PDF-');
    expect(text).toContain('贵州茅台');
    expect(text).toContain('营业总收入');
    expect(text).toContain('演示数据');
    const missing = await session.context.app.inject({ method: 'GET', url: '/files/notice/999999999.pdf' });
    expect(missing.statusCode).toBe(404);
  }, 60_000);
});

describe('research reports (研报)', () => {
  /** Every report on a stock, newest first, read page by page. */
  async function stockReports(code: string): Promise<ResearchItem[]> {
    const reports: ResearchItem[] = [];
    let lastId: number | null | undefined;
    do {
      const { datas } = await call(session.context, api.content.researchList, {
        query: { code, size: 50, ...(lastId ? { lastId } : {}) },
      });
      reports.push(...datas.list);
      lastId = datas.lastId;
    } while (lastId !== null);
    return reports;
  }

  it('set targets above the day close, and move a rating only after a move of a fifth since it was set', async () => {
    const reports = await stockReports('600519.SH');
    expect(reports.length).toBeGreaterThan(2);
    const oldestFirst = [...reports].reverse();
    expect(oldestFirst.every((report) => report.priceAtDate !== null)).toBe(true);
    expect(
      checkRatingPath(
        oldestFirst.map((report) => ({ ...report, priceAtDate: report.priceAtDate as number })),
      ),
    ).toEqual([]);
  });

  it('filter across the market by rating and institution, and list the institutions', async () => {
    const { datas: institutions } = await call(session.context, api.content.researchInstitutions);
    expect(institutions.length).toBeGreaterThan(1);
    const institution = institutions[0] as string;
    const { datas } = await call(session.context, api.content.researchList, {
      query: { institution, rating: '买入', size: 20 },
    });
    expect(datas.list.every((item) => item.institution === institution && item.rating === '买入')).toBe(true);
  });

  it('cover industries without target prices', async () => {
    const { datas: latest } = await call(session.context, api.content.researchList, { query: { size: 50 } });
    const industry = latest.list.find((item) => item.industry)?.industry as string;
    const { datas } = await call(session.context, api.content.researchList, {
      query: { industry, size: 50 },
    });
    const industryReports = datas.list.filter((item) => item.code === null);
    expect(industryReports.length).toBeGreaterThan(0);
    expect(industryReports.every((item) => item.targetPrice === null && item.industryName)).toBe(true);
  });

  it('serve a PDF with the institution, the rating and the target price', async () => {
    const [report] = await stockReports('600519.SH');
    const item = report as ResearchItem;
    const { head, text } = await pdfText(item.pdf);
    expect(head).toBe('%PDF-');
    expect(text).toContain(item.institution);
    expect(text).toContain(`投资评级：${item.rating}`);
    const detail = await call(session.context, api.content.researchDetail, { query: { id: item.id } });
    expect(detail.datas).toEqual(item);
  }, 60_000);
});
