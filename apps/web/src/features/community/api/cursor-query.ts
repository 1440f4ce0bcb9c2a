import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query';
import {
  type EndpointData,
  type EndpointParams,
  endpointQueryKey,
} from '../../../platform/query/endpoint-query.ts';
import { type EndpointName, request } from '../../../platform/request/request.ts';

/** A page of a list read by cursor (reference/protocol.md `lastId`): rows and the next cursor. */
interface CursorPage {
  list: readonly unknown[];
  lastId: number | null;
}

/** The endpoints of this feature that page by `lastId`. */
export type CursorEndpointName = {
  [N in EndpointName]: EndpointData<N> extends CursorPage
    ? 'lastId' extends keyof NonNullable<EndpointParams<N>>
      ? N
      : never
    : never;
}[EndpointName];

/**
 * A list read by cursor (加载更多): each page asks for the rows after the last one held, so rows
 * added meanwhile never shift a page (spec 2 §7.3 lists page by `lastId`, not by offset). Keyed
 * like endpointInfiniteQuery, `[group, endpoint, params, 'pages']`, so a write to the group
 * refreshes it.
 */
export function cursorQuery<N extends CursorEndpointName>(
  name: N,
  params: Omit<NonNullable<EndpointParams<N>>, 'lastId'>,
) {
  return infiniteQueryOptions<
    EndpointData<N>,
    Error,
    InfiniteData<EndpointData<N>, number | null>,
    readonly unknown[],
    number | null
  >({
    queryKey: [...endpointQueryKey(name, params as never), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      (request as (name: N, params: unknown, options: { signal: AbortSignal }) => Promise<EndpointData<N>>)(
        name,
        pageParam === null ? params : { ...params, lastId: pageParam },
        { signal },
      ),
    initialPageParam: null,
    getNextPageParam: (last) => (last as CursorPage).lastId ?? undefined,
  });
}
