import { describe, expect, it } from 'vitest';
import { dayOfInput, inputOfDay, sharedHoldings } from './fund-compare-rules.ts';

describe('fund comparison rules', () => {
  it('lists the holdings at least two funds share, most shared first', () => {
    const shared = sharedHoldings([
      {
        topHoldings: [
          { code: 'A', name: '甲', weight: 0.1 },
          { code: 'B', name: '乙', weight: 0.05 },
        ],
      },
      {
        topHoldings: [
          { code: 'A', name: '甲', weight: 0.2 },
          { code: 'C', name: '丙', weight: 0.3 },
        ],
      },
      {
        topHoldings: [
          { code: 'A', name: '甲', weight: 0.01 },
          { code: 'B', name: '乙', weight: 0.02 },
        ],
      },
    ]);
    expect(shared).toEqual([
      { code: 'A', name: '甲', weights: [0.1, 0.2, 0.01], heldBy: 3 },
      { code: 'B', name: '乙', weights: [0.05, null, 0.02], heldBy: 2 },
    ]);
  });

  it('reads and writes the days of date inputs', () => {
    expect(dayOfInput('2024-01-02')).toBe(20240102);
    expect(dayOfInput('')).toBeNull();
    expect(inputOfDay(20240102)).toBe('2024-01-02');
  });
});
