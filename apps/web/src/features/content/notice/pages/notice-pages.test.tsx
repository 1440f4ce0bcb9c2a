import { fireEvent, screen, within } from '@testing-library/react';
import type { NoticeItem, ResearchItem } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { StockContentSections } from '../components/stock-research-section.tsx';
import NoticeListPage from './notice-list-page.tsx';
import PdfListPage from './pdf-list-page.tsx';
import ResearchAndNoticePage from './research-and-notice-page.tsx';

function notice(id: number, edit: Partial<NoticeItem> = {}): NoticeItem {
  return {
    id,
    code: '600519.SH',
    stockName: '贵州茅台',
    type: '定期报告',
    date: `2026-10-${String(30 - id).padStart(2, '0')}`,
    title: `贵州茅台：公告${id}`,
    summary: `营业总收入1410.47亿元（${id}）`,
    pdf: `/files/notice/${id}.pdf`,
    reportPeriod: '20260930',
    source: 'demo',
    ...edit,
  };
}

function research(id: number, edit: Partial<ResearchItem> = {}): ResearchItem {
  return {
    id,
    code: '600519.SH',
    stockName: '贵州茅台',
    industry: '801120.ZSI',
    industryName: '食品饮料',
    date: '2026-10-28',
    title: `贵州茅台：业绩点评${id}`,
    institution: '华岳证券',
    analyst: '林思远',
    rating: '买入',
    ratingChange: '上调',
    targetPrice: 1888.8,
    priceAtDate: 1500,
    summary: '上调至买入。',
    pdf: `/files/research/${id}.pdf`,
    source: 'demo',
    ...edit,
  };
}

const pdfPage = <p>PDF 查看器</p>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/stockNotice', () => {
  it('lists the stock announcements, pages by lastId, and opens a PDF in /pdf', async () => {
    const server = stubApi({
      'content.noticeList': (params) =>
        params.lastId === undefined
          ? ok({ list: [notice(1), notice(2)], lastId: 2 })
          : ok({ list: [notice(3)], lastId: null }),
    });
    renderPages('/stockNotice?stockCode=600519.SH', { '/stockNotice': <NoticeListPage />, '/pdf': pdfPage });
    expect(await screen.findByText('贵州茅台：公告1')).toBeTruthy();
    expect(server.calls('content.noticeList')[0]).toMatchObject({ code: '600519.SH', size: 20 });
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('贵州茅台：公告3')).toBeTruthy();
    expect(server.calls('content.noticeList')[1]?.lastId).toBe(2);
    expect(await screen.findByText('没有更多了')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: /贵州茅台：公告1/ }));
    expect(await screen.findByText('PDF 查看器')).toBeTruthy();
  });

  it('filters by type through the address', async () => {
    const server = stubApi({
      'content.noticeList': ok({ list: [notice(1, { type: '分红派息' })], lastId: null }),
    });
    renderPages('/stockNotice?stockCode=600519.SH', { '/stockNotice': <NoticeListPage /> });
    await screen.findByText('贵州茅台：公告1');
    fireEvent.click(screen.getByRole('button', { name: '分红派息' }));
    await vi.waitFor(() => expect(server.calls('content.noticeList').at(-1)?.type).toBe('分红派息'));
  });

  it('shows the empty state, and the error with 重新加载', async () => {
    let fail = true;
    stubApi({
      'content.noticeList': () => (fail ? failure('999', '系统繁忙') : ok({ list: [], lastId: null })),
    });
    renderPages('/stockNotice?stockCode=600519.SH', { '/stockNotice': <NoticeListPage /> });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('公告加载失败');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无公告')).toBeTruthy();
  });
});

describe('detail page sections', () => {
  it('show the latest three with 更多 links, 财报速览 of the latest period, and 演示数据', async () => {
    stubApi({
      'content.noticeList': (params) =>
        ok({ list: params.size === 1 ? [notice(1)] : [notice(1), notice(2), notice(3)], lastId: 3 }),
      'content.researchList': ok({ list: [research(7)], lastId: null }),
    });
    renderPages('/stock?stockCode=600519.SH', {
      '/stock': <StockContentSections code="600519.SH" market="cn" />,
    });
    const notices = await screen.findByRole('region', { name: '公告' });
    expect(await within(notices).findByText('贵州茅台：公告3')).toBeTruthy();
    expect(within(notices).getByText('演示数据')).toBeTruthy();
    expect(
      within(notices)
        .getByRole('link', { name: /更多公告/ })
        .getAttribute('href'),
    ).toBe('/stockNotice?stockCode=600519.SH');
    const preview = await within(notices).findByRole('link', { name: /财报速览/ });
    expect(preview.getAttribute('href')).toBe('/financialReportPreview/600519_SH/20260930');
    expect(within(notices).getByRole('link', { name: /公告1/ }).getAttribute('href')).toBe(
      `/pdf?file=${encodeURIComponent('/files/notice/1.pdf')}`,
    );

    const reports = screen.getByRole('region', { name: '研报' });
    expect(await within(reports).findByText('贵州茅台：业绩点评7')).toBeTruthy();
    expect(within(reports).getByText('上调▲')).toBeTruthy();
    expect(within(reports).getByText('目标价 1888.80')).toBeTruthy();
    expect(
      within(reports)
        .getByRole('link', { name: /更多研报/ })
        .getAttribute('href'),
    ).toBe('/reportList?code=600519.SH');
  });

  it('leave 财报速览 out on Hong Kong stocks and link to /stockNoticeHK', async () => {
    stubApi({
      'content.noticeList': ok({
        list: [notice(1, { code: '00700.HK', stockName: '腾讯控股', reportPeriod: null })],
        lastId: null,
      }),
      'content.researchList': ok({ list: [], lastId: null }),
    });
    renderPages('/stockHk?stockCode=00700.HK', {
      '/stockHk': <StockContentSections code="00700.HK" market="hk" />,
    });
    const notices = await screen.findByRole('region', { name: '公告' });
    expect(await within(notices).findByText('贵州茅台：公告1')).toBeTruthy();
    expect(within(notices).queryByRole('link', { name: /财报速览/ })).toBeNull();
    expect(
      within(notices)
        .getByRole('link', { name: /更多公告/ })
        .getAttribute('href'),
    ).toBe('/stockNoticeHK?stockCode=00700.HK');
    expect(await screen.findByText('暂无研报')).toBeTruthy();
  });
});

describe('/researchAndNotice', () => {
  it('switches between the market announcements and research, filtering research by rating', async () => {
    const server = stubApi({
      'content.noticeList': ok({ list: [notice(1)], lastId: null }),
      'content.researchList': ok({
        list: [research(5, { ratingChange: '下调', rating: '中性', targetPrice: null })],
        lastId: null,
      }),
      'content.researchInstitutions': ok(['华岳证券', '东澜证券']),
    });
    renderPages('/researchAndNotice', { '/researchAndNotice': <ResearchAndNoticePage /> });
    expect(await screen.findByText('贵州茅台')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '研报' }));
    expect(await screen.findByText('贵州茅台：业绩点评5')).toBeTruthy();
    expect(screen.getByText('下调▼')).toBeTruthy();
    expect(screen.getByText('目标价 --')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '增持' }));
    await vi.waitFor(() => expect(server.calls('content.researchList').at(-1)?.rating).toBe('增持'));
    fireEvent.click(await screen.findByRole('button', { name: '东澜证券' }));
    await vi.waitFor(() =>
      expect(server.calls('content.researchList').at(-1)).toMatchObject({
        rating: '增持',
        institution: '东澜证券',
      }),
    );
  });
});

describe('/pdf-list', () => {
  it("lists a stock's announcement and research PDFs", async () => {
    stubApi({
      'content.noticeList': ok({ list: [notice(1)], lastId: 1 }),
      'content.researchList': ok({ list: [research(2)], lastId: null }),
    });
    renderPages('/pdf-list?code=600519.SH', { '/pdf-list': <PdfListPage /> });
    expect(await screen.findByText('贵州茅台：公告1')).toBeTruthy();
    expect(await screen.findByText('贵州茅台：业绩点评2')).toBeTruthy();
    expect(screen.getByRole('link', { name: /全部公告/ }).getAttribute('href')).toBe(
      '/noticeList?code=600519.SH',
    );
    expect(screen.queryByRole('link', { name: /全部研报/ })).toBeNull();
  });

  it('says the code is missing', async () => {
    stubApi({});
    renderPages('/pdf-list', { '/pdf-list': <PdfListPage /> });
    expect(await screen.findByText('缺少股票代码')).toBeTruthy();
  });
});
