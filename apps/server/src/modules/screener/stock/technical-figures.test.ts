import { describe, expect, it } from 'vitest';
import { liveTechnicals, orderOf, priorFigures, rpsOf } from './technical-figures.ts';

/** Stored bars [day, prevClose, open, high, low, close, volume, amount] of closes, one day apart. */
function bars(closes: readonly number[], prevCloses?: readonly number[]): number[][] {
  return closes.map((close, index) => {
    const prevClose = prevCloses?.[index] ?? closes[index - 1] ?? close;
    return [20260101 + index, prevClose, close, close, close, close, 1000, close * 1000];
  });
}

describe('technical figures of the stock screen', () => {
  it('MA5 crossing MA10 today: twenty flat closes of 10, then a price of 11', () => {
    const prior = priorFigures(bars(new Array(20).fill(10)), 20260200);
    expect(prior).not.toBeNull();
    const live = liveTechnicals(prior as NonNullable<typeof prior>, 11, 10);
    // MA5 = (4 × 10 + 11) ÷ 5 = 10.2 and MA10 = (9 × 10 + 11) ÷ 10 = 10.1, both 10 yesterday.
    expect(live.maGoldenCross).toBe(1);
    expect(live.maDeadCross).toBe(0);
    expect(live.maPosition[5]).toBeCloseTo((11 / 10.2 - 1) * 100, 10);
    expect(live.maPosition[20]).toBeCloseTo((11 / 10.05 - 1) * 100, 10);
    // Too short a history gives no MA60.
    expect(live.maPosition[60]).toBeNaN();
    expect(live.newHigh[20]).toBe(1);
    expect(live.newLow[20]).toBe(0);
    expect(live.newHigh[60]).toBeNaN();
    expect(live.upDays).toBe(1);
    expect(live.downDays).toBe(0);
    // The 20-day change: nineteen flat days and today's +10%.
    expect(live.periodReturn[20]).toBeCloseTo(0.1, 12);
    expect(live.periodReturn[60]).toBeNaN();
  });

  it('a falling price crosses MA5 under MA10 and counts the down days', () => {
    const closes = [...new Array(12).fill(10), 10.5, 10.4, 10.3];
    const prior = priorFigures(bars(closes), 20260200);
    const live = liveTechnicals(prior as NonNullable<typeof prior>, 8, 10.3);
    // Yesterday MA5 = 51.2 ÷ 5 = 10.24 ≥ MA10 = 101.2 ÷ 10 = 10.12; today MA5 = 49.2 ÷ 5 = 9.84 < MA10 = 9.92.
    expect(live.maDeadCross).toBe(1);
    expect(live.maGoldenCross).toBe(0);
    expect(live.downDays).toBe(3);
    expect(live.upDays).toBe(0);
  });

  it('a 2-for-1 split is no fall: closes are forward-adjusted by the stored prevClose', () => {
    // The ex-date's prevClose is the adjusted 5, so its factor is 1.
    const prior = priorFigures(bars([10, 10, 10, 5, 5], [10, 10, 10, 5, 5]), 20260200);
    const live = liveTechnicals(prior as NonNullable<typeof prior>, 5, 5);
    expect(live.maPosition[5]).toBeCloseTo(0, 12);
    expect(live.downDays).toBe(0);
    expect(live.periodReturn[5]).toBeCloseTo(0, 12);
  });

  it('reads only the bars before the trading day', () => {
    const rows = bars([10, 11, 12]);
    expect(priorFigures(rows, 20260103)?.lastClose).toBe(11);
    expect(priorFigures(rows, 20260101)).toBeNull();
  });

  it('MACD golden cross after a long fall turns up', () => {
    const closes = Array.from({ length: 60 }, (_, index) => 20 - index * 0.1);
    const prior = priorFigures(bars(closes), 20260300) as NonNullable<ReturnType<typeof priorFigures>>;
    expect(Number.isFinite(prior.dea)).toBe(true);
    const falling = liveTechnicals(prior, (closes[59] as number) - 0.1, closes[59] as number);
    expect(falling.macdGoldenCross).toBe(0);
    const jump = liveTechnicals(prior, 16, closes[59] as number);
    expect(jump.macdGoldenCross).toBe(1);
  });

  it('RPS is the share of stocks at or below, equal changes sharing a rank', () => {
    const rps = rpsOf(Float64Array.from([0.1, 0.3, Number.NaN, 0.2, 0.2]));
    expect(Array.from(rps)).toEqual([25, 100, Number.NaN, 75, 75]);
  });

  it('RPS from the order kept since the last tick equals the ranks counted afresh, as figures move', () => {
    // The share of known figures at or below each one, counted directly.
    const counted = (values: Float64Array) => {
      const known = Array.from(values).filter(Number.isFinite);
      return Array.from(values, (value) =>
        Number.isFinite(value)
          ? Math.round((known.filter((other) => other <= value).length / known.length) * 1000) / 10
          : Number.NaN,
      );
    };
    let values = Float64Array.from({ length: 400 }, (_, row) => Math.round(Math.sin(row * 3.7) * 300) / 1000);
    let order = orderOf(values);
    for (let tick = 1; tick <= 12; tick += 1) {
      // Small moves, some figures lost or found, ties kept; tick 6 reshuffles everything.
      values = values.map((value, row) => {
        if ((row + tick) % 97 === 0) return Number.NaN;
        const base = Number.isFinite(value) ? value : 0.05;
        const move = tick === 6 ? -2 * base : Math.sin(row * tick) * 0.004;
        return Math.round((base + move) * 1000) / 1000;
      });
      order = orderOf(values, order);
      // Every row once, in ascending order of its figure, the missing ones last.
      expect(Array.from(order).sort((a, b) => a - b)).toEqual(Array.from(values, (_, row) => row));
      const placed = Array.from(order, (row) => values[row] as number).map((value) =>
        Number.isFinite(value) ? value : Number.POSITIVE_INFINITY,
      );
      expect(placed.every((value, at) => at === 0 || (placed[at - 1] as number) <= value)).toBe(true);
      expect(Array.from(rpsOf(values, order)), `tick ${tick}`).toEqual(counted(values));
    }
  });
});
