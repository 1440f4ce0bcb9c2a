import {
  type QueryClient,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { DatasOf } from '@zhicai/contract';
import { type Api, type EndpointName, type EndpointOf, type ParamsOf, request } from '../request/request.ts';

/** The contract group an endpoint name belongs to: `fund` of `fund.baseInfo`. */
export type GroupOf<N extends EndpointName> = N extends `${infer Group}.${string}` ? Group : never;
export type GroupName = keyof Api & string;

type DataOf<N extends EndpointName> = DatasOf<EndpointOf<N>>;
type Params<N extends EndpointName> = ParamsOf<EndpointOf<N>>;

/**
 * The cache key of one call: `[group, endpoint, params]`, e.g. `['fund', 'baseInfo', { code }]`.
 * Every query of the app is keyed this way, so a write can invalidate a whole group and a page can
 * refetch what one instrument shows (see `paramsOf`).
 */
export function endpointQueryKey<N extends EndpointName>(name: N, params?: Params<N>) {
  const [group, endpoint] = name.split('.') as [GroupOf<N>, string];
  return [group, endpoint, (params ?? {}) as Params<N> | Record<string, never>] as const;
}

/** The params part of a key made by endpointQueryKey, for predicates over the cache. */
export function paramsOf(queryKey: readonly unknown[]): Readonly<Record<string, unknown>> {
  const params = queryKey[2];
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
}

/** What a query may set besides its key and fetcher (enabled, staleTime, select…). */
export type EndpointQueryOptions<N extends EndpointName> = Omit<
  UseQueryOptions<DataOf<N>, Error, DataOf<N>>,
  'queryKey' | 'queryFn'
>;

type QueryArgs<N extends EndpointName> =
  Params<N> extends undefined
    ? [params?: undefined, options?: EndpointQueryOptions<N>]
    : [params: Params<N>, options?: EndpointQueryOptions<N>];

/**
 * The query options of one contract call: its key, and a fetcher that calls the endpoint through
 * the request wrapper (spec 1 §7) with the query's abort signal. A feature's api file wraps this
 * once per endpoint (`fundBaseInfoQuery(code)`), so one endpoint has one fetcher and one key.
 */
export function endpointQuery<N extends EndpointName>(name: N, ...[params, options]: QueryArgs<N>) {
  return queryOptions({
    ...options,
    queryKey: endpointQueryKey(name, params),
    queryFn: ({ signal }) =>
      (request as (name: N, params: unknown, options: { signal: AbortSignal }) => Promise<DataOf<N>>)(
        name,
        params,
        { signal },
      ),
  });
}

export interface EndpointMutationOptions<N extends EndpointName>
  extends Omit<UseMutationOptions<DataOf<N>, Error, Params<N>>, 'mutationFn'> {
  /**
   * Groups whose cached queries become stale after a success, besides the endpoint's own group
   * (always invalidated): adding a watchlist item also changes what `market` lists mark as added.
   */
  invalidates?: readonly GroupName[];
}

/** Marks the cached queries of these groups stale (and refetches the ones on screen). */
export async function invalidateGroups(queryClient: QueryClient, groups: readonly string[]): Promise<void> {
  await Promise.all(groups.map((group) => queryClient.invalidateQueries({ queryKey: [group] })));
}

/**
 * A write through a contract endpoint. On success the endpoint's group (and the `invalidates`
 * groups) are invalidated, so every page showing that data reloads it; the caller's onSuccess runs
 * after that.
 */
export function useEndpointMutation<N extends EndpointName>(
  name: N,
  { invalidates = [], onSuccess, ...options }: EndpointMutationOptions<N> = {},
) {
  const queryClient = useQueryClient();
  const [group] = endpointQueryKey(name);
  return useMutation<DataOf<N>, Error, Params<N>>({
    ...options,
    mutationFn: (params) => (request as (name: N, params: unknown) => Promise<DataOf<N>>)(name, params),
    onSuccess: async (...args) => {
      await invalidateGroups(queryClient, [group, ...invalidates]);
      await onSuccess?.(...args);
    },
  });
}
