import type { DayBarRow } from '@zhicai/domain';
import { composeIndex } from '../market/index-composition.ts';
import { memberFigures } from '../market/providers/demo/demo-indices.ts';

/**
 * The bar an index must have stored on `row`'s day: the composition formula over its members'
 * bars of that day (`rowOf(code)`, undefined for a member without one), from the stored previous
 * close. The invariant tests compare each stored row with it.
 */
export function composedIndexRow(
  row: DayBarRow,
  members: readonly (readonly [code: string, quantity: number])[],
  rowOf: (code: string) => DayBarRow | undefined,
): DayBarRow {
  const figures = members.flatMap(([code, quantity]) => {
    const memberRow = rowOf(code);
    return memberRow ? [memberFigures(quantity, memberRow)] : [];
  });
  const bar = composeIndex(row[1] ?? 0, figures);
  return [row[0], bar.prevClose, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.amount];
}
