import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, type StubRoutes, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { articleSummaryOf, bannerFixtures, columnFixture, paperOf } from '../article-fixtures.ts';
import ViewingInformationPage from './viewing-information-page.tsx';

const pages = { '/ViewingInformation': <ViewingInformationPage /> };

function stub(routes: StubRoutes = {}) {
  return stubApi({
    'content.bannerList': ok(bannerFixtures),
    'content.columnList': ok([columnFixture]),
    'content.articleList': ok({ list: [articleSummaryOf(3), articleSummaryOf(2)], hasMore: false }),
    'content.dailyPaper': (params) =>
      ok(paperOf(params.kind, params.kind === 'morning' ? '2026-03-05' : '2026-03-04')),
    ...routes,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/ViewingInformation', () => {
  it('shows the banners and the latest 晨报 and 晚报, each a link', async () => {
    stub();
    renderPages('/ViewingInformation', pages);
    const guide = (await screen.findByAltText('新手指南：三步用好知财')).closest('a');
    expect(guide?.getAttribute('href')).toBe('/activityPage?id=3');
    expect(guide?.closest('section')?.getAttribute('aria-label')).toBe('活动横幅');

    const morning = (await screen.findByText('2026-03-05')).closest('a');
    expect(morning?.getAttribute('href')).toBe('/dailyPaper?date=2026-03-05&kind=morning');
    expect(within(morning as HTMLElement).getByText('晨报')).toBeTruthy();
    expect(within(morning as HTMLElement).getByText('+0.52%')).toBeTruthy();
    const evening = (await screen.findByText('2026-03-04')).closest('a');
    expect(evening?.getAttribute('href')).toBe('/dailyPaper?date=2026-03-04&kind=evening');
  });

  it('shows the columns and the latest articles, each a link', async () => {
    stub();
    renderPages('/ViewingInformation', pages);
    const column = (await screen.findByText('10 篇')).closest('a');
    expect(column?.getAttribute('href')).toBe('/column/1');
    expect(within(column as HTMLElement).getByText('每日收评')).toBeTruthy();

    const first = (await screen.findByText(articleSummaryOf(3).title)).closest('a');
    expect(first?.getAttribute('href')).toBe('/article?id=3');
    expect(first?.closest('ul')?.getAttribute('aria-label')).toBe('最新文章');
    expect(screen.getAllByText('演示数据').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('opens an article from the list', async () => {
    stub();
    renderPages('/ViewingInformation', pages);
    const latest = await screen.findByRole('list', { name: '最新文章' });
    fireEvent.click(within(latest).getByText(articleSummaryOf(2).title));
    expect((await screen.findByTestId('destination')).textContent).toBe('/article?id=2');
  });

  it('pages the latest articles by the last id shown', async () => {
    const server = stub({
      'content.articleList': (params) =>
        params.lastId === undefined
          ? ok({ list: [articleSummaryOf(9), articleSummaryOf(8)], hasMore: true })
          : ok({ list: [articleSummaryOf(7)], hasMore: false }),
    });
    renderPages('/ViewingInformation', pages);
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    expect(await screen.findByText(articleSummaryOf(7).title)).toBeTruthy();
    expect(server.calls('content.articleList').map((call) => call.lastId)).toEqual([undefined, 8]);
  });

  it('says so when there are no articles, and offers 重新加载 when the articles fail', async () => {
    stub({ 'content.articleList': ok({ list: [], hasMore: false }) });
    const { unmount } = renderPages('/ViewingInformation', pages);
    expect(await screen.findByText('暂无文章')).toBeTruthy();
    unmount();

    stub({ 'content.articleList': failure('999', '系统繁忙') });
    renderPages('/ViewingInformation', pages);
    expect(await screen.findByText('文章加载失败，请检查网络后重试')).toBeTruthy();
    stub();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByText(articleSummaryOf(3).title)).toBeTruthy();
  });

  it('shows a skeleton while the articles load', () => {
    stubApi({
      'content.bannerList': ok([]),
      'content.columnList': ok([]),
      'content.dailyPaper': () => ok(paperOf('evening', '2026-03-04')),
      'content.articleList': ok({ list: [], hasMore: false }),
    });
    renderPages('/ViewingInformation', pages);
    expect(screen.getByTestId('article-list-skeleton')).toBeTruthy();
  });
});
