import { describe, expect, it } from 'vitest';
import { diffResults, finishedSession } from './strategy-diff.ts';

describe('the entries and exits of a strategy run', () => {
  it('a code new to the results enters on the run day; one that stays keeps its entry day', () => {
    const previous = new Map([
      ['600519.SH', 20261118],
      ['000001.SZ', 20261119],
    ]);
    const diff = diffResults(previous, ['000001.SZ', '600519.SH', '300750.SZ'], 20261120);
    expect(diff.entries).toEqual(['300750.SZ']);
    expect(diff.exits).toEqual([]);
    expect([...diff.holdings]).toEqual([
      ['000001.SZ', 20261119],
      ['600519.SH', 20261118],
      ['300750.SZ', 20261120],
    ]);
  });

  it('a code missing from the new results exits', () => {
    const previous = new Map([
      ['600519.SH', 20261118],
      ['000001.SZ', 20261119],
    ]);
    const diff = diffResults(previous, ['600519.SH'], 20261120);
    expect(diff.entries).toEqual([]);
    expect(diff.exits).toEqual(['000001.SZ']);
    expect([...diff.holdings.keys()]).toEqual(['600519.SH']);
  });

  it('the same results change nothing, and a code listed twice counts once', () => {
    const previous = new Map([['600519.SH', 20261118]]);
    const diff = diffResults(previous, ['600519.SH', '600519.SH'], 20261120);
    expect(diff).toEqual({ entries: [], exits: [], holdings: new Map([['600519.SH', 20261118]]) });
  });

  it('entries and exits are sorted by code, whatever order the screen answers in', () => {
    const previous = new Map([
      ['600000.SH', 20261110],
      ['000002.SZ', 20261110],
    ]);
    const diff = diffResults(previous, ['300750.SZ', '000858.SZ'], 20261120);
    expect(diff.entries).toEqual(['000858.SZ', '300750.SZ']);
    expect(diff.exits).toEqual(['000002.SZ', '600000.SH']);
  });
});

describe('the session a run reflects', () => {
  it('after the close it is that day', () => {
    expect(finishedSession({ phase: 'afterclose', tradingDay: 20261120 }, 20261119)).toBe(20261120);
    expect(finishedSession({ phase: 'closed', tradingDay: 20261120 }, 20261119)).toBe(20261120);
  });

  it('during a session it is the day before', () => {
    expect(finishedSession({ phase: 'trading', tradingDay: 20261120 }, 20261119)).toBe(20261119);
    expect(finishedSession({ phase: 'preopen', tradingDay: 20261120 }, 20261119)).toBe(20261119);
  });
});
