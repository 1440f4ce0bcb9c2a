/** Pure rules of 基金对比: the stocks the compared funds hold in common. */

export interface HoldingRow {
  code: string;
  name: string;
  weight: number;
}

export interface SharedHolding {
  code: string;
  name: string;
  /** The weight in each fund, in the funds' order; null where the fund does not hold it. */
  weights: (number | null)[];
  /** How many of the funds hold it. */
  heldBy: number;
}

/**
 * 重仓股重合: the stocks among the top holdings of at least two of the funds, those held by most funds
 * first, then by their summed weight.
 */
export function sharedHoldings(funds: readonly { topHoldings: readonly HoldingRow[] }[]): SharedHolding[] {
  const byCode = new Map<string, SharedHolding>();
  funds.forEach((fund, index) => {
    for (const holding of fund.topHoldings) {
      const entry =
        byCode.get(holding.code) ??
        ({
          code: holding.code,
          name: holding.name,
          weights: funds.map(() => null),
          heldBy: 0,
        } as SharedHolding);
      if (entry.weights[index] === null) entry.heldBy += 1;
      entry.weights[index] = holding.weight;
      byCode.set(holding.code, entry);
    }
  });
  const total = (entry: SharedHolding) =>
    entry.weights.reduce<number>((sum, weight) => sum + (weight ?? 0), 0);
  return [...byCode.values()]
    .filter((entry) => entry.heldBy >= 2)
    .sort((a, b) => b.heldBy - a.heldBy || total(b) - total(a) || a.code.localeCompare(b.code));
}

/** YYYYMMDD of a date input's value (YYYY-MM-DD); null when empty or malformed. */
export function dayOfInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? Number(`${match[1]}${match[2]}${match[3]}`) : null;
}

/** A YYYYMMDD day as a date input's value. */
export function inputOfDay(day: number): string {
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}
