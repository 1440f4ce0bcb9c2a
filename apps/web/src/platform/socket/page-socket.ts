import { useEffect, useState } from 'react';

type PageSocketModule = typeof import('./app-quote-socket.ts');

let loaded: PageSocketModule | undefined;
let loading: Promise<PageSocketModule> | undefined;

function loadPageSocketModule(): Promise<PageSocketModule> {
  loading ??= import('./app-quote-socket.ts').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A chunk that cannot be fetched (offline) leaves the quotes to their realTime call; the next
      // page that shows live quotes asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The module of the page's live-quote socket (app-quote-socket.ts), loaded on first use rather than
 * with the first paint: the socket opens after the page has rendered anyway, and the client, its
 * message parser and its reconnect policy are most of the live-quote code. Undefined until it has
 * loaded; asks for it only while `wanted` (a caller that hands in its own socket needs none).
 */
export function usePageSocketModule(wanted: boolean): PageSocketModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    loadPageSocketModule().then(
      (arrived) => {
        if (current) setModule(arrived);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted, module]);
  return module ?? loaded;
}
