import type { StrategyKind } from '@zhicai/contract';
import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';
import { strategyCalls } from './strategy-calls.ts';

/** Deletes one of the user's strategies (POST [fund/]userSelectStrategy/del). */
export function useStrategyDelete(
  kind: StrategyKind,
  options: EndpointMutationOptions<'screener.strategyDel'> = {},
) {
  return useEndpointMutation(strategyCalls[kind].del as 'screener.strategyDel', options);
}
