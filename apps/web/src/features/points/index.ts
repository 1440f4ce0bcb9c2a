import { lazy } from 'react';

/** The check-in prompt, loaded after first paint: it waits for login and the has-sign answer. */
export const IntegralPrompt = lazy(() =>
  import('./components/integral-prompt.tsx').then((module) => ({ default: module.IntegralPrompt })),
);

export { checkInPath, showsIntegralPrompt } from './integral-prompt-rules.ts';
