import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FundConditionSet } from '@zhicai/contract';
import { endpointQuery } from '../../../../platform/query/endpoint-query.ts';

/**
 * The live count of a condition set (POST /api/v2/fundSelect/num). The previous count stays on
 * screen while the next one loads, so the figure never blinks to a skeleton as a slider moves.
 */
export function useFundNum(conditions: FundConditionSet) {
  return useQuery(
    endpointQuery('screener.fundNum', conditions, {
      placeholderData: keepPreviousData,
      staleTime: 60 * 1000,
    }),
  );
}
