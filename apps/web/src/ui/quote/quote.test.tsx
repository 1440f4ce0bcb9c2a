import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeText } from './change-text.tsx';
import { PriceText } from './price-text.tsx';
import { QuoteCell } from './quote-cell.tsx';

describe('PriceText', () => {
  it.each([
    ['above the previous close: red', 1510, 1500, '1510', 'up'],
    ['below: green', 9.87, 10, '9.87', 'down'],
    ['at it: grey', 10, 10, '10.0', 'flat'],
    ['equal once rounded as shown: grey', 10.04, 10, '10.0', 'flat'],
    ['without a previous close: uncoloured', 12.5, undefined, '12.5', 'none'],
    ['with a null previous close', 12.5, null, '12.5', 'none'],
    ['missing: --', null, 10, '--', 'none'],
  ] as const)('%s', (_name, value, prevClose, text, tone) => {
    render(<PriceText value={value} prevClose={prevClose} />);
    const element = screen.getByText(text);
    expect(element.getAttribute('data-tone')).toBe(tone);
    expect(element.className).toContain(`quote-tone--${tone}`);
  });
});

describe('ChangeText', () => {
  it.each([
    ['a rise in percent (input is a fraction)', 0.0123, 'percent', '▲+1.23%', 'up'],
    ['a fall in percent', -0.0456, 'percent', '▼-4.56%', 'down'],
    ['unchanged', 0, 'percent', '0.00%', 'flat'],
    ['a rise that rounds to zero reads flat', 0.000_01, 'percent', '0.00%', 'flat'],
    ['missing', null, 'percent', '--', 'none'],
    ['a price rise', 1.5, 'change', '▲+1.50', 'up'],
    ['a price fall', -12.34, 'change', '▼-12.3', 'down'],
    ['no price change', 0, 'change', '0.00', 'flat'],
    ['a missing change', undefined, 'change', '--', 'none'],
  ] as const)('%s', (_name, value, kind, text, tone) => {
    const { container } = render(<ChangeText value={value} kind={kind} />);
    const element = container.firstElementChild;
    expect(element?.textContent).toBe(text);
    expect(element?.getAttribute('data-tone')).toBe(tone);
  });

  it('hides the arrow from screen readers, which read the sign', () => {
    render(<ChangeText value={0.0123} kind="percent" />);
    expect(screen.getByText('▲').getAttribute('aria-hidden')).toBe('true');
  });
});

describe('QuoteCell', () => {
  it('shows the price over the percent change, coloured alike', () => {
    const { container } = render(<QuoteCell quote={{ price: 1510, prevClose: 1500, chgPct: 0.006_67 }} />);
    expect(container.textContent).toBe('1510▲+0.67%');
    expect(screen.getByText('1510').getAttribute('data-tone')).toBe('up');
  });

  it('shows -- while the quote is missing', () => {
    const { container } = render(<QuoteCell quote={undefined} />);
    expect(container.textContent).toBe('----');
  });
});

describe('DemoDataBadge', () => {
  afterEach(() => {
    vi.resetModules();
    delete (window as { __ZHICAI_RUNTIME__?: unknown }).__ZHICAI_RUNTIME__;
  });

  async function renderWithSource(marketDataSource: string | undefined) {
    window.__ZHICAI_RUNTIME__ = {
      apiLockKey: 'abcdefghijklmnop',
      brandMode: 'zhicai',
      quoteSocketUrls: ['/ws', '/ws', '/ws', '/ws', '/ws'],
      wechatAppId: '',
      wechatAuthorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
      ...(marketDataSource === undefined ? {} : { marketDataSource }),
    };
    // A fresh module graph: the runtime config is read once per page.
    const { DemoDataBadge } = await import('./demo-data-badge.tsx');
    return render(<DemoDataBadge />);
  }

  it('shows 演示数据 while the server runs the demo market', async () => {
    await renderWithSource('demo');
    expect(screen.getByText('演示数据')).toBeTruthy();
  });

  it.each([['import'], [undefined]])('renders nothing for source %s', async (source) => {
    const { container } = await renderWithSource(source);
    expect(container.textContent).toBe('');
  });
});
