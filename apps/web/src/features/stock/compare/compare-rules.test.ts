import { describe, expect, it } from 'vitest';
import { bestPositions, parseCodes } from '../../../ui/compare-table/index.ts';
import { normalisedCloses, rankDifferences, rankIn } from './compare-rules.ts';

describe('comparison rules', () => {
  it('reads codes of a link: upper-cased, distinct, at most five', () => {
    expect(parseCodes(' 600519.sh,000858.SZ,600519.SH,,')).toEqual(['600519.SH', '000858.SZ']);
    expect(parseCodes('A.SH,B.SH,C.SH,D.SH,E.SH,F.SH')).toHaveLength(5);
    expect(parseCodes(null)).toEqual([]);
  });

  it('marks the best of a row, ties included, and nothing when all are equal or one is present', () => {
    expect([...bestPositions([0.3, 0.24, 0.3], 'high')]).toEqual([0, 2]);
    expect([...bestPositions([28.5, null, 16.2], 'low')]).toEqual([2]);
    expect(bestPositions([1, 1], 'high').size).toBe(0);
    expect(bestPositions([1, null], 'high').size).toBe(0);
    expect(bestPositions([1, 2], undefined).size).toBe(0);
  });

  it('draws prices as the change since the range start, forward-adjusted across a dividend', () => {
    // A 10% factor step on the 27th: the raw fall from 1490 to 1355 is the dividend, not a loss.
    const rows = [
      [20240520, null, null, null, null, 1400, 1, 1],
      [20240626, null, null, null, null, 1490, 1, 1],
      [20240627, null, null, null, null, 1355, 1, 1],
      [20240628, null, null, null, null, 1368.55, 1, 1],
    ] as [number, null, null, null, null, number, number, number][];
    const points = normalisedCloses(rows, [[20240627, 1.1]], '1M');
    // The base is the close on or before 28 May (the 20th); forward-adjusted 1400 ÷ 1.1.
    expect(points[0]?.date).toBe(20240520);
    expect(points[0]?.value).toBe(0);
    expect(points[2]?.value).toBeCloseTo((1355 * 1.1) / 1400 - 1, 10);
    expect(points.at(-1)?.value).toBeCloseTo((1368.55 * 1.1) / 1400 - 1, 10);
  });

  it('ranks the figures on which the items differ most, relative to their size', () => {
    const ranked = rankDifferences([
      { key: 'pe', label: '市盈率', values: [28, 14] },
      { key: 'roe', label: 'ROE', values: [0.3, 0.29] },
      { key: 'same', label: '相同', values: [1, 1] },
      { key: 'missing', label: '缺失', values: [1, null] },
    ]);
    expect(ranked.map((row) => row.key)).toEqual(['pe', 'roe']);
    expect(ranked[0]).toMatchObject({ highest: 28, lowest: 14 });
    expect(ranked[0]?.spread).toBeCloseTo(14 / 21, 10);
  });

  it('ranks a stock within its industry, the cheaper valuation first, leaving out peers without the figure', () => {
    const values = [
      { code: 'A', value: 30 },
      { code: 'B', value: 10 },
      { code: 'C', value: null },
      { code: 'D', value: 20 },
    ];
    expect(rankIn(values, 'D', 'low')).toEqual({ rank: 2, of: 3 });
    expect(rankIn(values, 'D', 'high')).toEqual({ rank: 2, of: 3 });
    expect(rankIn(values, 'A', 'high')).toEqual({ rank: 1, of: 3 });
    expect(rankIn(values, 'C', 'high')).toBeNull();
  });
});
