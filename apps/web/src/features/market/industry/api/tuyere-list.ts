import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { plateStaleTime } from './plate-stale-time.ts';

export type TuyereList = EndpointData<'market.tuyereList'>;
export type TuyereRow = TuyereList['list'][number];

/** 风口板块: concepts ranked by momentum (GET /api/v3/appMarket/tuyereList). */
export const tuyereListQueryOptions = endpointQuery('market.tuyereList', undefined, {
  staleTime: plateStaleTime,
});

export function useTuyereList() {
  return useQuery(tuyereListQueryOptions);
}
