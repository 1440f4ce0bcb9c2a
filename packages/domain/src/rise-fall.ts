/**
 * The rise/fall distribution (涨跌分布) of the market summary: every A-share falls into one of 21
 * buckets from limit-down to limit-up by its change on the previous close.
 */

/** The 21 bucket labels, limit-down first, limit-up last; a bucket's index is its position here. */
export const riseFallBucketLabels: readonly string[] = Object.freeze([
  '跌停',
  '<-8%',
  '-8~-7%',
  '-7~-6%',
  '-6~-5%',
  '-5~-4%',
  '-4~-3%',
  '-3~-2%',
  '-2~-1%',
  '-1~0%',
  '平盘',
  '0~1%',
  '1~2%',
  '2~3%',
  '3~4%',
  '4~5%',
  '5~6%',
  '6~7%',
  '7~8%',
  '>8%',
  '涨停',
]);

const flatIndex = 10;
// Bands 1..8 percentage points on each side; anything beyond is the open-ended ninth band ('>8%').
const openBand = 9;
// Changes arrive as binary fractions (0.07 × 100 = 7.000000000000001); a hair of tolerance keeps an
// exact whole percentage in the band it names instead of spilling into the next.
const epsilon = 1e-9;

/**
 * The bucket index (0..20) of a change. `chgPct` is a fraction (0.031 = 3.1%).
 * - A limit flag wins over the percentage: 'up' → 涨停, 'down' → 跌停, whatever the number says.
 * - Exactly 0 (or -0) → 平盘.
 * - Otherwise bands are measured outward from zero and include their outer edge: (0, 1%] → '0~1%',
 *   (7%, 8%] → '7~8%', above 8% → '>8%'; mirrored below zero, so -1% is '-1~0%', -1.0001% is
 *   '-2~-1%', exactly -8% is '-8~-7%' and only below -8% is '<-8%'. This matches the strict
 *   '>8%' and '<-8%' labels and treats rises and falls symmetrically.
 * Throws RangeError for NaN; a suspended share has no change and belongs in no bucket.
 */
export function riseFallBucket(chgPct: number, limit: 'up' | 'down' | null): number {
  if (limit === 'up') return riseFallBucketLabels.length - 1;
  if (limit === 'down') return 0;
  if (Number.isNaN(chgPct)) throw new RangeError('change is NaN');
  if (chgPct === 0) return flatIndex;
  const band = Math.min(openBand, Math.max(1, Math.ceil(Math.abs(chgPct) * 100 - epsilon)));
  return chgPct > 0 ? flatIndex + band : flatIndex - band;
}
