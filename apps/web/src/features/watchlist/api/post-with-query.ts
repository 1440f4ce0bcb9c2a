import type { Endpoint } from '@zhicai/contract';
import type { EndpointData, EndpointParams } from '../../../platform/query/endpoint-query.ts';
import { type RequestOptions, requestEndpoint } from '../../../platform/request/request.ts';

/**
 * The watchlist POSTs whose contract takes both a query and a JSON body (listOptionalV4Items
 * `?column=&subColumn=`, sortOpt `?groupId=`, batchDelOpt `?groupId=`, avgChg `?subColumn=`). The
 * request wrapper sends a POST's params as the body only (spec 1 §7), so the query would never reach
 * the server. Until the wrapper learns to split them, these calls carry their query in the path of a
 * copy of the contract's endpoint; everything else (headers, the catalogue, break_favorite for
 * `marksWatchlist`, the `datas` check) stays the wrapper's.
 */
export type PostWithQueryName =
  | 'watchlist.listOptionalV4Items'
  | 'watchlist.sortOpt'
  | 'watchlist.batchDelOpt'
  | 'watchlist.avgChg';

type QueryValues = Readonly<Record<string, string | number | undefined>>;

/** The query string of the defined values, in the order given. */
export function queryString(query: QueryValues): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

export async function postWithQuery<N extends PostWithQueryName>(
  name: N,
  query: QueryValues,
  body: EndpointParams<N>,
  options?: RequestOptions,
): Promise<EndpointData<N>> {
  const { api } = await import('../../../platform/request/contract-api.ts');
  const [, key] = name.split('.') as [string, keyof typeof api.watchlist];
  const endpoint: Endpoint = api.watchlist[key];
  const search = queryString(query);
  const withQuery = { ...endpoint, path: search ? `${endpoint.path}?${search}` : endpoint.path };
  const send = requestEndpoint as (
    endpoint: Endpoint,
    params: unknown,
    options?: RequestOptions,
  ) => Promise<unknown>;
  return (await send(withQuery, body, options)) as EndpointData<N>;
}
