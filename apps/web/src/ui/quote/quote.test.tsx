import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeText } from './change-text.tsx';
import { PriceText } from './price-text.tsx';
import { QuoteCell } from './quote-cell.tsx';

describe('PriceText', () => {
  it.each([
    ['above the previous close: red', 1510, 1500, '1510.00', 'up'],
    ['below: green', 9.87, 10, '9.87', 'down'],
    ['at it: grey', 10, 10, '10.00', 'flat'],
    ['equal once rounded as shown: grey', 10.004, 10, '10.00', 'flat'],
    ['without a previous close: uncoloured', 12.5, undefined, '12.50', 'none'],
    ['with a null previous close', 12.5, null, '12.50', 'none'],
    ['missing: --', null, 10, '--', 'none'],
  ] as const)('at the A-share tick, %s', (_name, value, prevClose, text, tone) => {
    render(<PriceText value={value} prevClose={prevClose} />);
    const element = screen.getByText(text);
    expect(element.getAttribute('data-tone')).toBe(tone);
    expect(element.className).toContain(`quote-tone--${tone}`);
  });

  it('shows an ETF at 0.001 yuan: 2.001 against 2.000 is up, not a flat "2.00"', () => {
    render(<PriceText value={2.001} prevClose={2} type="fund_onside" />);
    expect(screen.getByText('2.001').getAttribute('data-tone')).toBe('up');
  });

  it('shows Hong Kong by its spread table', () => {
    render(<PriceText value={0.355} type="hk" />);
    expect(screen.getByText('0.355')).toBeTruthy();
  });

  it('keeps spec 1 §5 significant digits when compact (dense tiles)', () => {
    render(<PriceText value={1510.37} prevClose={1500} compact />);
    expect(screen.getByText('1510').getAttribute('data-tone')).toBe('up');
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
    ['a price fall at the fen', -12.34, 'change', '▼-12.34', 'down'],
    ['no price change', 0, 'change', '0.00', 'flat'],
    ['a missing change', undefined, 'change', '--', 'none'],
  ] as const)('%s', (_name, value, kind, text, tone) => {
    const { container } = render(<ChangeText value={value} kind={kind} />);
    const element = container.firstElementChild;
    expect(element?.textContent).toBe(text);
    expect(element?.getAttribute('data-tone')).toBe(tone);
  });

  it('shows an ETF change at 0.001 yuan', () => {
    const { container } = render(<ChangeText value={0.005} kind="change" type="fund_onside" />);
    expect(container.textContent).toBe('▲+0.005');
  });

  it('keeps spec 1 §5 significant digits for a compact change', () => {
    const { container } = render(<ChangeText value={-12.34} kind="change" compact />);
    expect(container.textContent).toBe('▼-12.3');
  });

  it('hides the arrow from screen readers, which read the sign', () => {
    render(<ChangeText value={0.0123} kind="percent" />);
    expect(screen.getByText('▲').getAttribute('aria-hidden')).toBe('true');
  });
});

describe('QuoteCell', () => {
  it('shows the price over the percent change, coloured alike', () => {
    const { container } = render(<QuoteCell quote={{ price: 1510, prevClose: 1500, chgPct: 0.006_67 }} />);
    expect(container.textContent).toBe('1510.00▲+0.67%');
    expect(screen.getByText('1510.00').getAttribute('data-tone')).toBe('up');
  });

  it('shows an ETF row at its 0.001 tick', () => {
    const { container } = render(
      <QuoteCell quote={{ price: 4.056, prevClose: 4.05, chgPct: 0.001_48, type: 'fund_onside' }} />,
    );
    expect(container.textContent).toBe('4.056▲+0.15%');
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
