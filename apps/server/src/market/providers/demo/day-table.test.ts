import { describe, expect, it } from 'vitest';
import { DayTable } from './day-table.ts';

describe('a number per day', () => {
  it('keeps what was set for each day as the table grows to earlier and later years', () => {
    const table = new DayTable();
    expect(table.get(20261120)).toBeUndefined();
    table.set(20261120, 1.5);
    table.set(20051231, -0.25);
    table.set(20300101, 0);
    table.set(20261121, 2);
    expect(table.get(20261120)).toBe(1.5);
    expect(table.get(20051231)).toBe(-0.25);
    expect(table.get(20300101)).toBe(0);
    expect(table.get(20261121)).toBe(2);
    expect(table.get(20261119)).toBeUndefined();
    expect(table.get(19991231)).toBeUndefined();
    expect(table.get(20310101)).toBeUndefined();
  });
});
