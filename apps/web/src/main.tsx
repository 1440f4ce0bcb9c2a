import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { documentTitle } from './platform/brand.ts';
import './app/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The brand comes from the runtime config, so the static <title> is corrected before first paint.
document.title = documentTitle(null);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
