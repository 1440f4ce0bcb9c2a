/** Pure rules of an index's (or ETF's) Shenwan industry distribution. */

export interface WeightedMember {
  /** The member's SW level-1 industry index code, null when it has none (Hong Kong stocks). */
  industry: string | null;
  /** Fraction of the index or of the fund's net assets. */
  weight: number;
}

/**
 * Member weights summed by industry, in percent (12.5 = 12.5%) as the original service sends
 * them, heaviest first. Members without an industry are left out.
 */
export function industryWeights(members: readonly WeightedMember[]): { industry: string; weight: number }[] {
  const sums = new Map<string, number>();
  for (const member of members) {
    if (!member.industry) continue;
    sums.set(member.industry, (sums.get(member.industry) ?? 0) + member.weight);
  }
  return [...sums]
    .map(([industry, weight]) => ({ industry, weight: Math.round(weight * 100 * 100) / 100 }))
    .sort((a, b) => b.weight - a.weight || a.industry.localeCompare(b.industry));
}
