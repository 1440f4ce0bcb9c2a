import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type ConnectDetail = EndpointData<'market.connectDetail'>;
export type ConnectChannelDay = ConnectDetail['north']['channels'][number];
export type ConnectTopRow = ConnectDetail['topTraded']['north'][number];

/** 沪深港通详情 of a day, today's when none is given (GET /api/v3/market/connectDetail). */
export function connectDetailQueryOptions(day: number | undefined) {
  return endpointQuery('market.connectDetail', day === undefined ? {} : { day }, { staleTime: 60 * 1000 });
}

export function useConnectDetail(day: number | undefined) {
  return useQuery(connectDetailQueryOptions(day));
}
