import type { KeyValueStorage } from './web-storage.ts';
import { keysWithPrefix } from './web-storage.ts';

/**
 * Key-range values (spec 2 §2.3): a detail page remembers the chart range the user picked (for
 * example 近一年) so next/previous between instruments keeps it. They live in sessionStorage under
 * this prefix and are cleared whenever the user navigates to a page that is not a detail page.
 */
export const keyRangePrefix = 'keyRange:';

export function saveKeyRange(storage: KeyValueStorage, name: string, value: string): void {
  storage.setItem(`${keyRangePrefix}${name}`, value);
}

export function readKeyRange(storage: KeyValueStorage, name: string): string | null {
  return storage.getItem(`${keyRangePrefix}${name}`);
}

export function clearKeyRanges(storage: KeyValueStorage): void {
  for (const key of keysWithPrefix(storage, keyRangePrefix)) storage.removeItem(key);
}
