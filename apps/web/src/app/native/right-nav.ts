import { type RightNavType, rightNavType } from '@zhicai/domain';
import { currentEnvironment } from '../../platform/environment.ts';
import { isPathOf } from '../../platform/links.ts';

/**
 * spec 1 §4 "Right-nav type": the native app draws the right side of its navigation bar by type;
 * the page tells it which one on every route change (the rule is the domain's rightNavType).
 */
export function rightNavPayload(appVersion: string | null, pathname: string): { type: RightNavType } {
  return { type: rightNavType(appVersion, isPathOf(pathname, 'home')) };
}

/** Sends the right-nav type to the native app; a no-op outside it. */
export function announceRightNav(pathname: string): void {
  const environment = currentEnvironment();
  if (!environment.inNativeApp) return;
  const payload = rightNavPayload(environment.appVersion, pathname);
  void import('../../platform/bridge/index.ts')
    .then(({ nativeBridge }) => nativeBridge.call('rightNavBar', payload))
    .catch(() => undefined);
}
