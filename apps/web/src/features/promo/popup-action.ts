import { href } from '@zhicai/contract';

/** What tapping the popup image does (spec 1 §2 "Activity popup"). */
export type PopupTapAction =
  | { kind: 'open'; url: string }
  | { kind: 'close' }
  | { kind: 'navigate'; to: string };

/**
 * A URL containing http opens in a new window; one containing # only closes the popup; anything
 * else is an in-app path, and an empty one means the home page.
 */
export function popupTapAction(url: string): PopupTapAction {
  if (url.includes('http')) return { kind: 'open', url };
  if (url.includes('#')) return { kind: 'close' };
  return { kind: 'navigate', to: url.trim() === '' ? href('home') : url };
}
