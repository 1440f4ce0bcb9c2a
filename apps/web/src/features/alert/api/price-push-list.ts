import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type InstrumentAlertList = EndpointData<'alert.pricePushlist'>;

/** Every alert of the user, by instrument (GET /api/v2/pricePush/pricePushlist; /pushSettingAll). */
export const pricePushListQueryOptions = endpointQuery('alert.pricePushlist');

export function usePricePushList(enabled: boolean) {
  return useQuery({ ...pricePushListQueryOptions, enabled });
}
