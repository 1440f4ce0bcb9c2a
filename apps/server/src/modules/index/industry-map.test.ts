import { describe, expect, it } from 'vitest';
import { industryWeights } from './industry-map.ts';

describe('industry map', () => {
  it('sums member weights by industry in percent, heaviest first, skipping members without one', () => {
    expect(
      industryWeights([
        { industry: '801120.ZSI', weight: 0.1 },
        { industry: '801780.ZSI', weight: 0.25 },
        { industry: '801120.ZSI', weight: 0.05 },
        { industry: null, weight: 0.6 },
      ]),
    ).toEqual([
      { industry: '801780.ZSI', weight: 25 },
      { industry: '801120.ZSI', weight: 15 },
    ]);
  });
});
