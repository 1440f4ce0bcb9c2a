import { describe, expect, it } from 'vitest';
import { formatDate, median, minMedianMax, valuationLayout, valueRange } from './valuation-geometry.ts';

const points = [
  { x: '20240101', y: 20 },
  { x: '20240102', y: 30 },
  { x: '20240103', y: 10 },
  { x: '20240104', y: 25 },
];

describe('valuation reference lines', () => {
  it('takes the median of an odd and an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('labels the lowest, median and highest value', () => {
    expect(minMedianMax(points)).toEqual([
      { value: 10, label: '最低' },
      { value: 22.5, label: '中位' },
      { value: 30, label: '最高' },
    ]);
    expect(minMedianMax([])).toEqual([]);
  });
});

describe('valuation geometry', () => {
  it('covers the points and reference lines with headroom', () => {
    expect(valueRange(points, [{ value: 40, label: '目标' }])).toEqual({ min: 7.6, max: 42.4 });
    expect(valueRange([{ x: '20240101', y: 10 }], [])).toEqual({ min: 9.5, max: 10.5 });
    expect(valueRange([], [])).toBeNull();
  });

  it('spreads points evenly and places reference lines on the value scale', () => {
    const layout = valuationLayout({
      points,
      references: minMedianMax(points),
      width: 300,
      height: 120,
      format: (value) => value.toFixed(1),
    });
    expect(layout.line.map((point) => point.x)).toEqual([0, 100, 200, 300]);
    const [lowest, , highest] = layout.references;
    expect(layout.line[2]?.y).toBeCloseTo(lowest?.y ?? Number.NaN);
    expect(layout.line[1]?.y).toBeCloseTo(highest?.y ?? Number.NaN);
    expect(layout.references.map((line) => line.text)).toEqual(['最低 10.0', '中位 22.5', '最高 30.0']);
    expect(layout.dates).toEqual([
      { x: 0, text: '2024-01-01', align: 'left' },
      { x: 300, text: '2024-01-04', align: 'right' },
    ]);
    expect(formatDate('20240628')).toBe('2024-06-28');
  });
});
