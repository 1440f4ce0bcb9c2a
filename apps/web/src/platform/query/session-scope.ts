import type { Query, QueryClient } from '@tanstack/react-query';
import type { Api } from '../request/request.ts';
import { localStore } from '../session/local-store.ts';

type Endpoints = Readonly<Record<string, Readonly<Record<string, { auth: string }>>>>;

/** Whether a query's answer depends on who is signed in: its endpoint reads the token (contract `auth`). */
function readsSession(endpoints: Endpoints, query: Query): boolean {
  const [group, endpoint] = query.queryKey;
  if (typeof group !== 'string' || typeof endpoint !== 'string') return false;
  const auth = endpoints[group]?.[endpoint]?.auth;
  return auth !== undefined && auth !== 'none';
}

/**
 * Keys hold `[group, endpoint, params]` and never the token (params go to the server), so the cache
 * learns of another session here: when the token changes (a login, a logout, a session the server
 * ended, another account), every query whose endpoint reads the token is reset. Its data is
 * dropped at once, so one user never sees another's, and the queries on screen load again for the
 * new session. Calls whose endpoint takes no token (quotes, funds, menus) keep their data.
 * Returns the unsubscribe function; the app and the test harness call it once per query client.
 */
export function followSession(queryClient: QueryClient): () => void {
  // The endpoint table comes with the contract chunk, which the request wrapper loads at start-up;
  // no query holds an answer before that chunk is in, though one may be on its way.
  let endpoints: Endpoints | undefined;
  let stopped = false;
  const loading = import('../request/contract-api.ts').then(({ api }: { api: Api }) => {
    endpoints = api;
  });
  const reset = () => {
    if (stopped || !endpoints) return;
    const table = endpoints;
    void queryClient.resetQueries({ predicate: (query) => readsSession(table, query) });
  };
  const unsubscribe = localStore.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    if (endpoints) reset();
    else void loading.then(reset);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
