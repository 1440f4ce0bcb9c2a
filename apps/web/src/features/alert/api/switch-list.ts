import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type SwitchList = EndpointData<'alert.switchList'>;

/** The user's switches: notification channels and display (GET /api/v2/userSwitch/switchList). */
export const switchListQueryOptions = endpointQuery('alert.switchList');

export function useSwitchList(enabled: boolean) {
  return useQuery({ ...switchListQueryOptions, enabled });
}
