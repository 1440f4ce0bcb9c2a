import { useState } from 'react';
import type { ConstituentSort, SortOrder } from '../api/constituents.ts';

/** Tapping the active sort flips its order; tapping the other one sorts by it, highest first. */
export function nextSort(
  current: { sort: ConstituentSort; order: SortOrder },
  chosen: ConstituentSort,
): { sort: ConstituentSort; order: SortOrder } {
  if (current.sort === chosen) return { sort: chosen, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { sort: chosen, order: 'desc' };
}

export function useConstituentSort() {
  const [state, setState] = useState<{ sort: ConstituentSort; order: SortOrder }>({
    sort: 'weight',
    order: 'desc',
  });
  return { ...state, choose: (chosen: ConstituentSort) => setState((current) => nextSort(current, chosen)) };
}
