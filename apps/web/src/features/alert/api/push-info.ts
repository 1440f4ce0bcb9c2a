import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type InstrumentAlerts = EndpointData<'alert.pushInfo'>;

/** One instrument's alerts, its quote and the kinds it can have (GET /api/v2/pricePush/pushInfo). */
export function pushInfoQueryOptions(code: string) {
  return endpointQuery('alert.pushInfo', { code });
}

export function usePushInfo(code: string, enabled: boolean) {
  return useQuery({ ...pushInfoQueryOptions(code), enabled: enabled && code !== '' });
}
