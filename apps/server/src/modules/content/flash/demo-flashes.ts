import type { Quote } from '@zhicai/contract';
import { type DayNumber, formatAmount, formatPercent } from '@zhicai/domain';
import type { FlashDraft } from './flash.repository.ts';

/**
 * The flashes of the demo market (issue 17 Data 2), as pure functions of its figures: the writer
 * (demo-flash-writer.ts) calls them with the quotes of the moment while the market runs, and with
 * the stored daily bars for the days before it started. Every figure a flash states is the figure
 * the market's screens show at that moment, written at the tick of the instrument (two decimals).
 * Each flash names its event (`eventKey`), so the same event never makes a second flash.
 */

/** Prices and index levels as the quote screens show them. */
const level = (value: number) => value.toFixed(2);
/** A change as "涨1.23%" / "跌0.45%" / "平盘". */
function move(chgPct: number): string {
  if (chgPct > 0) return `涨${formatPercent(chgPct, { sign: false })}`;
  if (chgPct < 0) return `跌${formatPercent(-chgPct, { sign: false })}`;
  return '平盘';
}

/** The round levels an index is watched at: every 100 points, every 500 from 10,000 on. */
export function roundStep(value: number): number {
  return value >= 10_000 ? 500 : 100;
}

/** What a flash needs of an instrument besides its quote. */
export interface Subject {
  code: string;
  name: string;
  /** Its SW level-1 industry, when it has one. */
  industry: { code: string; name: string; chgPct: number | null } | null;
}

/** The figures of one moment of a stock or index: a live quote, or a stored day's close. */
export interface Figures {
  price: number;
  prevClose: number;
  amount: number;
}

const chgPctOf = (figures: Pick<Figures, 'price' | 'prevClose'>) =>
  (figures.price - figures.prevClose) / figures.prevClose;

/** A stock at its daily limit: 涨停 or 跌停. `live` says whether the session is still running. */
export function limitFlash(
  subject: Subject,
  figures: Figures,
  side: 'up' | 'down',
  day: DayNumber,
  time: number,
  live: boolean,
): FlashDraft {
  const word = side === 'up' ? '涨停' : '跌停';
  const industry = subject.industry
    ? `所属申万行业${subject.industry.name}${subject.industry.chgPct === null ? '' : `今日${move(subject.industry.chgPct)}`}。`
    : '';
  const what = live
    ? `盘中触及${word}，报${level(figures.price)}元`
    : `收盘${word}，报${level(figures.price)}元`;
  return {
    time,
    title: `${subject.name}${word}`,
    body: `${subject.name}（${subject.code}）${what}，${move(chgPctOf(figures))}，成交额${formatAmount(figures.amount)}元。${industry}`,
    importance: 1,
    codes: [subject.code],
    sectors: subject.industry ? [subject.industry.code] : [],
    source: 'demo',
    eventKey: `limit-${side}:${subject.code}:${day}`,
  };
}

/**
 * An index crossing a round level between two of its figures (the last seen and the current
 * price): 站上 when it rose through it, 跌破 when it fell through it; null when it crossed none.
 * Crossing several levels at once reports the furthest.
 */
export function crossingFlash(
  subject: Subject,
  figures: Pick<Figures, 'price' | 'prevClose'>,
  before: number,
  day: DayNumber,
  time: number,
): FlashDraft | null {
  const now = figures.price;
  const step = roundStep(Math.max(now, before));
  const up = Math.floor(now / step) > Math.floor(before / step);
  const down = Math.ceil(now / step) < Math.ceil(before / step);
  if (!up && !down) return null;
  const crossed = up ? Math.floor(now / step) * step : Math.ceil(now / step) * step;
  const verb = up ? '站上' : '跌破';
  return {
    time,
    title: `${subject.name}${verb}${crossed}点`,
    body: `${subject.name}指数${verb}${crossed}点，报${level(now)}点，日内${move(chgPctOf(figures))}。`,
    importance: 2,
    codes: [subject.code],
    sectors: [],
    source: 'demo',
    eventKey: `index-cross:${subject.code}:${day}:${crossed}:${up ? 'up' : 'down'}`,
  };
}

/** The headline indices at the open: each at its opening level and change from the last close. */
export function openFlash(
  indices: readonly { name: string; code: string; open: number; prevClose: number }[],
  day: DayNumber,
  time: number,
): FlashDraft | null {
  if (indices.length === 0) return null;
  const parts = indices.map(
    (index) =>
      `${index.name}${move((index.open - index.prevClose) / index.prevClose)}，报${level(index.open)}点`,
  );
  return {
    time,
    title: 'A股开盘',
    body: `A股开盘：${parts.join('；')}。`,
    importance: 2,
    codes: indices.map((index) => index.code),
    sectors: [],
    source: 'demo',
    eventKey: `open:${day}`,
  };
}

/** The day's breadth of the A-share market, as the market overview counts it. */
export interface Breadth {
  amount: number;
  rise: number;
  fall: number;
  flat: number;
  limitUp: number;
  limitDown: number;
}

/** The close: the headline indices, the two markets' amount traded and the breadth. */
export function closeFlash(
  indices: readonly { name: string; code: string; figures: Figures }[],
  breadth: Breadth,
  day: DayNumber,
  time: number,
): FlashDraft {
  const parts = indices.map(
    (index) => `${index.name}${move(chgPctOf(index.figures))}，报${level(index.figures.price)}点`,
  );
  const lead = parts.length > 0 ? `${parts.join('；')}。` : '';
  return {
    time,
    title: `A股收盘：两市成交额${formatAmount(breadth.amount)}元`,
    body:
      `A股收盘：${lead}两市成交额${formatAmount(breadth.amount)}元；${breadth.rise}只个股上涨，` +
      `${breadth.fall}只下跌，${breadth.flat}只平盘；${breadth.limitUp}只涨停，${breadth.limitDown}只跌停。`,
    importance: 3,
    codes: indices.map((index) => index.code),
    sectors: [],
    source: 'demo',
    eventKey: `close:${day}`,
  };
}

/** The SW level-1 industries that led and lagged the day. */
export function industryFlash(
  lead: { code: string; name: string; chgPct: number },
  lag: { code: string; name: string; chgPct: number },
  day: DayNumber,
  time: number,
): FlashDraft {
  return {
    time,
    title: `行业收盘：${lead.name}领涨，${lag.name}领跌`,
    body: `申万一级行业收盘：${lead.name}${move(lead.chgPct)}，居行业涨幅首位；${lag.name}${move(lag.chgPct)}，表现最弱。`,
    importance: 2,
    codes: [lead.code, lag.code],
    sectors: [lead.code, lag.code],
    source: 'demo',
    eventKey: `industry:${day}`,
  };
}

/** North-bound money turning: to a net inflow or a net outflow, once each a day. */
export function northTurnFlash(netInflow: number, day: DayNumber, time: number, clock: string): FlashDraft {
  const inflow = netInflow > 0;
  return {
    time,
    title: inflow ? '北向资金转为净流入' : '北向资金转为净流出',
    body: `截至${clock}，北向资金${inflow ? '净流入' : '净流出'}${formatAmount(Math.abs(netInflow))}元，盘中${inflow ? '由净流出转为净流入' : '由净流入转为净流出'}。`,
    importance: 2,
    codes: [],
    sectors: [],
    source: 'demo',
    eventKey: `north-turn:${day}:${inflow ? 'in' : 'out'}`,
  };
}

/** Which side of its limits a quote is at, if any. */
export function limitSide(quote: Pick<Quote, 'price' | 'limitUp' | 'limitDown'>): 'up' | 'down' | null {
  if (quote.price === null) return null;
  if (quote.limitUp !== null && quote.price >= quote.limitUp) return 'up';
  if (quote.limitDown !== null && quote.price <= quote.limitDown) return 'down';
  return null;
}
