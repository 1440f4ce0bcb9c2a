import { describe, expect, it } from 'vitest';
import { adjustBars, aggregateBars, type DayBarRow, type FactorRow } from './kline.ts';

// A 1-yuan cash dividend on an 11-yuan share: ex-date 2024-06-20, reference price 10.00, so the
// back-adjustment factor steps from 1 to 1.1 on that day.
const exDividendRows: DayBarRow[] = [
  [20240618, 10.8, 10.8, 11.1, 10.7, 10.9, 1000, 10900],
  [20240619, 10.9, 10.9, 11.2, 10.8, 11.0, 1200, 13200],
  [20240620, 10.0, 10.1, 10.3, 9.9, 10.2, 1500, 15300],
];
const exDividendFactors: FactorRow[] = [
  [20200101, 1],
  [20240620, 1.1],
];

function expectRowsClose(actual: DayBarRow[], expected: DayBarRow[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((row, index) => {
    row.forEach((value, column) => {
      const want = expected[index]?.[column];
      if (value === null || want === null || want === undefined) expect(value).toBe(want);
      else expect(value).toBeCloseTo(want, 10);
    });
  });
}

describe('adjustBars', () => {
  it('none returns the rows unchanged (as copies)', () => {
    const result = adjustBars(exDividendRows, exDividendFactors, 'none');
    expect(result).toEqual(exDividendRows);
    expect(result[0]).not.toBe(exDividendRows[0]);
  });

  it('forward (前复权) scales days before the ex-date down and leaves the latest days raw', () => {
    expectRowsClose(adjustBars(exDividendRows, exDividendFactors, 'forward'), [
      [20240618, 10.8 / 1.1, 10.8 / 1.1, 11.1 / 1.1, 10.7 / 1.1, 10.9 / 1.1, 1000, 10900],
      [20240619, 10.9 / 1.1, 10.9 / 1.1, 11.2 / 1.1, 10.8 / 1.1, 10, 1200, 13200],
      [20240620, 10.0, 10.1, 10.3, 9.9, 10.2, 1500, 15300],
    ]);
  });

  it('forward makes the pre-ex-date close continuous with the ex-date reference price', () => {
    const [, before, exDay] = adjustBars(exDividendRows, exDividendFactors, 'forward');
    expect(before?.[5]).toBeCloseTo(exDay?.[1] ?? Number.NaN, 10);
  });

  it('backward (后复权) leaves the first days raw and scales the ex-date up', () => {
    expectRowsClose(adjustBars(exDividendRows, exDividendFactors, 'backward'), [
      [20240618, 10.8, 10.8, 11.1, 10.7, 10.9, 1000, 10900],
      [20240619, 10.9, 10.9, 11.2, 10.8, 11.0, 1200, 13200],
      [20240620, 11.0, 11.11, 11.33, 10.89, 11.22, 1500, 15300],
    ]);
  });

  it('forward anchors on the latest factor even when the rows end earlier', () => {
    const [row] = adjustBars(
      [[20240618, 10.8, 10.8, 11.1, 10.7, 10.9, 1000, 10900]],
      exDividendFactors,
      'forward',
    );
    expect(row?.[5]).toBeCloseTo(10.9 / 1.1, 10);
  });

  it('rows before the first factor use factor 1 and nulls stay null', () => {
    const factors: FactorRow[] = [[20240619, 2]];
    const rows: DayBarRow[] = [
      [20240618, null, 10, 10, 10, 10, null, null],
      [20240619, 10, 10, 10, 10, null, 0, 0],
    ];
    expect(adjustBars(rows, factors, 'backward')).toEqual([
      [20240618, null, 10, 10, 10, 10, null, null],
      [20240619, 20, 20, 20, 20, null, 0, 0],
    ]);
  });
});

describe('aggregateBars', () => {
  // 2024-04-01 (Mon) to 04-03 trade; 04-04 and 04-05 are the Qingming closure; 04-07 (Sun) is a make-up
  // workday but the exchange stays shut. The next week opens on 04-08.
  const qingmingRows: DayBarRow[] = [
    [20240401, 9.8, 10.0, 10.5, 9.9, 10.4, 100, 1000],
    [20240402, 10.4, 10.4, 10.6, 10.1, 10.2, 200, 2000],
    [20240403, 10.2, 10.2, 10.3, 9.7, 9.9, 300, 3000],
    [20240408, 9.9, 9.9, 10.9, 9.9, 10.8, 400, 4000],
    [20240409, 10.8, 10.8, 11.0, 10.5, 10.6, 500, 5000],
  ];

  it('a holiday week is labelled by its last trading day', () => {
    expect(aggregateBars(qingmingRows, 'week')).toEqual([
      [20240403, 9.8, 10.0, 10.6, 9.7, 9.9, 600, 6000],
      [20240409, 9.9, 9.9, 11.0, 9.9, 10.6, 900, 9000],
    ]);
  });

  it('an ISO week spanning New Year is one bar', () => {
    const rows: DayBarRow[] = [
      [20241227, 5.0, 5.0, 5.2, 4.9, 5.1, 10, 50],
      [20241230, 5.1, 5.1, 5.3, 5.0, 5.2, 20, 100],
      [20241231, 5.2, 5.2, 5.4, 5.1, 5.3, 30, 150],
      [20250102, 5.3, 5.3, 5.3, 4.8, 4.9, 40, 200],
      [20250103, 4.9, 4.9, 5.0, 4.7, 4.8, 50, 250],
    ];
    expect(aggregateBars(rows, 'week')).toEqual([
      [20241227, 5.0, 5.0, 5.2, 4.9, 5.1, 10, 50],
      [20250103, 5.1, 5.1, 5.4, 4.7, 4.8, 140, 700],
    ]);
  });

  it('months split on the calendar month and carry the last trading day', () => {
    const rows: DayBarRow[] = [
      [20240628, 3.0, 3.0, 3.1, 2.9, 3.05, 10, 30],
      [20240701, 3.05, 3.06, 3.2, 3.0, 3.1, 20, 62],
      [20240731, 3.1, 3.1, 3.15, 2.8, 2.9, 30, 87],
    ];
    expect(aggregateBars(rows, 'month')).toEqual([
      [20240628, 3.0, 3.0, 3.1, 2.9, 3.05, 10, 30],
      [20240731, 3.05, 3.06, 3.2, 2.8, 2.9, 50, 149],
    ]);
  });

  it('suspended days (null close) are skipped and an all-suspended week yields no bar', () => {
    const rows: DayBarRow[] = [
      [20240603, 8.0, 8.1, 8.2, 7.9, 8.0, 10, 80],
      [20240604, 8.0, null, null, null, null, null, null],
      [20240610, 8.0, null, null, null, null, 0, 0],
      [20240617, 8.0, 8.0, 8.8, 8.0, 8.8, 10, 88],
    ];
    expect(aggregateBars(rows, 'week')).toEqual([
      [20240603, 8.0, 8.1, 8.2, 7.9, 8.0, 10, 80],
      [20240617, 8.0, 8.0, 8.8, 8.0, 8.8, 10, 88],
    ]);
  });

  it('unsorted input gives ascending bars', () => {
    const shuffled = [...qingmingRows].reverse();
    expect(aggregateBars(shuffled, 'week').map((row) => row[0])).toEqual([20240403, 20240409]);
  });

  it('day returns the rows unchanged', () => {
    expect(aggregateBars(qingmingRows, 'day')).toEqual(qingmingRows);
  });
});
