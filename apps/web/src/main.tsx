// First: it configures zod before any module parses (platform/zod-jitless.ts).
import './platform/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { documentTitle } from './platform/brand.ts';
import { holdCalls } from './platform/request/startup-gates.ts';
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
// fails to load opens the gates, so the app still works logged out.
const started = import('./app/startup/startup.ts').then(({ startApp }) => startApp());
holdCalls({ session: started.then((run) => run.session), apiLock: started.then((run) => run.apiLock) });

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
