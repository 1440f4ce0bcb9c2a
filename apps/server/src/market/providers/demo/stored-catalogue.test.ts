import { describe, expect, it } from 'vitest';
import { generateDemoCatalogue } from './instrument-catalogue.ts';
import { decodeStoredCatalogue, encodeStoredCatalogue } from './stored-catalogue.ts';

describe('the stored demo catalogue', () => {
  it('reads back the full catalogue exactly, optional fields (an LOF listing, a tracked index) and nulls included', () => {
    const catalogue = generateDemoCatalogue(20_190_722, 'full');
    // The full universe has both optional fields somewhere and leaves them out elsewhere.
    expect(catalogue.instruments.some((instrument) => instrument.listingOf !== undefined)).toBe(true);
    expect(catalogue.instruments.some((instrument) => instrument.tracks !== undefined)).toBe(true);
    const { catalogue: read, current } = decodeStoredCatalogue(encodeStoredCatalogue(catalogue));
    expect(current).toBe(true);
    expect(read).toStrictEqual(catalogue);
  }, 60_000);

  it('reads the object-per-instrument form of an older data folder, and says it is not the current form', () => {
    const catalogue = generateDemoCatalogue(20_190_722, 'compact');
    expect(decodeStoredCatalogue(JSON.stringify(catalogue))).toStrictEqual({ catalogue, current: false });
  });
});
