import { describe, expect, it } from 'vitest';
import type { Candle } from './day-bar.ts';
import { bollLines, kdjLines, macdLines, maLines, rsiLines, volumeMaLines } from './kline-indicators.ts';

function candle(close: number, extra: Partial<Candle> = {}): Candle {
  return {
    timestamp: 0,
    open: close,
    high: close,
    low: close,
    close,
    volume: 0,
    turnover: 0,
    prevClose: null,
    ...extra,
  };
}

const closes = (values: readonly number[]) => values.map((value) => candle(value));

// The formulas are klinecharts 10.0.2's (see kline-indicators.ts); these cases are worked by hand.
describe('K-line indicator values', () => {
  it('MA averages the last N closes and has no value before N bars', () => {
    const [ma5] = maLines(closes([1, 2, 3, 4, 5, 6]), [5]);
    expect(Number.isNaN(ma5?.[3])).toBe(true);
    expect(ma5?.[4]).toBe(3);
    expect(ma5?.[5]).toBe(4);
  });

  it('VOL averages the volumes', () => {
    const [ma2] = volumeMaLines([candle(1, { volume: 100 }), candle(1, { volume: 300 })], [2]);
    expect(ma2?.[1]).toBe(200);
  });

  it('BOLL is the 20-bar MA ± 2 population standard deviations', () => {
    const { mid, up, dn } = bollLines(closes(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 9 : 11))));
    expect(mid[19]).toBe(10);
    expect(up[19]).toBe(12);
    expect(dn[19]).toBe(8);
    expect(Number.isNaN(mid[18])).toBe(true);
  });

  it('MACD is flat on a flat series, with DIF from bar 26 and DEA from bar 34', () => {
    const { dif, dea, macd } = macdLines(closes(Array.from({ length: 40 }, () => 10)));
    expect(Number.isNaN(dif[24])).toBe(true);
    expect(dif[25]).toBe(0);
    expect(Number.isNaN(dea[32])).toBe(true);
    expect(dea[33]).toBe(0);
    expect(macd[39]).toBe(0);
  });

  it('MACD rises above zero in an uptrend (the bar is twice DIF − DEA)', () => {
    const { dif, dea, macd } = macdLines(
      closes(Array.from({ length: 60 }, (_, i) => 10 + i * 0.1 + (i > 50 ? i : 0))),
    );
    expect(dif[59]).toBeGreaterThan(0);
    expect(macd[59]).toBeCloseTo(((dif[59] ?? 0) - (dea[59] ?? 0)) * 2, 10);
  });

  it('KDJ smooths RSV from 50: a close at the 9-bar high gives K 66.67, D 55.56, J 88.89', () => {
    const bars = Array.from({ length: 9 }, (_, i) => candle(10, { high: 10, low: i === 0 ? 0 : 5 }));
    const { k, d, j } = kdjLines(bars);
    expect(k[8]).toBeCloseTo(200 / 3, 10);
    expect(d[8]).toBeCloseTo((100 + 200 / 3) / 3, 10);
    expect(j[8]).toBeCloseTo(3 * (200 / 3) - 2 * ((100 + 200 / 3) / 3), 10);
    expect(Number.isNaN(k[7])).toBe(true);
  });

  it('RSI is 100 when every change is a gain and 0 when every change is a loss', () => {
    const [up] = rsiLines(closes([1, 2, 3, 4, 5, 6, 7, 8]), [6]);
    const [down] = rsiLines(closes([8, 7, 6, 5, 4, 3, 2, 1]), [6]);
    expect(Number.isNaN(up?.[5])).toBe(true);
    expect(up?.[6]).toBe(100);
    expect(down?.[7]).toBe(0);
  });

  it('RSI weighs gains against losses with Wilder smoothing', () => {
    // Changes +1, -1, +1, -1, +1, -1: average gain = average loss, so RSI 50.
    const [rsi] = rsiLines(closes([10, 11, 10, 11, 10, 11, 10]), [6]);
    expect(rsi?.[6]).toBe(50);
  });
});
