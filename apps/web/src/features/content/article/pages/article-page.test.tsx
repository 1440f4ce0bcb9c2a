import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubApi } from '../../../../testing/api-stub.ts';
import { quoteOf } from '../../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { articleDetailOf } from '../article-fixtures.ts';
import ArticlePage from './article-page.tsx';

const pages = { '/article': <ArticlePage />, '/articleN': <ArticlePage /> };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/article', () => {
  it('shows the title, column, author, time, reading count and the body', async () => {
    const server = stubApi({
      'content.articleDetail': ok(articleDetailOf(5, { readCount: 13 })),
      'market.realTime': ok([quoteOf('600519.SH')]),
    });
    renderPages('/article?id=5', pages);
    const article = await screen.findByRole('article', { name: articleDetailOf(5).title });
    expect(within(article).getByRole('heading', { level: 1 }).textContent).toBe(articleDetailOf(5).title);
    expect(within(article).getByRole('link', { name: '每日收评' }).getAttribute('href')).toBe('/column/1');
    expect(within(article).getByText('知财研究部')).toBeTruthy();
    expect(within(article).getByText('2026-03-04 15:40')).toBeTruthy();
    expect(within(article).getByText('阅读 13')).toBeTruthy();
    expect(within(article).getByText('3245.67').tagName).toBe('STRONG');
    expect(server.calls('content.articleDetail')[0]?.id).toBe(5);
  });

  it('renders no script, handler, style or script URL even from a body that was not sanitised', async () => {
    stubApi({
      'content.articleDetail': ok(
        articleDetailOf(6, {
          body:
            '<p onclick="alert(1)" style="color:red">正文</p><script>window.hacked = true</script>' +
            '<img src="javascript:alert(1)" onerror="alert(2)"><a href="javascript:alert(3)">恶意</a>' +
            '<iframe src="https://evil.example"></iframe><a href="https://example.com/x">外链</a>',
          instruments: [],
        }),
      ),
    });
    const { container } = renderPages('/article?id=6', pages);
    await screen.findByText('正文');
    const body = container.querySelector('.article-detail__body');
    expect(body?.innerHTML).toBe(
      '<p>正文</p><span>恶意</span><a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">外链</a>',
    );
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('opens a link to an app page in the app, and the related instrument with its live change', async () => {
    stubApi({
      'content.articleDetail': ok(articleDetailOf(5)),
      'market.realTime': ok([quoteOf('600519.SH', { chgPct: -0.0123 })]),
    });
    renderPages('/article?id=5', pages);
    const chips = await screen.findByRole('list', { name: '相关标的' });
    const chip = await within(chips).findByRole('link', { name: /贵州茅台/ });
    expect(chip.getAttribute('href')).toBe('/stock?stockCode=600519.SH');
    expect(within(chip).getByText('-1.23%').closest('[data-tone]')?.getAttribute('data-tone')).toBe('down');
    fireEvent.click(within(screen.getByRole('article')).getByText('贵州茅台', { selector: '.rich-text a' }));
    expect((await screen.findByTestId('destination')).textContent).toBe('/stock?stockCode=600519.SH');
  });

  it('offers 重新加载 when the article fails and says so when no article is named', async () => {
    stubApi({ 'content.articleDetail': failure('404', '文章不存在或已下线', 404) });
    const { unmount } = renderPages('/article?id=7', pages);
    expect(await screen.findByText('文章加载失败')).toBeTruthy();
    unmount();
    stubApi({});
    renderPages('/articleN', pages);
    expect(screen.getByText('未指定文章')).toBeTruthy();
  });

  it('shows a skeleton while the article loads', () => {
    stubApi({ 'content.articleDetail': ok(articleDetailOf(5)) });
    renderPages('/article?id=5', pages);
    expect(screen.getByTestId('article-skeleton')).toBeTruthy();
  });
});
