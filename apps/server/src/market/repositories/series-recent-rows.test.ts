import { describe, expect, it } from 'vitest';
import { lastRowsOfYear } from './series.repository.ts';

// A start reads the last NAVs of hundreds of funds from the tail of each stored year's JSON.
describe('the last rows of a stored year', () => {
  const year = [
    [20260105, 1.01, 1.5],
    [20260106, null, 1.51],
    [20260107, 1.03, -0.5],
    [20260108, 1e-7, 1.53],
  ];
  const stored = JSON.stringify(year);

  it('are the year’s last rows as the whole parse gives them', () => {
    for (let count = 1; count <= year.length; count += 1)
      expect(lastRowsOfYear(stored, count)).toEqual(year.slice(-count));
  });

  it('are the whole year when it holds fewer rows than asked, and none when none are asked', () => {
    expect(lastRowsOfYear(stored, 30)).toEqual(year);
    expect(lastRowsOfYear('[]', 3)).toEqual([]);
    expect(lastRowsOfYear('[[20260105,1.01,1.5]]', 2)).toEqual([[20260105, 1.01, 1.5]]);
    expect(lastRowsOfYear(stored, 0)).toEqual([]);
  });

  it('parse text written with spaces whole', () => {
    expect(lastRowsOfYear(JSON.stringify(year, null, 1), 2)).toEqual(year.slice(-2));
  });
});
