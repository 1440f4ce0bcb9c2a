import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntradayChart } from './intraday-chart.tsx';
import type { IntradayRow } from './intraday-geometry.ts';

/**
 * A 2D context that counts the calls made on it, so a test can see how much one redraw costs, and
 * keeps each text drawn with the baseline it was drawn at.
 */
function countingContext(): {
  context: CanvasRenderingContext2D;
  calls: Map<string, number>;
  texts: { text: string; y: number; baseline: unknown }[];
} {
  const calls = new Map<string, number>();
  const texts: { text: string; y: number; baseline: unknown }[] = [];
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get(target, name) {
      if (name in target) return target[name];
      return (...args: unknown[]) => {
        calls.set(String(name), (calls.get(String(name)) ?? 0) + 1);
        if (name === 'fillText')
          texts.push({ text: String(args[0]), y: Number(args[2]), baseline: target.textBaseline });
      };
    },
    set(target, name, value) {
      target[name] = value;
      return true;
    },
  });
  return { context: context as unknown as CanvasRenderingContext2D, calls, texts };
}

const minutes = [930, 931, 932];
const lots = (shares: number) => `${shares / 100}手`;

afterEach(() => vi.restoreAllMocks());

describe('IntradayChart', () => {
  it('renders its text alternative and survives a browser without a 2D context', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <IntradayChart
        rows={[['20240628', 10.2, 100, 1020, 930, null]]}
        prevClose={10}
        minutes={[930, 931]}
        formatShares={lots}
      />,
    );
    expect(getContext).toHaveBeenCalled();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      '分时图，最新价 10.2，涨跌幅 +2.00%，均价 10.2',
    );
  });

  it('draws five sessions with one path per colour, however many minutes', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    const { context, calls } = countingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    const dates = ['20240624', '20240625', '20240626', '20240627', '20240628'];
    const rows: IntradayRow[] = dates.flatMap((date, day) =>
      minutes.map((hhmm, i): IntradayRow => {
        const price = 10 + (day - 2) * 0.1 + i * 0.01;
        return [date, price, 100, price * 100, hhmm, null];
      }),
    );
    render(<IntradayChart rows={rows} prevClose={10} minutes={minutes} sessions={5} formatShares={lots} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      '五日分时，最高 10.2，最低 9.80，最新价 10.2，区间涨跌幅 +2.20%',
    );
    // 15 volume bars, 5 day labels and 5 price levels: bars batch into a path per tone.
    expect(calls.get('rect')).toBe(15);
    expect(calls.get('fill')).toBe(3);
    expect(calls.get('fillRect')).toBeUndefined();
    // Grid with day separators, baseline, average and price: four strokes.
    expect(calls.get('stroke')).toBe(4);
    // Three grid lines, four separators of two pieces, the baseline, and a run per day for each of
    // the two lines: the lines break between sessions.
    expect(calls.get('moveTo')).toBe(3 + 4 * 2 + 1 + 5 + 5);
    expect(calls.get('fillText')).toBe(5 * 2 + 5);
  });

  it("sets the previous close's labels just above the dashed baseline, not through it", () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    const { context, texts } = countingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    render(
      <IntradayChart
        rows={[['20240628', 10.2, 100, 1020, 930, null]]}
        prevClose={10}
        minutes={minutes}
        formatShares={lots}
      />,
    );
    const baseline = texts.filter(({ text }) => text === '10.00' || text === '0.00%');
    expect(baseline).toHaveLength(2);
    for (const label of baseline) expect(label.baseline).toBe('bottom');
    const upper = texts.find(({ text }) => text === '+1.00%');
    expect(upper?.baseline).toBe('middle');
  });

  it('shows a crosshair with the minute under a pressed finger and hides it when the finger lifts', () => {
    // 320 px over 3 minute labels: 09:30 at 0, 09:31 at 160, 09:32 at 320.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    const { context, calls } = countingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    const rows: IntradayRow[] = [
      ['20240628', 10.2, 100, 102_000, 930, null],
      ['20240628', 9.9, 300, 297_000, 931, null],
    ];
    render(<IntradayChart rows={rows} prevClose={10} minutes={minutes} formatShares={lots} />);
    const chart = screen.getByRole('img').parentElement as HTMLElement;
    expect(screen.queryByText('均价')).toBeNull();
    const arcsBefore = calls.get('arc') ?? 0;

    fireEvent.pointerDown(chart, { pointerType: 'touch', clientX: 150 });
    const legend = () =>
      [...document.querySelectorAll('.intraday-chart__legend-item')].map((item) => item.textContent);
    expect(legend()).toEqual(['时间09:31', '价格9.90', '涨跌幅-1.00%', '均价9.98', '成交量300手']);
    expect(screen.getByText('9.90').className).toContain('quote-tone--down');
    expect(calls.get('arc')).toBe(arcsBefore + 1);

    fireEvent.pointerMove(chart, { pointerType: 'touch', clientX: 10 });
    expect(legend()[0]).toBe('时间09:30');
    expect(screen.getAllByText('10.2')[0]?.className).toContain('quote-tone--up');

    fireEvent.pointerUp(chart, { pointerType: 'touch', clientX: 10 });
    expect(legend()).toEqual([]);
    // A finger that is not down does not move a crosshair; a mouse does, until it leaves.
    fireEvent.pointerMove(chart, { pointerType: 'touch', clientX: 150 });
    expect(legend()).toEqual([]);
    fireEvent.pointerMove(chart, { pointerType: 'mouse', clientX: 150 });
    expect(legend()[0]).toBe('时间09:31');
    fireEvent.pointerLeave(chart, { pointerType: 'mouse' });
    expect(legend()).toEqual([]);
  });
});
