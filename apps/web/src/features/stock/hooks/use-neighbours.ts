import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { neighbour, parseIndexParam } from '../saved-stock-list.ts';

/**
 * Previous/next of spec 1 §2 for a detail page: reads `i`, finds the neighbours in the saved list
 * (wrapping at both ends) and replaces the history entry, so 返回 leaves the detail pages at once.
 */
export function useNeighbours() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const index = parseIndexParam(searchParams.get('i'));
  const targets = useMemo(
    () => (index === null ? null : { previous: neighbour(index, -1), next: neighbour(index, 1) }),
    [index],
  );
  const go = useCallback(
    (step: 1 | -1) => {
      const target = step === 1 ? targets?.next : targets?.previous;
      if (target) void navigate(detailHref(target.code, target.type, target.index), { replace: true });
    },
    [navigate, targets],
  );
  return {
    hasNeighbours: Boolean(targets?.previous && targets.next),
    previous: () => go(-1),
    next: () => go(1),
  };
}
