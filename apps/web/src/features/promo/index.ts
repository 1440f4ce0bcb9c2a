import { lazy } from 'react';

/**
 * The activity popup, loaded after first paint: it waits for its data and image anyway, and its
 * module brings the contract's zod schemas with it.
 */
export const ActivityPopup = lazy(() =>
  import('./components/activity-popup.tsx').then((module) => ({ default: module.ActivityPopup })),
);

export { dismissPopup, isPopupDismissed } from './dismissed-popups.ts';
