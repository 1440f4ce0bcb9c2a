import {
  type InfiniteData,
  infiniteQueryOptions,
  type Query,
  type QueryClient,
  queryOptions,
  type UseInfiniteQueryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { DatasOf } from '@zhicai/contract';
import {
  type Api,
  type EndpointName,
  type EndpointOf,
  type ParamsOf,
  type RequestOptions,
  request,
} from '../request/request.ts';

/** The contract group an endpoint name belongs to: `fund` of `fund.baseInfo`. */
export type GroupOf<N extends EndpointName> = N extends `${infer Group}.${string}` ? Group : never;
export type GroupName = keyof Api & string;

/** What an endpoint answers (its contract `datas`), by name: `EndpointData<'fund.baseInfo'>`. */
export type EndpointData<N extends EndpointName> = DatasOf<EndpointOf<N>>;
/** What a call of an endpoint sends (query or body, with path parameters), by name. */
export type EndpointParams<N extends EndpointName> = ParamsOf<EndpointOf<N>>;

/** `request` with the name's own argument types erased, for the generic helpers below. */
const call = request as <N extends EndpointName>(
  name: N,
  params: unknown,
  options?: RequestOptions,
) => Promise<EndpointData<N>>;

/** The params part of a key: all or some of the endpoint's params, `{}` for an endpoint without. */
type KeyParams<N extends EndpointName> =
  EndpointParams<N> extends undefined ? Record<string, never> : Partial<EndpointParams<N>>;

/**
 * The cache key of one call: `[group, endpoint, params]`, e.g. `['fund', 'baseInfo', { code }]`.
 * Every query of the app is keyed this way, so a write can invalidate a whole group and a page can
 * refetch what one instrument shows (see `hasParams`). With some params or none it is a filter:
 * TanStack Query matches keys by prefix and params partially, so
 * `endpointQueryKey('report.finreportQuick', { code })` matches every period of that code.
 */
export function endpointQueryKey<N extends EndpointName>(name: N, params?: KeyParams<N>) {
  const [group, endpoint] = name.split('.') as [GroupOf<N>, string];
  return [group, endpoint, (params ?? {}) as KeyParams<N>] as const;
}

/** The key endpointQueryKey makes for an endpoint. */
export type EndpointQueryKey<N extends EndpointName> = ReturnType<typeof endpointQueryKey<N>>;

/** The params part of a key made by endpointQueryKey, for predicates over the cache. */
export function paramsOf(queryKey: readonly unknown[]): Readonly<Record<string, unknown>> {
  const params = queryKey[2];
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
}

/**
 * A predicate for the queries whose params carry all these values, whatever the endpoint:
 * `hasParams({ code })` is everything one instrument's page shows (quote aside), which is what its
 * pull-to-refresh reloads.
 */
export function hasParams(values: Readonly<Record<string, unknown>>) {
  return (query: Query): boolean => {
    const params = paramsOf(query.queryKey);
    return Object.entries(values).every(([key, value]) => params[key] === value);
  };
}

/** What a query may set besides its key and fetcher (enabled, staleTime, placeholderData…). */
export type EndpointQueryOptions<N extends EndpointName> = Omit<
  UseQueryOptions<EndpointData<N>, Error, EndpointData<N>, EndpointQueryKey<N>>,
  'queryKey' | 'queryFn'
>;

type QueryArgs<N extends EndpointName> =
  EndpointParams<N> extends undefined
    ? [params?: undefined, options?: EndpointQueryOptions<N>]
    : [params: EndpointParams<N>, options?: EndpointQueryOptions<N>];

/**
 * The query options of one contract call: its key, and a fetcher that calls the endpoint through
 * the request wrapper (spec 1 §7) with the query's abort signal. A feature's api file wraps this
 * once per endpoint (`fundBaseInfoQueryOptions(code)`), so one endpoint has one fetcher and one key.
 */
export function endpointQuery<N extends EndpointName>(name: N, ...[params, options]: QueryArgs<N>) {
  return queryOptions<EndpointData<N>, Error, EndpointData<N>, EndpointQueryKey<N>>({
    ...options,
    queryKey: endpointQueryKey(name, params as KeyParams<N> | undefined),
    queryFn: ({ signal }) => call(name, params, { signal }),
  });
}

/** A page of a list endpoint: the rows of one page and the count of all. */
interface ListPage {
  total: number;
  list: readonly unknown[];
}

/** The endpoints that answer a `{ total, list }` page for a `page` parameter. */
export type PagedEndpointName = {
  [N in EndpointName]: EndpointData<N> extends ListPage
    ? 'page' extends keyof NonNullable<EndpointParams<N>>
      ? N
      : never
    : never;
}[EndpointName];

/** The next page to ask for, or undefined when every row is loaded (or a page came back empty). */
export function nextPage(last: ListPage, pages: readonly ListPage[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.list.length, 0);
  return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}

export type EndpointInfiniteQueryOptions<N extends PagedEndpointName> = Omit<
  UseInfiniteQueryOptions<
    EndpointData<N>,
    Error,
    InfiniteData<EndpointData<N>, number>,
    readonly unknown[],
    number
  >,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
>;

/**
 * A list endpoint read page by page (加载更多), from page 1 until `total` rows are loaded. Its key is
 * `[group, endpoint, params, 'pages']`: the same params as a one-page query of the endpoint would
 * have, so filters by group, endpoint and params match it, while the fourth part keeps the pages
 * apart from a one-page query's answer, which the cache holds in another shape.
 */
export function endpointInfiniteQuery<N extends PagedEndpointName>(
  name: N,
  params: Omit<NonNullable<EndpointParams<N>>, 'page'>,
  options?: EndpointInfiniteQueryOptions<N>,
) {
  return infiniteQueryOptions<
    EndpointData<N>,
    Error,
    InfiniteData<EndpointData<N>, number>,
    readonly unknown[],
    number
  >({
    ...options,
    queryKey: [...endpointQueryKey(name, params as KeyParams<N>), 'pages'],
    queryFn: ({ pageParam, signal }) => call(name, { ...params, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPage(last, pages),
  });
}

/** A page of a cursor list endpoint (reference/protocol.md: news feeds page by `lastId`). */
interface CursorPage {
  list: readonly unknown[];
  /** The cursor of the next page; null after the last one. */
  lastId: number | null;
}

/** The endpoints that answer a `{ list, lastId }` page for a `lastId` parameter. */
export type CursorEndpointName = {
  [N in EndpointName]: EndpointData<N> extends CursorPage
    ? 'lastId' extends keyof NonNullable<EndpointParams<N>>
      ? N
      : never
    : never;
}[EndpointName];

/**
 * A list endpoint read by cursor (加载更多 over a moving feed): the first page without `lastId`,
 * each next one from the `lastId` the previous page answered, until it answers null. Keyed like
 * endpointInfiniteQuery, with 'cursor' as the fourth part.
 */
export function endpointCursorQuery<N extends CursorEndpointName>(
  name: N,
  params: Omit<NonNullable<EndpointParams<N>>, 'lastId'>,
  options?: Omit<
    UseInfiniteQueryOptions<
      EndpointData<N>,
      Error,
      InfiniteData<EndpointData<N>, number | null>,
      readonly unknown[],
      number | null
    >,
    'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
  >,
) {
  return infiniteQueryOptions<
    EndpointData<N>,
    Error,
    InfiniteData<EndpointData<N>, number | null>,
    readonly unknown[],
    number | null
  >({
    ...options,
    queryKey: [...endpointQueryKey(name, params as KeyParams<N>), 'cursor'],
    queryFn: ({ pageParam, signal }) =>
      call(name, pageParam === null ? params : { ...params, lastId: pageParam }, { signal }),
    initialPageParam: null,
    getNextPageParam: (last) => (last as CursorPage).lastId ?? undefined,
  });
}

export interface EndpointMutationOptions<N extends EndpointName>
  extends Omit<UseMutationOptions<EndpointData<N>, Error, EndpointParams<N>>, 'mutationFn'> {
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
 * A write through a contract endpoint. On success the caller's onSuccess runs first, then the
 * endpoint's group (and the `invalidates` groups) are invalidated, so every page showing that data
 * reloads it. That order lets a write apply its own effect before anything reloads: a login stores
 * its token, so the user group reloads as the new user; a logout forgets it, so nothing reloads
 * with a revoked token. The mutation settles (and `mutateAsync` resolves) once both are done.
 */
export function useEndpointMutation<N extends EndpointName>(
  name: N,
  { invalidates = [], onSuccess, ...options }: EndpointMutationOptions<N> = {},
) {
  const queryClient = useQueryClient();
  const [group] = endpointQueryKey(name);
  return useMutation<EndpointData<N>, Error, EndpointParams<N>>({
    ...options,
    mutationFn: (params) => call(name, params),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await invalidateGroups(queryClient, [group, ...invalidates]);
    },
  });
}
