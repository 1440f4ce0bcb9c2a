import type { StrategyKind } from '@zhicai/contract';
import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';
import { strategyCalls } from './strategy-calls.ts';

/** Copies a strategy (a house one too) into the user's own of its kind (POST [fund/]userSelectStrategy/copyStrategy). */
export function useStrategyCopy(
  kind: StrategyKind,
  options: EndpointMutationOptions<'screener.strategyCopy'> = {},
) {
  return useEndpointMutation(strategyCalls[kind].copy as 'screener.strategyCopy', options);
}
