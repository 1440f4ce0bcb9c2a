/**
 * The compact universe is pinned: stored demo markets, screenshots and many tests were made from it,
 * so the full universe (issue 15 §8) may only add to it. The hashes below were taken from the
 * catalogue, index memberships, fund terms and price profiles as they were before the full universe
 * existed; `core` is left out because that field was added with it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fundTerms, indexMembership, priceProfile } from './demo-profiles.ts';
import { type DemoInstrument, generateDemoCatalogue } from './instrument-catalogue.ts';

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

function fingerprints(seed: number) {
  const { instruments } = generateDemoCatalogue(seed, 'compact');
  const withoutCore = instruments.map(({ core: _core, ...rest }) => rest);
  const stocks = instruments.filter((item) => item.type === 'capital');
  const hkStocks = instruments.filter((item) => item.type === 'hk');
  const sizeOf = (item: DemoInstrument) => (item.referencePrice ?? 0) * (item.floatShares ?? 0);
  const members = instruments
    .filter((item) => item.type.startsWith('index_') && item.type !== 'index_hy')
    .map((index) => [
      index.code,
      indexMembership(index, stocks, hkStocks, seed, sizeOf).map((member) => member.code),
    ]);
  return {
    count: instruments.length,
    instruments: sha256(withoutCore),
    members: sha256(members),
    fundTerms: sha256(
      instruments.filter((item) => item.type.startsWith('fund')).map((item) => fundTerms(seed, item)),
    ),
    profiles: sha256(instruments.map((item) => priceProfile(seed, item))),
  };
}

describe('the compact universe', () => {
  it.each([
    [
      20_190_722,
      {
        count: 606,
        instruments: 'fe26f8c3cae1e53fd8d091842aed2d4ff0c5baba265fcef6edfc69de17311913',
        members: '6feeff06375a3d1bd57773a6e0f4e0c1579c1c5ce3168d87082e53883dd22c7a',
        fundTerms: '0802811887c9218e35c299f2cbae5a389742c48ad75f854f7583111f2c4aeb81',
        profiles: 'b87b9b4d6f0024c36621e20b5e953cbdb2df6b24d090800d61c7950544481a05',
      },
    ],
    [
      7,
      {
        count: 606,
        instruments: 'feb79a97eb01c483a9851876bf3be967374166b0d325cea897360ffb7d3ab5bf',
        members: 'f85905ec9ef6e2c46d85b5de87f281d50d6e5e2a6f0e663fdea229bea87ca97f',
        fundTerms: '097626013d59265303e32bc3f7e6961fc725c68f38f16a7d86d535206836a09c',
        profiles: '282895bf694d44cbd2b09e500db807c7b36320557b34c9b6b371db0071e2c47b',
      },
    ],
  ])('is exactly what it was before the full universe, for seed %i', (seed, expected) => {
    expect(fingerprints(seed)).toEqual(expected);
  });

  it('is what generateDemoCatalogue gives without a universe, every instrument core', () => {
    const { instruments } = generateDemoCatalogue(20_190_722);
    expect(instruments).toEqual(generateDemoCatalogue(20_190_722, 'compact').instruments);
    expect(instruments.every((item) => item.core)).toBe(true);
  });
});
