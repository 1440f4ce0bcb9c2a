// First: it configures zod before any module parses (platform/zod-jitless.ts).
import './platform/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { keepsStoredToken } from './app/startup/stored-session.ts';
import { documentTitle } from './platform/brand.ts';
import { isInNativeApp } from './platform/environment.ts';
import { holdCalls } from './platform/request/startup-gates.ts';
// Run by the entry so that the request wrapper (send.ts, a chunk of its own, which request.ts starts
// loading as it runs) is fetched beside the first page's chunk. Reached only through the pages and the
// error reporter, it came two lazily loaded chunks after the entry and its own imports one more, each a
// round trip before a page's first call (e2e/chunk-waves.e2e.ts).
import './platform/request/request.ts';
import { localStore } from './platform/session/local-store.ts';
import './app/styles/global.css';

// spec 1 §8 "uncaught global error": the reporter loads beside the first paint and listens from
// then on; errors before it arrives are the browser console's alone.
void import('./platform/telemetry/index.ts').then(({ installGlobalErrorReporter }) =>
  installGlobalErrorReporter(),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The brand comes from the runtime config, so the static <title> is corrected before first paint.
document.title = documentTitle(null);

// spec 1 §4: the startup sequence runs behind the first paint, in its own chunk; page calls wait at
// the request gates until it has settled the session (see app/startup/startup.ts). A chunk that
// fails to load opens the gates, so the app still works logged out. When the sequence is bound to
// keep the token this browser holds, calls go at once with it: a signed-in list does not wait for
// the startup chunk, and the sequence runs beside it.
const started = import('./app/startup/startup.ts').then(({ startApp }) => startApp());
const tokenKept = keepsStoredToken({
  search: window.location.search,
  inNativeApp: isInNativeApp(),
  storedToken: localStore.getState().token,
});
holdCalls({
  session: tokenKept ? Promise.resolve() : started.then((run) => run.session),
  apiLock: started.then((run) => run.apiLock),
});

// The first page's calls start now, beside its chunk, rather than once the chunk has run.
const queryClient = createQueryClient();
void import('./app/routing/page-data.ts').then(({ startPageData }) =>
  startPageData(queryClient, { pathname: window.location.pathname, search: window.location.search }),
);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
