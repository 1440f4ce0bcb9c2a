import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type ConnectFlow = EndpointData<'market.connectFlow'>;
export type ConnectDirection = ConnectFlow['direction'];
export type FlowWindow = 30 | 90 | 250;

/**
 * 北向/南向资金 by minute and by day (GET /api/v3/appMarket/connectFlow). It moves with the session
 * as the home page's summary does, so it stays fresh as long (a minute).
 */
export function connectFlowQueryOptions(direction: ConnectDirection, days: FlowWindow) {
  // Another window keeps showing the one before until it arrives: today's figures do not blink.
  return endpointQuery(
    'market.connectFlow',
    { direction, days },
    { staleTime: 60 * 1000, placeholderData: (previous) => previous },
  );
}

export function useConnectFlow(direction: ConnectDirection, days: FlowWindow) {
  return useQuery(connectFlowQueryOptions(direction, days));
}
