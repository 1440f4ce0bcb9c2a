/**
 * The demo market's companies are believable (issue 15 §2): prices end five years of history near
 * real levels, market values rank the real giants first, turnover rates and amounts are those of the
 * real market, and no A-share ends below 1 yuan. The history is generated here exactly as the
 * provider does (generateBars from each stock's start price), once for the whole file.
 */
import {
  addCalendarDays,
  type DayBarRow,
  type DayNumber,
  faceValueDelistingDay,
  limitPrices,
  priceLimitRatio,
  tradingDaysBetween,
} from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { isStInstrument, priceProfile, startPrice } from './demo-profiles.ts';
import { generateBars } from './demo-series.ts';
import { type DemoInstrument, defaultDemoSeed, generateDemoCatalogue } from './instrument-catalogue.ts';

const seed = defaultDemoSeed;
const through: DayNumber = 20261124;
const { instruments } = generateDemoCatalogue(seed);
const aShares = instruments.filter((item) => item.type === 'capital');
const historyStart = addCalendarDays(through, -(5 * 366 + 30));
const cnDays = tradingDaysBetween('cn', historyStart, through);

interface StockHistory {
  stock: DemoInstrument;
  closes: number[];
  lastClose: number;
  /** Float shares at the end (after any bonus issues). */
  floatShares: number;
  rows: DayBarRow[];
  /** Amount (yuan) and turnover rate of each of the last 60 trading days. */
  amounts: number[];
  turnoverRates: number[];
}

function history(stock: DemoInstrument): StockHistory {
  const profile = priceProfile(seed, stock);
  const first = Math.max(Number(stock.listingDate.replaceAll('-', '')), historyStart);
  const days = cnDays.filter((day) => day >= first);
  const bars = generateBars(seed, stock, { ...profile }, days, {
    lastDay: addCalendarDays(first, -1),
    lastClose: startPrice(seed, stock),
    factor: 1,
    floatShares: stock.floatShares ?? profile.floatShares,
  });
  const traded = bars.rows.filter((row) => row[5] !== null);
  const recent = traded.slice(-60);
  return {
    stock,
    rows: bars.rows,
    closes: traded.map((row) => row[5] ?? 0),
    lastClose: bars.state.lastClose,
    floatShares: bars.state.floatShares,
    amounts: recent.map((row) => row[7] ?? 0),
    turnoverRates: recent.map((row) => (row[6] ?? 0) / bars.state.floatShares),
  };
}

const histories = aShares.map(history);
const byCode = new Map(histories.map((item) => [item.stock.code, item]));
const totalCap = (item: StockHistory) => item.lastClose * (item.stock.totalShares ?? 0);
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const marketAmount = histories.reduce((sum, item) => sum + mean(item.amounts), 0);
const yi = 1e8;

describe('prices at the end of the history', () => {
  it.each([
    ['600519.SH', 1150, 1850],
    ['600031.SH', 14, 27],
    ['300750.SZ', 280, 480],
    ['600036.SH', 32, 55],
    ['601318.SH', 42, 72],
    ['601398.SH', 5.5, 10],
  ])('%s ends between %d and %d yuan', (code, low, high) => {
    const item = byCode.get(code);
    expect(item?.lastClose).toBeGreaterThan(low);
    expect(item?.lastClose).toBeLessThan(high);
  });

  it('no A-share closes below 1 yuan on any day of the five years, so none meets the delisting rule', () => {
    const below = histories.filter((item) => item.closes.some((close) => close < 1));
    expect(below.map((item) => item.stock.code)).toEqual([]);
    const delisted = histories.filter(
      (item) => faceValueDelistingDay(item.rows.map((row) => [row[0], row[5]] as const)) !== null,
    );
    expect(delisted).toEqual([]);
  });

  it('most A-shares trade between 4 and 60 yuan, as on the real market', () => {
    const inRange = histories.filter((item) => item.lastClose >= 4 && item.lastClose <= 60);
    expect(inRange.length / histories.length).toBeGreaterThan(0.7);
  });
});

describe('market values', () => {
  const ranked = [...histories].sort((a, b) => totalCap(b) - totalCap(a));

  it('the twenty largest are real large caps, 茅台 and the big banks among the first ten', () => {
    const top = ranked.slice(0, 20);
    expect(top.filter((item) => item.stock.generated).map((item) => item.stock.code)).toEqual([]);
    const topTen = ranked.slice(0, 10).map((item) => item.stock.code);
    for (const code of ['600519.SH', '601398.SH', '601288.SH']) expect(topTen).toContain(code);
    expect(totalCap(ranked[0] as StockHistory)).toBeGreaterThan(1e12);
    expect(totalCap(ranked[0] as StockHistory)).toBeLessThan(4e12);
  });

  it('generated companies are mostly worth 30–300亿, the growth boards and Beijing less', () => {
    const generated = histories.filter((item) => item.stock.generated);
    const midSized = generated.filter((item) => totalCap(item) >= 20 * yi && totalCap(item) <= 400 * yi);
    expect(midSized.length / generated.length).toBeGreaterThan(0.6);
    const boardMedian = (boards: readonly string[]) =>
      median(generated.filter((item) => boards.includes(item.stock.board)).map(totalCap));
    expect(boardMedian(['sh', 'sz'])).toBeGreaterThan(boardMedian(['bj']));
    expect(boardMedian(['bj'])).toBeLessThan(40 * yi);
    expect(boardMedian(['sh', 'sz'])).toBeGreaterThan(40 * yi);
  });
});

describe('turnover', () => {
  it('daily turnover rates are mostly 0.3–5%: large caps lower, small caps higher', () => {
    const rates = histories.map((item) => mean(item.turnoverRates));
    expect(rates.filter((rate) => rate >= 0.003 && rate <= 0.05).length / rates.length).toBeGreaterThan(0.8);
    const ranked = [...histories].sort((a, b) => totalCap(b) - totalCap(a));
    const largeRates = ranked.slice(0, 30).map((item) => mean(item.turnoverRates));
    const smallRates = ranked.slice(-60).map((item) => mean(item.turnoverRates));
    expect(median(largeRates)).toBeLessThan(median(smallRates) / 2);
  });

  it('茅台 turns over a few 十亿 a day, a small share of the market', () => {
    const moutai = mean(byCode.get('600519.SH')?.amounts ?? []);
    expect(moutai).toBeGreaterThan(15 * yi);
    expect(moutai).toBeLessThan(120 * yi);
    expect(moutai / marketAmount).toBeLessThan(0.05);
  });

  it('the 两市 amount at the real market size lands in 0.8–2万亿', () => {
    // Today's universe holds the well-known names and a sample of generated companies; the real
    // market adds generated companies like them up to about 5,000 A-shares (catalogueSizes).
    const known = histories.filter((item) => !item.stock.generated);
    const generated = histories.filter((item) => item.stock.generated);
    const knownAmount = known.reduce((sum, item) => sum + mean(item.amounts), 0);
    const perGenerated = (marketAmount - knownAmount) / generated.length;
    const atFullSize = knownAmount + perGenerated * (5000 - known.length);
    expect(atFullSize).toBeGreaterThan(0.8e12);
    expect(atFullSize).toBeLessThan(2e12);
    console.info(
      `两市 amount: ${(marketAmount / yi).toFixed(0)}亿 for ${histories.length} A-shares, ` +
        `${(atFullSize / yi).toFixed(0)}亿 projected for 5,000`,
    );
  });
});

describe('ST stocks', () => {
  const st = histories.filter((item) => isStInstrument(seed, item.stock));

  it('some generated main-board stocks are ST, and their price model knows it', () => {
    expect(st.length).toBeGreaterThan(0);
    for (const item of st) {
      expect(['sh', 'sz']).toContain(item.stock.board);
      expect(priceProfile(seed, item.stock).isSt).toBe(true);
    }
  });

  // The limit itself is the domain's rule (price-limit.ts); the generator must ask it with is_st.
  it('every day of an ST stock stays within the limit the domain rule gives an ST share that day', () => {
    const outside: string[] = [];
    for (const item of st) {
      for (const [day, prevClose, , high, low, close] of item.rows) {
        if (close === null || high === null || low === null || prevClose === null) continue;
        const ratio = priceLimitRatio(item.stock.board, true, {
          onDay: day,
          listingDay: Number(item.stock.listingDate.replaceAll('-', '')),
        });
        if (ratio === null) continue;
        const limits = limitPrices(prevClose, ratio);
        if (high > limits.up || low < limits.down) outside.push(`${item.stock.code} ${day}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
