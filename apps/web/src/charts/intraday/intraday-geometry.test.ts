import { describe, expect, it } from 'vitest';
import {
  averagePrices,
  type IntradayRow,
  intradayLayout,
  intradaySummary,
  minuteScale,
  priceRange,
  timeLabels,
  volumeUnit,
} from './intraday-geometry.ts';

/** The A-share session: 09:30–11:30 and 13:01–15:00, 241 minute labels. */
function sessionMinutes(): number[] {
  const minutes: number[] = [];
  for (let m = 9 * 60 + 30; m <= 11 * 60 + 30; m += 1) minutes.push(Math.floor(m / 60) * 100 + (m % 60));
  for (let m = 13 * 60 + 1; m <= 15 * 60; m += 1) minutes.push(Math.floor(m / 60) * 100 + (m % 60));
  return minutes;
}

const row = (hhmm: number, price: number | null, volume: number, amount: number): IntradayRow => [
  '20240628',
  price,
  volume,
  amount,
  hhmm,
  null,
];

describe('intraday average price', () => {
  it('is cumulative amount over cumulative volume', () => {
    const rows = [row(930, 10, 100, 1000), row(931, 11, 300, 3300)];
    expect(averagePrices(rows)).toEqual([10, 10.75]);
  });

  it('uses the price while nothing has traded', () => {
    expect(averagePrices([row(930, 10, 0, 0), row(931, 10.2, 0, 0)])).toEqual([10, 10.2]);
  });

  it('converts volume in lots of 100 shares to shares', () => {
    const rows = [row(930, 10, 1, 1000), row(931, 12, 1, 1200)];
    expect(volumeUnit(rows)).toBe(100);
    expect(averagePrices(rows)).toEqual([10, 11]);
  });
});

describe('intraday scales', () => {
  it('centres the price axis on the previous close, reaching the largest move', () => {
    expect(priceRange(10, [10.5, 9.8, null])).toEqual({ min: 9.5, max: 10.5 });
  });

  it('shows ±1% on a flat day', () => {
    const range = priceRange(10, [10, 10]);
    expect(range.min).toBeCloseTo(9.9);
    expect(range.max).toBeCloseTo(10.1);
  });

  it('places minutes over the full session so the line covers only the elapsed part', () => {
    const minutes = sessionMinutes();
    expect(minutes).toHaveLength(241);
    const x = minuteScale(minutes, 240);
    expect(x(930)).toBe(0);
    expect(x(1130)).toBe(120);
    expect(x(1500)).toBe(240);
    expect(x(1200)).toBeNull();
  });

  it('labels the open, the lunch break and the close', () => {
    expect(timeLabels(sessionMinutes(), 240)).toEqual([
      { x: 0, text: '09:30', align: 'left' },
      { x: 120, text: '11:30/13:00', align: 'center' },
      { x: 240, text: '15:00', align: 'right' },
    ]);
  });
});

describe('intraday layout', () => {
  const rows = [row(930, 10.5, 100, 1050), row(931, 10.2, 200, 2040), row(932, 10.2, 0, 0)];
  const layout = intradayLayout({ rows, prevClose: 10, minutes: sessionMinutes(), width: 240, height: 216 });

  it('puts the previous close in the middle of the price area with red above and green below', () => {
    const { top, bottom } = layout.priceArea;
    expect(layout.baselineY).toBeCloseTo((top + bottom) / 2);
    expect(layout.ticks.map((tick) => [tick.price, tick.percent, tick.tone])).toEqual([
      ['10.50', '+5.00%', 'up'],
      ['10.25', '+2.50%', 'up'],
      ['10.00', '0.00%', 'flat'],
      ['9.75', '-2.50%', 'down'],
      ['9.50', '-5.00%', 'down'],
    ]);
    expect(layout.price[0]?.y).toBeCloseTo(top);
  });

  it('colours each volume bar by the change from the minute before', () => {
    expect(layout.volumes.map((bar) => bar.tone)).toEqual(['up', 'down']);
    expect(layout.volumes[1]?.height).toBeCloseTo(layout.volumeArea.bottom - layout.volumeArea.top);
    expect(layout.price).toHaveLength(3);
    expect(layout.average).toHaveLength(3);
  });

  it('describes the last price, change and average', () => {
    expect(intradaySummary(rows, 10)).toBe('分时图，最新价 10.2，涨跌幅 +2.00%，均价 10.3');
    expect(intradaySummary([], 10)).toBe('分时图，暂无数据');
  });
});
