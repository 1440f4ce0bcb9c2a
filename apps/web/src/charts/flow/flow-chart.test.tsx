import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowPalettes } from './flow-draw.ts';
import {
  balanceGeneralFixture,
  cashFlowFixture,
  incomeFinanceFixture,
  incomeGeneralFixture,
} from './flow-fixtures.ts';
import { buildFlowGraph } from './flow-graph.ts';
import { flowValueText, yearOnYearText } from './flow-text.ts';
import { FlowChart, type FlowDrawing, flowChartSummary } from './index.ts';

/** A 2D context that draws nothing and records the fill colours it is given. */
function fakeContext(fills: string[] = []): CanvasRenderingContext2D {
  return new Proxy({} as CanvasRenderingContext2D, {
    get: () => () => {},
    set: (_target, key, value) => {
      if (key === 'fillStyle') fills.push(String(value));
      return true;
    },
  });
}

/** A system colour scheme that the test can switch, through matchMedia's change event. */
function mockColorScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('dark') && state.dark;
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    state.dark = next;
    for (const listener of listeners) listener();
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FlowChart', () => {
  it('survives a browser without a 2D context and keeps its text alternative', () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const onDrawn = vi.fn();
    const block = incomeGeneralFixture();
    render(<FlowChart kind="income" block={block} isFinance={false} onDrawn={onDrawn} />);
    expect(getContext).toHaveBeenCalled();
    expect(onDrawn).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: '利润表流向图' })).toBeTruthy();
    expect(screen.getByRole('figure').textContent).toContain(flowChartSummary('income', block, false));
    expect(screen.getByRole('figure', { name: flowChartSummary('income', block, false) })).toBeTruthy();
  });

  it('sizes the canvas to the trimmed layout and draws once per statement, not on re-render', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => fakeContext() as unknown as ReturnType<HTMLCanvasElement['getContext']>,
    );
    const block = incomeGeneralFixture();
    const first = vi.fn();
    const { rerender } = render(<FlowChart kind="income" block={block} isFinance={false} onDrawn={first} />);
    expect(first).toHaveBeenCalledTimes(1);
    // Not laid out (jsdom has no layout), the chart is drawn at its full 1800.
    const { canvas } = first.mock.lastCall?.[0] ?? ({} as FlowDrawing);
    expect(canvas.width).toBe(1800);
    expect(canvas.height).toBeGreaterThan(0);
    expect(canvas.height).toBeLessThan(3000);

    const second = vi.fn();
    rerender(<FlowChart kind="income" block={block} isFinance={false} onDrawn={second} />);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();

    rerender(<FlowChart kind="income" block={incomeFinanceFixture()} isFinance onDrawn={second} />);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('draws at the resolution the card shows, and again, larger, when the card grows', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => fakeContext() as unknown as ReturnType<HTMLCanvasElement['getContext']>,
    );
    let cardWidth = 323;
    vi.spyOn(HTMLCanvasElement.prototype, 'clientWidth', 'get').mockImplementation(() => cardWidth);
    vi.stubGlobal('devicePixelRatio', 2);
    const resized: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const reportResize = () =>
      act(() => {
        for (const callback of resized) callback();
      });
    const onDrawn = vi.fn();
    render(<FlowChart kind="income" block={incomeGeneralFixture()} isFinance={false} onDrawn={onDrawn} />);
    const { canvas, layout } = onDrawn.mock.lastCall?.[0] ?? ({} as FlowDrawing);
    // 323 CSS pixels on a 2× screen: 646 device pixels, the layout scaled to them.
    expect(canvas.width).toBe(646);
    expect(canvas.height).toBe(Math.ceil((layout.height * 646) / 1800));

    // The same width again (the observer's first report) draws nothing.
    reportResize();
    expect(onDrawn).toHaveBeenCalledTimes(1);
    // The phone turned sideways: the card is wider, the chart is drawn again for it.
    cardWidth = 600;
    reportResize();
    expect(onDrawn).toHaveBeenCalledTimes(2);
    expect(canvas.width).toBe(1200);
    // Narrower again: the sharper picture is kept.
    cardWidth = 323;
    reportResize();
    expect(onDrawn).toHaveBeenCalledTimes(2);
    expect(canvas.width).toBe(1200);
  });

  it('follows the system colour scheme and redraws when it changes', () => {
    const fills: string[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => fakeContext(fills) as unknown as ReturnType<HTMLCanvasElement['getContext']>,
    );
    const setDark = mockColorScheme(true);
    const onDrawn = vi.fn();
    render(<FlowChart kind="cashFlow" block={cashFlowFixture()} isFinance={false} onDrawn={onDrawn} />);
    expect(fills[0]).toBe(flowPalettes.dark.background);
    fills.length = 0;
    act(() => setDark(false));
    expect(onDrawn).toHaveBeenCalledTimes(2);
    expect(fills[0]).toBe(flowPalettes.light.background);
    expect(fills).toContain(flowPalettes.light.up);
    expect(fills).toContain(flowPalettes.light.down);
  });

  it('switches to a table of the same numbers and back', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const onCardTap = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands in for the card's full-screen tap.
      // biome-ignore lint/a11y/useKeyWithClickEvents: as above.
      <div onClick={onCardTap}>
        <FlowChart kind="balance" block={balanceGeneralFixture()} isFinance={false} />
      </div>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '表格' }));
    expect(onCardTap).not.toHaveBeenCalled();

    const table = screen.getByRole('table', { name: '资产负债表流向图数据表' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['项目', '金额', '同比']);
    // Plain DOM reads below: role queries over a 26-row table are slow in jsdom.
    const row = within(table).getByText('资产总计').closest('tr');
    expect([...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual([
      '2596亿',
      '▲15.00%',
    ]);
    const bars = buildFlowGraph('balance', balanceGeneralFixture(), false).columns.flat(2);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(bars.length);
    const falling = within(table).getByText('合同负债').closest('tr');
    expect(falling?.querySelector('.flow-chart__change--down')?.textContent).toBe('▼10.00%');
    expect(screen.getByRole('figure').querySelector('canvas')?.hidden).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '图表' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('img').hidden).toBe(false);
  });
});

describe('flowChartSummary', () => {
  it('names the main amounts with their changes and what the first column is made of', () => {
    const summary = flowChartSummary('income', incomeGeneralFixture(), false);
    expect(summary.startsWith('利润表流向图，共6列')).toBe(true);
    expect(summary).toContain('营业总收入1494亿（同比▲19.00%）');
    expect(summary).toContain('营业成本-110.0亿');
    expect(summary).toContain('营业总收入由茅台酒1200亿、系列酒206.0亿、文创产品32.00亿、其他56.00亿构成');
  });

  it('says when there is nothing to draw', () => {
    expect(flowChartSummary('cashFlow', { sangji: {}, des: [], keys: [] }, false)).toBe(
      '现金流量表流向图：暂无数据。',
    );
  });
});

describe('flow texts', () => {
  it('formats amounts in 万/亿/万亿 with a minus where negative', () => {
    expect(flowValueText({ value: 120_000_000_000, negative: false })).toBe('1200亿');
    expect(flowValueText({ value: 11_000_000_000, negative: true })).toBe('-110.0亿');
    expect(flowValueText({ value: -1_700_000_000, negative: true })).toBe('-17.00亿');
    expect(flowValueText({ value: 43_100_000, negative: false })).toBe('4310万');
    expect(flowValueText({ value: 5_080_000_000_000, negative: false })).toBe('5.08万亿');
    expect(flowValueText({ value: 0, negative: true })).toBe('0');
  });

  it('formats changes as percent with 同比 and ▲▼ (spec 2 §9 decimals)', () => {
    expect(yearOnYearText(0.18)).toBe('同比▲18.00%');
    expect(yearOnYearText(-0.05)).toBe('同比▼5.00%');
    expect(yearOnYearText(0)).toBe('同比0.00%');
    expect(yearOnYearText(-1.2)).toBe('同比▼120.0%');
    expect(yearOnYearText(12.3)).toBe('同比▲1230%');
    expect(yearOnYearText(null)).toBe('同比--');
  });
});
