import type { StrategyKind } from '@zhicai/contract';
import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';
import { strategyCalls } from './strategy-calls.ts';

/** Renames one of the user's strategies (POST [fund/]userSelectStrategy/rename). */
export function useStrategyRename(
  kind: StrategyKind,
  options: EndpointMutationOptions<'screener.strategyRename'> = {},
) {
  return useEndpointMutation(strategyCalls[kind].rename as 'screener.strategyRename', options);
}
