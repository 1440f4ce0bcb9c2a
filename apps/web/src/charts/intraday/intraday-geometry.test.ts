import { describe, expect, it } from 'vitest';
import {
  averagePrices,
  type IntradayRow,
  intradayLayout,
  intradaySummary,
  markLegend,
  minuteScale,
  nearestMark,
  priceRange,
  sessionSeparators,
  splitSessions,
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

/** Hong Kong: 09:30–12:00 and 13:01–16:00, 331 minute labels. */
function hkSessionMinutes(): number[] {
  const minutes: number[] = [];
  for (let m = 9 * 60 + 30; m <= 12 * 60; m += 1) minutes.push(Math.floor(m / 60) * 100 + (m % 60));
  for (let m = 13 * 60 + 1; m <= 16 * 60; m += 1) minutes.push(Math.floor(m / 60) * 100 + (m % 60));
  return minutes;
}

const row = (
  hhmm: number,
  price: number | null,
  volume: number,
  amount: number,
  date = '20240628',
): IntradayRow => [date, price, volume, amount, hhmm, null];

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
    expect(layout.price[0]?.[0]?.y).toBeCloseTo(top);
  });

  it('colours each volume bar by the change from the minute before', () => {
    expect(layout.volumes.map((bar) => bar.tone)).toEqual(['up', 'down']);
    expect(layout.volumes[1]?.height).toBeCloseTo(layout.volumeArea.bottom - layout.volumeArea.top);
    expect(layout.price).toHaveLength(1);
    expect(layout.price[0]).toHaveLength(3);
    expect(layout.average[0]).toHaveLength(3);
  });

  it('has no day separators and keeps the open, break and close labels', () => {
    expect(layout.separators).toEqual([]);
    expect(layout.times.map((label) => label.text)).toEqual(['09:30', '11:30/13:00', '15:00']);
  });

  it('describes the last price, change and average', () => {
    expect(intradaySummary(rows, 10)).toBe('分时图，最新价 10.2，涨跌幅 +2.00%，均价 10.3');
    expect(intradaySummary([], 10)).toBe('分时图，暂无数据');
  });
});

describe('five sessions on one axis', () => {
  const minutes = sessionMinutes();
  const dates = ['20240624', '20240625', '20240626', '20240627', '20240628'];

  it('splits the rows by date, oldest first, and keeps the last sessions', () => {
    const rows = ['20240621', ...dates].flatMap((date) => [
      row(930, 10, 1, 10, date),
      row(931, 10, 1, 10, date),
    ]);
    const sessions = splitSessions(rows, 5);
    expect(sessions.map((session) => session.date)).toEqual(dates);
    expect(sessions.every((session) => session.rows.length === 2)).toBe(true);
    expect(splitSessions([], 5)).toEqual([]);
  });

  it('gives each day the same share of the width and puts each minute in its day', () => {
    // 5 × 241 labels over 1204 px: one pixel a minute.
    const x = minuteScale(minutes, 1204, 5);
    expect(x(930, 0)).toBe(0);
    expect(x(1130, 0)).toBe(120);
    expect(x(1500, 0)).toBe(240);
    expect(x(930, 1)).toBe(241);
    expect(x(1301, 2)).toBe(2 * 241 + 121);
    expect(x(1500, 4)).toBe(1204);
    expect(x(1200, 3)).toBeNull();
    // One session is the 分时 case: the same scale as before.
    expect(minuteScale(minutes, 240)(1500)).toBe(240);
  });

  it('draws the day boundaries half a minute after each close', () => {
    expect(sessionSeparators(minutes, 1204, 5)).toEqual([240.5, 481.5, 722.5, 963.5]);
    expect(sessionSeparators(minutes, 1204, 1)).toEqual([]);
  });

  it('sizes a Hong Kong day by its own 331 minutes', () => {
    const hk = hkSessionMinutes();
    expect(hk).toHaveLength(331);
    const x = minuteScale(hk, 5 * 331 - 1, 5);
    expect(x(1200, 0)).toBe(150);
    expect(x(1600, 0)).toBe(330);
    expect(x(930, 1)).toBe(331);
    expect(sessionSeparators(hk, 5 * 331 - 1, 5)[0]).toBe(330.5);
  });

  // Day 1 closes up at 10.5, day 2 opens lower and falls to 9.5, volume in lots of 100 shares.
  const rows = [
    row(930, 10.2, 10, 10_200, '20240627'),
    row(931, 10.5, 10, 10_500, '20240627'),
    row(930, 10.4, 20, 20_800, '20240628'),
    row(931, 9.5, 40, 38_000, '20240628'),
    row(932, 9.5, 10, 9_500, '20240628'),
  ];
  const layout = intradayLayout({ rows, prevClose: 10, minutes, width: 1204, height: 216, sessions: 5 });

  it('labels each day MM-DD under the middle of its session', () => {
    expect(layout.times).toEqual([
      { x: 120, text: '06-27', align: 'center' },
      { x: 361, text: '06-28', align: 'center' },
    ]);
    expect(layout.separators).toHaveLength(4);
  });

  it('breaks the price line between days and starts the average again each day', () => {
    expect(layout.price.map((run) => run.map((point) => point.x))).toEqual([
      [0, 1],
      [241, 242, 243],
    ]);
    // Day 2's first average is its own first price, not a mix with day 1.
    expect(layout.average[1]?.[0]?.y).toBeCloseTo(layout.price[1]?.[0]?.y ?? Number.NaN);
  });

  it("keeps the axis centred on the first day's previous close with percent labels against it", () => {
    expect(layout.ticks.map((tick) => [tick.price, tick.percent, tick.tone])).toEqual([
      ['10.50', '+5.00%', 'up'],
      ['10.25', '+2.50%', 'up'],
      ['10.00', '0.00%', 'flat'],
      ['9.75', '-2.50%', 'down'],
      ['9.50', '-5.00%', 'down'],
    ]);
    expect(layout.baselineY).toBeCloseTo((layout.priceArea.top + layout.priceArea.bottom) / 2);
  });

  it("colours volume red up, green down, a day's first minute against the day before", () => {
    // 10.2 > 10 prev close, 10.5 up, 10.4 < 10.5 of the day before, 9.5 down, 9.5 flat.
    expect(layout.volumes.map((bar) => bar.tone)).toEqual(['up', 'up', 'down', 'down', 'flat']);
    const tallest = layout.volumes[3];
    expect(tallest?.height).toBeCloseTo(layout.volumeArea.bottom - layout.volumeArea.top);
    expect(tallest?.x).toBeCloseTo(242 - (tallest?.width ?? 0) / 2);
  });

  it('stops the crosshair at the nearest traded minute, across days', () => {
    expect(layout.marks.map((mark) => mark.x)).toEqual([0, 1, 241, 242, 243]);
    expect(nearestMark(layout.marks, -20)?.hhmm).toBe(930);
    expect(nearestMark(layout.marks, 0.4)?.x).toBe(0);
    expect(nearestMark(layout.marks, 0.6)?.x).toBe(1);
    // Between the days, the nearer side wins: 1 is 120 px away from 121, 241 is 120 away too.
    expect(nearestMark(layout.marks, 121)?.x).toBe(1);
    expect(nearestMark(layout.marks, 122)?.x).toBe(241);
    expect(nearestMark(layout.marks, 5000)?.x).toBe(243);
    expect(nearestMark([], 10)).toBeNull();
  });

  it("reads a minute with its day, its change against that day's reference close, and volume in shares", () => {
    const lots = (shares: number) => `${shares / 100}手`;
    // Day 2's 09:31: 9.5 against day 1's last price 10.5; volume 40 lots of 100.
    const second = nearestMark(layout.marks, 242);
    if (!second) throw new Error('no mark');
    expect(markLegend(second, 5, lots)).toEqual([
      { label: '时间', text: '06-28 09:31', tone: null },
      { label: '价格', text: '9.50', tone: 'down' },
      { label: '涨跌幅', text: '-9.52%', tone: 'down' },
      { label: '均价', text: '9.80', tone: 'down' },
      { label: '成交量', text: '40手', tone: null },
    ]);
    // Day 1 measures from the previous close; one session shows the time alone.
    const first = layout.marks[0];
    if (!first) throw new Error('no mark');
    expect(markLegend(first, 1, lots).slice(0, 3)).toEqual([
      { label: '时间', text: '09:30', tone: null },
      { label: '价格', text: '10.2', tone: 'up' },
      { label: '涨跌幅', text: '+2.00%', tone: 'up' },
    ]);
  });

  it('describes the window by its high and low', () => {
    expect(intradaySummary(rows, 10, 5)).toBe(
      '五日分时，最高 10.5，最低 9.50，最新价 9.50，区间涨跌幅 -5.00%',
    );
    expect(intradaySummary([], 10, 5)).toBe('五日分时，暂无数据');
  });
});
