import { href } from '@zhicai/contract';

/**
 * spec 1 §2 "An integral (points) prompt is shown when the user has not checked in today and is not
 * in the native app" (the app has its own check-in entry). Whether a visitor has checked in is
 * unknown, so the prompt waits for login.
 */
export function showsIntegralPrompt(state: {
  signedIn: boolean;
  inNativeApp: boolean;
  /** The has-sign answer; undefined until it arrives. */
  hasSign: boolean | undefined;
}): boolean {
  return state.signedIn && !state.inNativeApp && state.hasSign === false;
}

/** Where the prompt leads: the check-in popup page. */
export const checkInPath = href('userIntegralPop');
