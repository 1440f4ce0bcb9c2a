import type { Query, QueryClient } from '@tanstack/react-query';
import { inBackground } from '../in-background.ts';
import { localStore } from '../session/local-store.ts';

type EndpointGroups = typeof import('../request/endpoint-groups.ts');

/** Whether a query's answer depends on who is signed in: its endpoint reads the token (contract `auth`). */
function readsSession({ loadedEndpointGroup }: EndpointGroups, query: Query): boolean {
  const [group, endpoint] = query.queryKey;
  if (typeof group !== 'string' || typeof endpoint !== 'string') return false;
  const auth = loadedEndpointGroup(group)?.[endpoint]?.auth;
  return auth !== undefined && auth !== 'none';
}

/** The contract groups of the cached queries whose endpoints have not loaded yet. */
function groupsToLoad(
  { isApiGroup, loadedEndpointGroup }: EndpointGroups,
  queryClient: QueryClient,
): string[] {
  const groups = new Set<string>();
  for (const { queryKey } of queryClient.getQueryCache().getAll()) {
    const [group] = queryKey;
    if (typeof group === 'string' && isApiGroup(group) && !loadedEndpointGroup(group)) groups.add(group);
  }
  return [...groups];
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
  // The endpoint tables load with the first call of a page, after the first paint; a token change
  // before they are in (no query holds an answer then) is handled once they arrive.
  let groups: EndpointGroups | undefined;
  const groupsModule = inBackground(() =>
    import('../request/endpoint-groups.ts').then((module) => {
      groups = module;
      return module;
    }),
  );
  let stopped = false;
  const reset = (module: EndpointGroups, only?: readonly string[]) => {
    if (stopped) return;
    void queryClient.resetQueries({
      predicate: (query) =>
        (only === undefined || only.includes(String(query.queryKey[0]))) && readsSession(module, query),
    });
  };
  const resetAll = (module: EndpointGroups) => {
    // A query holds an answer only once its group's endpoints have loaded (its call needed them),
    // so those are reset at once; a query whose group is still on its way is reset when it arrives.
    const pending = groupsToLoad(module, queryClient);
    reset(module);
    if (pending.length === 0) return;
    const resetPending = () => reset(module, pending);
    void Promise.all(pending.map((group) => module.endpointGroup(group))).then(resetPending, resetPending);
  };
  const unsubscribe = localStore.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    if (groups) resetAll(groups);
    else void groupsModule().then(resetAll, () => undefined);
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
