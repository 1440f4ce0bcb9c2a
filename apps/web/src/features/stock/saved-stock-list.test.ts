import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../platform/storage/web-storage.ts';
import {
  neighbour,
  neighbourIndex,
  parseIndexParam,
  parseSavedList,
  read,
  save,
  savedStockListKey,
} from './saved-stock-list.ts';

const list = [
  { code: '600519.SH', type: 'capital' },
  { code: '00700.HK', type: 'hk' },
  { code: '000300.SH', type: 'index_hs' },
] as const;

describe('saved stock list', () => {
  it('saves under stockList and reads the list back', () => {
    const storage = memoryStorage();
    save(list, storage);
    expect(JSON.parse(storage.getItem(savedStockListKey) ?? '')).toEqual(list);
    expect(read(storage)).toEqual(list);
  });

  it('reads an empty list when nothing or garbage is stored', () => {
    expect(read(memoryStorage())).toEqual([]);
    expect(parseSavedList('not json')).toEqual([]);
    expect(parseSavedList('{"code":"600519.SH"}')).toEqual([]);
  });

  it('reads the older shapes: [code, …, capitalOrIndex] and {code, capitalOrIndex}', () => {
    const text = JSON.stringify([
      ['801080.ZSI', '电子', 1.2, 'index_hy'],
      { code: '510300.SH', capitalOrIndex: 'fund_onside' },
      { code: '00700.HK' },
      { name: 'no code' },
    ]);
    expect(parseSavedList(text)).toEqual([
      { code: '801080.ZSI', type: 'index_hy' },
      { code: '510300.SH', type: 'fund_onside' },
      { code: '00700.HK', type: 'hk' },
    ]);
  });

  it('steps forward and back', () => {
    expect(neighbourIndex(3, 0, 1)).toBe(1);
    expect(neighbourIndex(3, 1, -1)).toBe(0);
  });

  it('wraps from the last entry to the first', () => {
    expect(neighbourIndex(3, 2, 1)).toBe(0);
  });

  it('wraps from the first entry to the last', () => {
    expect(neighbourIndex(3, 0, -1)).toBe(2);
  });

  it('has no neighbour in a list of one, or for an index outside the list', () => {
    expect(neighbourIndex(1, 0, 1)).toBeNull();
    expect(neighbourIndex(0, 0, 1)).toBeNull();
    expect(neighbourIndex(3, 3, 1)).toBeNull();
    expect(neighbourIndex(3, -1, -1)).toBeNull();
  });

  it('gives the neighbouring entry with its index', () => {
    const storage = memoryStorage();
    save(list, storage);
    expect(neighbour(2, 1, storage)).toEqual({ code: '600519.SH', type: 'capital', index: 0 });
    expect(neighbour(0, -1, storage)).toEqual({ code: '000300.SH', type: 'index_hs', index: 2 });
  });

  it('reads i only as a non-negative integer', () => {
    expect(parseIndexParam('2')).toBe(2);
    expect(parseIndexParam('')).toBeNull();
    expect(parseIndexParam(null)).toBeNull();
    expect(parseIndexParam('-1')).toBeNull();
    expect(parseIndexParam('1.5')).toBeNull();
  });
});
