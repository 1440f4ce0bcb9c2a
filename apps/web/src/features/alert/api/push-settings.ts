import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type PushSettings = EndpointData<'alert.pushSettings'>;

/** Push topics and quiet hours (GET /api/v2/user/pushSettings; /notificationSetting). */
export const pushSettingsQueryOptions = endpointQuery('alert.pushSettings');

export function usePushSettings(enabled: boolean) {
  return useQuery({ ...pushSettingsQueryOptions, enabled });
}
