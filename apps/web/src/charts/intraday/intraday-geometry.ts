/**
 * Pure geometry of the minute charts, in CSS pixels: one session (分时) or several side by side on
 * one time axis (五日). Scales, the price axis symmetric around the previous close, the average-price
 * line and the volume bars; the component only strokes what this returns. One session is simply the
 * case `sessions: 1`, so both charts share every rule here.
 */
import { formatPercent, formatPrice, formatReportDate, type Tone, toneAgainst } from '@zhicai/domain';

/** One minute as the wire protocol sends it: price in yuan, volume, amount in yuan, time as hhmm. */
export type IntradayRow = readonly [
  date: string,
  price: number | null,
  volume: number | null,
  amount: number | null,
  hhmm: number,
  extra: unknown,
];

export interface Point {
  x: number;
  y: number;
}

export interface PriceTick {
  y: number;
  price: string;
  percent: string;
  tone: Tone;
}

export interface TimeLabel {
  x: number;
  text: string;
  align: 'left' | 'center' | 'right';
}

export interface VolumeBar {
  x: number;
  y: number;
  width: number;
  height: number;
  tone: Tone;
}

/** One traded minute where the crosshair can stop, with what its legend shows. */
export interface MinuteMark {
  x: number;
  /** y of the price on the price axis. */
  y: number;
  /** The trading day as the feed spells it (YYYYMMDD). */
  date: string;
  hhmm: number;
  price: number;
  /** The close the day's change is measured from: the previous session's last price, or prevClose. */
  reference: number;
  average: number | null;
  /** The minute's volume in shares (the feed's unit applied). */
  shares: number;
}

export interface IntradayLayout {
  /** Every minute with a price, in x order: the stops of the crosshair. */
  marks: MinuteMark[];
  /** The price line, one run per session so the line breaks between days. */
  price: Point[][];
  /** The average-price line, one run per session: it starts again each day. */
  average: Point[][];
  baselineY: number;
  ticks: PriceTick[];
  /** Open/break/close times for one session; the dates (MM-DD) under each day for several. */
  times: TimeLabel[];
  timeLabelY: number;
  /** x of the vertical lines between sessions (none for one session). */
  separators: number[];
  volumes: VolumeBar[];
  priceArea: { top: number; bottom: number };
  volumeArea: { top: number; bottom: number };
}

const toMinutes = (hhmm: number) => Math.floor(hhmm / 100) * 60 + (hhmm % 100);
const fromMinutes = (minutes: number) => Math.floor(minutes / 60) * 100 + (minutes % 60);

export function formatHhmm(hhmm: number): string {
  return `${String(Math.floor(hhmm / 100)).padStart(2, '0')}:${String(hhmm % 100).padStart(2, '0')}`;
}

/**
 * The power of ten between the volume unit and the amount's: minute volume often comes in lots of
 * 100 shares (手) while the amount is in yuan, which would put the average line 100× too high. The
 * first minute that traded tells which: its amount / volume is its price times the unit.
 */
export function volumeUnit(rows: readonly IntradayRow[]): number {
  for (const [, price, volume, amount] of rows) {
    if (price && price > 0 && volume && volume > 0 && amount && amount > 0) {
      return 10 ** Math.round(Math.log10(amount / volume / price));
    }
  }
  return 1;
}

/**
 * The average price of each minute: cumulative amount / cumulative volume (in shares) up to it.
 * Before anything has traded the minute's own price stands in; a row without price gives null.
 * `unit` is the feed's volume unit (see volumeUnit), passed in when the rows are one day of several.
 */
export function averagePrices(rows: readonly IntradayRow[], unit = volumeUnit(rows)): (number | null)[] {
  let volumeSum = 0;
  let amountSum = 0;
  return rows.map(([, price, volume, amount]) => {
    volumeSum += volume ?? 0;
    amountSum += amount ?? 0;
    if (volumeSum > 0 && amountSum > 0) return amountSum / (volumeSum * unit);
    return price;
  });
}

/** A trading day of the rows: its date as the feed spells it (YYYYMMDD) and its minutes in order. */
export interface Session {
  date: string;
  rows: IntradayRow[];
}

/**
 * Splits the rows into trading days by their date and keeps the last `count`, oldest first. Rows
 * arrive in time order, so a day is a run of equal dates; a date seen again joins its day.
 */
export function splitSessions(rows: readonly IntradayRow[], count: number): Session[] {
  const byDate = new Map<string, IntradayRow[]>();
  for (const row of rows) {
    const day = byDate.get(row[0]);
    if (day) day.push(row);
    else byDate.set(row[0], [row]);
  }
  const sessions = [...byDate].map(([date, dayRows]) => ({ date, rows: dayRows }));
  sessions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return sessions.slice(-Math.max(1, count));
}

/**
 * The price axis, symmetric around the previous close so that the middle line is 0%: it reaches the
 * largest move of the price or average line either way; a flat day shows ±1%.
 */
export function priceRange(
  prevClose: number,
  values: readonly (number | null)[],
): { min: number; max: number } {
  let reach = 0;
  for (const value of values) {
    if (value !== null && Number.isFinite(value)) reach = Math.max(reach, Math.abs(value - prevClose));
  }
  if (reach === 0) reach = Math.abs(prevClose) * 0.01 || 0.01;
  return { min: prevClose - reach, max: prevClose + reach };
}

/**
 * The x of a minute of a session. `minutes` are one full session's labels (241 for the mainland,
 * 331 for Hong Kong); `sessions` of them stand end to end across the width, so each day gets the
 * same share whatever its market's hours, and a day's close sits one step before the next day's
 * open. With one session the open is at 0 and the close at the right edge.
 */
export function minuteScale(
  minutes: readonly number[],
  width: number,
  sessions = 1,
): (hhmm: number, session?: number) => number | null {
  const index = new Map(minutes.map((minute, i) => [minute, i]));
  const count = minutes.length * Math.max(1, sessions);
  const step = count > 1 ? width / (count - 1) : 0;
  return (hhmm, session = 0) => {
    const i = index.get(hhmm);
    return i === undefined ? null : (session * minutes.length + i) * step;
  };
}

/** x of the boundaries between sessions: half a step after each day's close. */
export function sessionSeparators(minutes: readonly number[], width: number, sessions: number): number[] {
  const count = minutes.length * sessions;
  if (sessions < 2 || count < 2) return [];
  const step = width / (count - 1);
  return Array.from({ length: sessions - 1 }, (_, day) => ((day + 1) * minutes.length - 0.5) * step);
}

/** The date of each day (MM-DD) centred under its session. */
export function dayLabels(
  dates: readonly string[],
  minutes: readonly number[],
  width: number,
  sessions: number,
): TimeLabel[] {
  const count = minutes.length * sessions;
  const step = count > 1 ? width / (count - 1) : 0;
  return dates.map((date, day) => {
    const text = formatReportDate(date);
    return {
      x: (day * minutes.length + (minutes.length - 1) / 2) * step,
      text: text.length === 10 ? text.slice(5) : text,
      align: 'center',
    };
  });
}

/**
 * Open, break and close labels: 09:30 at the left, 11:30/13:00 where the lunch break falls, 15:00 at
 * the right. Minute labels name the end of their minute, so a session list that resumes at 13:01
 * resumes at 13:00.
 */
export function timeLabels(minutes: readonly number[], width: number): TimeLabel[] {
  const first = minutes[0];
  const last = minutes.at(-1);
  if (first === undefined || last === undefined) return [];
  const labels: TimeLabel[] = [{ x: 0, text: formatHhmm(first), align: 'left' }];
  const step = minutes.length > 1 ? width / (minutes.length - 1) : 0;
  for (let i = 0; i + 1 < minutes.length; i += 1) {
    const before = minutes[i] as number;
    const after = minutes[i + 1] as number;
    if (toMinutes(after) - toMinutes(before) > 1) {
      const resume = after % 100 === 0 ? after : fromMinutes(toMinutes(after) - 1);
      labels.push({ x: i * step, text: `${formatHhmm(before)}/${formatHhmm(resume)}`, align: 'center' });
    }
  }
  if (minutes.length > 1) labels.push({ x: width, text: formatHhmm(last), align: 'right' });
  return labels;
}

export interface IntradayInput {
  /** Minutes in time order; with several sessions, the rows of all days (told apart by date). */
  rows: readonly IntradayRow[];
  /** The previous close before the first session shown: the 0% line. */
  prevClose: number;
  /** One full session's minute labels. */
  minutes: readonly number[];
  width: number;
  height: number;
  /** How many sessions share the time axis: 1 for 分时 (the default), 5 for 五日. */
  sessions?: number;
}

const timeLabelHeight = 16;
const areaPadding = 4;

/** Everything the minute chart draws; the price area takes about three quarters of the height. */
export function intradayLayout({
  rows,
  prevClose,
  minutes,
  width,
  height,
  sessions = 1,
}: IntradayInput): IntradayLayout {
  const slots = Math.max(1, Math.floor(sessions));
  const priceArea = { top: areaPadding, bottom: Math.round((height - timeLabelHeight) * 0.72) - areaPadding };
  const timeLabelY = priceArea.bottom + areaPadding + timeLabelHeight / 2;
  const volumeArea = { top: priceArea.bottom + areaPadding + timeLabelHeight, bottom: height };
  const days = splitSessions(rows, slots);
  // The volume unit is a property of the feed, so the days share the one the first trade shows.
  const unit = volumeUnit(rows);
  const dayAverages = days.map((day) => averagePrices(day.rows, unit));
  const values: (number | null)[] = [];
  let maxVolume = 0;
  for (const [d, day] of days.entries()) {
    for (const row of day.rows) {
      values.push(row[1]);
      maxVolume = Math.max(maxVolume, row[2] ?? 0);
    }
    values.push(...(dayAverages[d] ?? []));
  }
  const { min, max } = priceRange(prevClose, values);
  const yOf = (price: number) =>
    priceArea.bottom - ((price - min) / (max - min)) * (priceArea.bottom - priceArea.top);
  const xOf = minuteScale(minutes, width, slots);

  const marks: MinuteMark[] = [];
  const price: Point[][] = [];
  const average: Point[][] = [];
  const volumes: VolumeBar[] = [];
  const barWidth = Math.max(1, (width / Math.max(1, minutes.length * slots)) * 0.6);
  const volumeHeight = volumeArea.bottom - volumeArea.top;
  // A bar is red when its minute closed above the one before; the first minute of a day compares
  // with the day before's last price, and the very first with the previous close.
  let previous = prevClose;
  for (const [d, day] of days.entries()) {
    const reference = previous;
    const priceRun: Point[] = [];
    const averageRun: Point[] = [];
    const averages = dayAverages[d] ?? [];
    for (const [i, [, value, volume, , hhmm]] of day.rows.entries()) {
      const x = xOf(hhmm, d);
      if (x === null || value === null) continue;
      const y = yOf(value);
      priceRun.push({ x, y });
      const mean = averages[i] ?? null;
      if (mean !== null) averageRun.push({ x, y: yOf(mean) });
      marks.push({
        x,
        y,
        date: day.date,
        hhmm,
        price: value,
        reference,
        average: mean,
        shares: (volume ?? 0) * unit,
      });
      if (volume && volume > 0 && maxVolume > 0) {
        const barHeight = Math.max(1, (volume / maxVolume) * volumeHeight);
        volumes.push({
          x: Math.min(Math.max(0, x - barWidth / 2), width - barWidth),
          y: volumeArea.bottom - barHeight,
          width: barWidth,
          height: barHeight,
          tone: toneAgainst(value, previous),
        });
      }
      previous = value;
    }
    price.push(priceRun);
    average.push(averageRun);
  }

  const ticks: PriceTick[] = [1, 0.5, 0, -0.5, -1].map((share) => {
    const value = prevClose + ((max - min) / 2) * share;
    return {
      y: yOf(value),
      // Axis labels keep the exchange's 0.01 yuan tick on every level so they line up; the
      // display rule of formatPrice (fewer decimals from 10 yuan) would mix 10.0 with 9.75.
      price: value.toFixed(2),
      percent: formatPercent(prevClose === 0 ? null : (value - prevClose) / prevClose),
      tone: toneAgainst(share, 0),
    };
  });

  return {
    marks,
    price,
    average,
    baselineY: yOf(prevClose),
    ticks,
    times:
      slots === 1
        ? timeLabels(minutes, width)
        : dayLabels(
            days.map((day) => day.date),
            minutes,
            width,
            slots,
          ),
    timeLabelY,
    separators: sessionSeparators(minutes, width, slots),
    volumes,
    priceArea,
    volumeArea,
  };
}

/** The mark closest to x (marks in x order), or null when there is none. */
export function nearestMark(marks: readonly MinuteMark[], x: number): MinuteMark | null {
  let low = 0;
  let high = marks.length - 1;
  if (high < 0) return null;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((marks[middle] as MinuteMark).x < x) low = middle + 1;
    else high = middle;
  }
  const after = marks[low] as MinuteMark;
  const before = marks[low - 1];
  return before && x - before.x <= after.x - x ? before : after;
}

export interface LegendItem {
  label: string;
  text: string;
  /** Price figures take the colour of their change; time and volume have none. */
  tone: Tone | null;
}

/**
 * What the crosshair's legend reads for a minute: time (with the day when several sessions are
 * shown), price and change against the day's reference close, coloured by it, average price and
 * volume. `formatShares` words the volume the way the market quotes it (手 or 股).
 */
export function markLegend(
  mark: MinuteMark,
  sessions: number,
  formatShares: (shares: number) => string,
): LegendItem[] {
  const day = formatReportDate(mark.date);
  const time = formatHhmm(mark.hhmm);
  const tone = toneAgainst(mark.price, mark.reference);
  const change = mark.reference > 0 ? (mark.price - mark.reference) / mark.reference : null;
  return [
    { label: '时间', text: sessions > 1 && day.length === 10 ? `${day.slice(5)} ${time}` : time, tone: null },
    { label: '价格', text: formatPrice(mark.price), tone },
    { label: '涨跌幅', text: formatPercent(change), tone },
    {
      label: '均价',
      text: formatPrice(mark.average),
      tone: mark.average === null ? null : toneAgainst(mark.average, mark.reference),
    },
    { label: '成交量', text: formatShares(mark.shares), tone: null },
  ];
}

const sessionNames: Readonly<Record<number, string>> = { 2: '两日', 3: '三日', 4: '四日', 5: '五日' };

/**
 * The text alternative. One session: last price, change against the previous close and the
 * average price. Several: the window's high and low, the last price and the change over the window.
 */
export function intradaySummary(rows: readonly IntradayRow[], prevClose: number, sessions = 1): string {
  const change = (price: number) => (prevClose > 0 ? (price - prevClose) / prevClose : null);
  if (sessions > 1) {
    const name = `${sessionNames[sessions] ?? `${sessions}日`}分时`;
    let high: number | null = null;
    let low: number | null = null;
    let last: number | null = null;
    for (const day of splitSessions(rows, sessions)) {
      for (const [, price] of day.rows) {
        if (price === null || !Number.isFinite(price)) continue;
        high = high === null ? price : Math.max(high, price);
        low = low === null ? price : Math.min(low, price);
        last = price;
      }
    }
    if (last === null) return `${name}，暂无数据`;
    return `${name}，最高 ${formatPrice(high)}，最低 ${formatPrice(low)}，最新价 ${formatPrice(last)}，区间涨跌幅 ${formatPercent(change(last))}`;
  }
  const averages = averagePrices(rows);
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    const price = rows[i]?.[1];
    if (price === null || price === undefined) continue;
    return `分时图，最新价 ${formatPrice(price)}，涨跌幅 ${formatPercent(change(price))}，均价 ${formatPrice(averages[i])}`;
  }
  return '分时图，暂无数据';
}
