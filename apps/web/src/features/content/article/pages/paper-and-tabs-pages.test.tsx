import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../../platform/session/local-store.ts';
import { failure, ok, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { articleSummaryOf, columnFixture, paperOf } from '../article-fixtures.ts';
import ArticlesNewPage from './articles-new-page.tsx';
import DailyPaperPage from './daily-paper-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().change_articlesNewType(null);
});

describe('/dailyPaper', () => {
  const pages = { '/dailyPaper': <DailyPaperPage /> };

  it('shows the paper of the date with its figures, sections and the previous issue', async () => {
    const server = stubApi({
      'content.dailyPaper': (params) => ok(paperOf(params.kind, params.date ?? '2026-03-04')),
    });
    renderPages('/dailyPaper?date=2026-03-04&kind=evening', pages);
    const figures = (await screen.findByLabelText('市场数据')).textContent ?? '';
    expect(figures).toContain('3245.67');
    expect(figures).toContain('+0.52%');
    expect(figures).toContain('312 / 201 / 12');
    expect(figures).toMatch(/8123(\.\d+)?亿/);
    expect(screen.getByText('今日市场概览')).toBeTruthy();
    const previous = screen.getByText(/前一期 2026-03-03/).closest('a');
    expect(previous?.getAttribute('href')).toBe('/dailyPaper?date=2026-03-03&kind=evening');
    expect(screen.getByRole('tab', { name: '晨报' }).getAttribute('href')).toBe(
      '/dailyPaper?date=2026-03-04&kind=morning',
    );
    expect(server.calls('content.dailyPaper')[0]).toMatchObject({ kind: 'evening', date: '2026-03-04' });
  });

  it('says which paper is missing and offers 重新加载', async () => {
    stubApi({ 'content.dailyPaper': failure('404', '2020-01-01 没有晚报', 404) });
    renderPages('/dailyPaper?date=2020-01-01&kind=evening', pages);
    expect(await screen.findByText('日报加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
  });
});

describe('/ArticlesNew', () => {
  const pages = { '/ArticlesNew': <ArticlesNewPage /> };

  it('remembers the chosen column tab in articlesNewType and opens it next time', async () => {
    const server = stubApi({
      'content.columnList': ok([columnFixture]),
      'content.articleList': (params) =>
        ok({
          list: [articleSummaryOf(params.columnId ?? 9, { title: `文章 ${params.columnId ?? '全部'}` })],
          hasMore: false,
        }),
    });
    const { unmount } = renderPages('/ArticlesNew', pages);
    expect(await screen.findByText('文章 全部')).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: '每日收评' }));
    expect(await screen.findByText('文章 1')).toBeTruthy();
    expect(localStore.getState().articlesNewType).toBe('1');
    unmount();

    renderPages('/ArticlesNew', pages);
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getByRole('tab', { name: '每日收评' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('文章 1')).toBeTruthy();
    expect(server.calls('content.articleList').at(-1)?.columnId).toBe(1);
  });
});
