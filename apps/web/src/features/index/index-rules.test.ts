import { describe, expect, it } from 'vitest';
import { formatWeight, industryBars } from './index-rules.ts';

describe('industryBars', () => {
  it('sorts by weight and scales to the heaviest', () => {
    const bars = industryBars([
      { code: '801080.ZSI', name: '电子', weight: 10 },
      { code: '801780.ZSI', name: '银行', weight: 20 },
    ]);
    expect(bars).toEqual([
      { code: '801780.ZSI', name: '银行', text: '20.00%', share: 1 },
      { code: '801080.ZSI', name: '电子', text: '10.00%', share: 0.5 },
    ]);
  });

  it('is empty for no industries', () => {
    expect(industryBars([])).toEqual([]);
  });
});

describe('formatWeight', () => {
  it('shows a fraction as a percent without sign, -- when missing', () => {
    expect(formatWeight(0.0512)).toBe('5.12%');
    expect(formatWeight(null)).toBe('--');
  });
});

describe('nextSort', () => {
  it('flips the order of the active sort and starts another sort descending', async () => {
    const { nextSort } = await import('./hooks/use-constituent-sort.ts');
    expect(nextSort({ sort: 'weight', order: 'desc' }, 'weight')).toEqual({ sort: 'weight', order: 'asc' });
    expect(nextSort({ sort: 'weight', order: 'asc' }, 'chgPct')).toEqual({ sort: 'chgPct', order: 'desc' });
  });
});
