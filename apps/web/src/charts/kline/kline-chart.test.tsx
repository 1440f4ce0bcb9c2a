import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayBarRow } from './day-bar.ts';
import { KlineChart } from './kline-chart.tsx';

// jsdom cannot draw; a stand-in chart records what the component asks of klinecharts.
const fake = vi.hoisted(() => {
  const chart = {
    setSymbol: vi.fn(),
    setPeriod: vi.fn(),
    createIndicator: vi.fn((value: { name: string }) => `${value.name}_id`),
    setPaneOptions: vi.fn(),
    removeIndicator: vi.fn(),
    setDataLoader: vi.fn(),
    setStyles: vi.fn(),
    resize: vi.fn(),
    getSymbol: vi.fn(() => ({ ticker: 'K线', pricePrecision: 2, volumePrecision: 0 })),
    overrideXAxis: vi.fn(),
    overrideYAxis: vi.fn(),
    subscribeAction: vi.fn(),
    unsubscribeAction: vi.fn(),
    convertFromPixel: vi.fn(() => [{ dataIndex: 0 }]),
    getDataList: vi.fn(() => []),
  };
  return {
    chart,
    init: vi.fn((_container: HTMLElement, _options: object) => chart),
    dispose: vi.fn(),
    registerLocale: vi.fn(),
  };
});

vi.mock('klinecharts', () => ({
  init: fake.init,
  dispose: fake.dispose,
  registerLocale: fake.registerLocale,
}));

const bars: DayBarRow[] = [
  [20240627, 10, 10.1, 10.5, 9.9, 10.4, 12000, 124000],
  [20240628, 10.4, 10.3, 11.2, 10.2, 11, 30000, 321000],
];

const createdIndicators = () => fake.chart.createIndicator.mock.calls.map(([value]) => value.name);

describe('KlineChart', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    // jsdom cannot draw: without a 2D context the component shows its placeholder, not the preview.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('shows a placeholder until klinecharts has loaded, then sets up red-up colours and the data', async () => {
    const view = render(<KlineChart bars={bars} height={300} />);
    expect(view.container.querySelector('.kline-chart__placeholder')).not.toBeNull();
    await waitFor(() => expect(fake.chart.setDataLoader).toHaveBeenCalled());
    expect(view.container.querySelector('.kline-chart__placeholder')).toBeNull();

    const options = fake.init.mock.calls[0]?.[1] as { styles: { candle: { bar: { upColor: string } } } };
    // jsdom sets no CSS variables, so the chart takes the light stylesheet's red.
    expect(options.styles.candle.bar.upColor).toBe('#e93030');
    await waitFor(() => expect(createdIndicators()).toEqual(['MA', 'VOL', 'MACD']));

    const loader = fake.chart.setDataLoader.mock.calls.at(-1)?.[0];
    const callback = vi.fn();
    loader.getBars({ callback });
    expect(callback.mock.calls[0]?.[0]).toHaveLength(2);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'K线图，最新收盘 11.0，区间最高 11.2 最低 9.90',
    );

    view.unmount();
    expect(fake.dispose).toHaveBeenCalledWith(fake.chart);
  });

  // Regression: a page test (/etfDetails) crashed when the real klinecharts loaded before the test
  // ended, because init throws where the browser gives no 2D context (it measures axis text on one).
  it('says the K-line failed, keeping its legend, where klinecharts cannot set up without a 2D context', async () => {
    fake.init.mockImplementationOnce(() => {
      throw new TypeError("Cannot read properties of null (reading 'scale')");
    });
    const view = render(<KlineChart bars={bars} height={300} />);
    expect(await screen.findByText('K线加载失败')).toBeTruthy();
    expect(fake.chart.setDataLoader).not.toHaveBeenCalled();
    expect(screen.getByTestId('kline-legend').textContent).toContain('收 11.00');
    view.unmount();
  });

  // Regression (issue 15): klinecharts' own legend said "kline · 1天" and drew OHLC and MA over the
  // candles; the legend is now ours, in Chinese, above the plot, and klinecharts is told the period.
  it('shows the last bar in a Chinese legend above the plot and tells klinecharts the period', async () => {
    const view = render(<KlineChart bars={bars} period="month" volumeUnit="lot" indicators={['MA']} />);
    const legend = screen.getByTestId('kline-legend');
    expect(legend.textContent).toBe(
      '2024-06开 10.30高 11.20低 10.20收 11.00涨幅 +5.77%成交量 300手成交额 32.10万MA5 --MA10 --MA30 --MA60 --',
    );
    // The legend is a sibling before the plot, not inside it.
    expect(legend.nextElementSibling?.classList.contains('kline-chart__plot')).toBe(true);
    await waitFor(() => expect(fake.chart.setPeriod).toHaveBeenCalledWith({ type: 'month', span: 1 }));
    expect(fake.registerLocale).toHaveBeenCalledWith('zh-CN', expect.objectContaining({ month: '月K' }));
    expect(fake.chart.overrideXAxis).toHaveBeenCalled();
    view.unmount();
  });

  // Regression for issue 4's first-frame budget: a cold klinecharts spends its first frame mostly on
  // panes, so the candle pane is drawn first and VOL, MACD and the date axis in the next frame.
  it('draws the candle pane first and adds the sub-panes and the date axis after the first frame', async () => {
    const frames: FrameRequestCallback[] = [];
    const requestFrame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const onFirstFrame = vi.fn();
    const view = render(<KlineChart bars={bars} onFirstFrame={onFirstFrame} />);
    await waitFor(() => expect(fake.chart.setDataLoader).toHaveBeenCalled());

    // First stage: only MA, the date axis hidden, and the container as short as the candle pane.
    const options = fake.init.mock.calls[0]?.[1] as { styles: { xAxis: { show: boolean } } };
    expect(options.styles.xAxis.show).toBe(false);
    const container = view.container.querySelector<HTMLElement>('.kline-chart__canvas');
    expect(container?.style.height).not.toBe('');
    expect(createdIndicators()).toEqual(['MA']);
    expect(onFirstFrame).not.toHaveBeenCalled();

    // The frame that draws the candles; the sub-panes follow once it has been rendered.
    for (const callback of frames.splice(0)) callback(performance.now());
    await waitFor(() => expect(onFirstFrame).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(createdIndicators()).toEqual(['MA', 'VOL', 'MACD']));
    expect(container?.style.height).toBe('');
    expect(fake.chart.setStyles).toHaveBeenCalledWith({ xAxis: { show: true, size: 26 } });
    expect(fake.chart.resize).toHaveBeenCalled();
    expect(fake.chart.setPaneOptions).toHaveBeenCalledWith({ id: 'sub_pane_VOL', height: 72 });
    // Each sub-pane keeps a band free at its top for its legend strip, which covers no bar.
    expect(fake.chart.overrideYAxis).toHaveBeenCalledWith({
      paneId: 'sub_pane_MACD',
      gap: { top: expect.closeTo(0.3, 1), bottom: 0.1 },
    });
    const strips = view.container.querySelectorAll<HTMLElement>('.kline-chart__legend-pane');
    expect([...strips].map((strip) => strip.textContent?.slice(0, 5))).toEqual(['成交量 3', 'MACD(']);

    view.unmount();
    requestFrame.mockRestore();
  });

  // Regression for issue 4's first-frame budget: a cold klinecharts needs ~300 ms at 4x CPU for its
  // first draw, so our own preview of the candle pane shows the candles first, before klinecharts is
  // even initialised, and goes once klinecharts has drawn its first frame.
  it('shows the preview before klinecharts is ready and removes it after klinecharts’ first frame', async () => {
    const frames: FrameRequestCallback[] = [];
    const requestFrame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const runFrame = () => {
      for (const callback of frames.splice(0)) callback(performance.now());
    };
    // A 2D context that records the candle bodies and accepts everything else.
    const bodies: number[][] = [];
    const context = new Proxy(
      {
        measureText: () => ({ width: 30 }),
        fillRect: (...rect: number[]) => bodies.push(rect),
      },
      {
        get: (target, key) => (key in target ? target[key as keyof typeof target] : () => {}),
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(375);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
    const onFirstFrame = vi.fn();
    const view = render(<KlineChart bars={bars} onFirstFrame={onFirstFrame} />);

    // Drawn in the first commit: the preview shows, no placeholder, klinecharts not yet initialised.
    const preview = () => view.container.querySelector<HTMLCanvasElement>('.kline-chart__preview');
    expect(preview()?.hidden).toBe(false);
    expect(view.container.querySelector('.kline-chart__placeholder')).toBeNull();
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    expect(fake.init).not.toHaveBeenCalled();

    // The preview's frame is the first frame; klinecharts starts after it.
    runFrame();
    await waitFor(() => expect(onFirstFrame).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(fake.chart.setDataLoader).toHaveBeenCalled());
    expect(preview()).not.toBeNull();

    // klinecharts' own first frame: the preview goes, the sub-panes come.
    runFrame();
    await waitFor(() => expect(preview()).toBeNull());
    await waitFor(() => expect(createdIndicators()).toEqual(['MA', 'VOL', 'MACD']));
    expect(onFirstFrame).toHaveBeenCalledTimes(1);

    view.unmount();
    requestFrame.mockRestore();
  });
});
