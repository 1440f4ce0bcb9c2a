/** Pure rules of ETF similarity. */

/**
 * Holdings overlap of two funds: for each stock both hold, the smaller of the two weights, summed
 * (fractions of net assets, so 0 for nothing in common and at most 1).
 */
export function holdingsOverlap(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let overlap = 0;
  for (const [code, weight] of a) {
    const other = b.get(code);
    if (other !== undefined) overlap += Math.min(weight, other);
  }
  return Math.min(1, overlap);
}
