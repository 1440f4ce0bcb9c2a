import { lazy } from 'react';

/**
 * Price alerts for other features (issue 16): 设提醒 for detail pages, the unread count for 我的, and
 * the banner of a fired alert that the app shell mounts. The banner and the badge load after first
 * paint: they wait for a signed-in user and the socket.
 */
export { SetAlertButton, type SetAlertButtonProps } from './components/set-alert-button.tsx';

export const AlertBanner = lazy(() =>
  import('./components/alert-banner.tsx').then((module) => ({ default: module.AlertBanner })),
);

export const UnreadBadge = lazy(() =>
  import('./components/unread-badge.tsx').then((module) => ({ default: module.UnreadBadge })),
);
