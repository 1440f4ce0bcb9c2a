import { browserStorage, type KeyValueStorage, readJson } from '../../platform/storage/web-storage.ts';

/**
 * Ids of popups the user has closed, in localStorage, so one activity does not interrupt every
 * visit to the page. The list keeps the latest ids only; old activities have ended anyway.
 */
export const dismissedPopupsKey = 'promo:dismissedPopups';
const maxRemembered = 50;

function read(storage: KeyValueStorage): number[] {
  const ids = readJson<unknown>(storage, dismissedPopupsKey, []);
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

export function isPopupDismissed(id: number, storage: KeyValueStorage = browserStorage('local')): boolean {
  return read(storage).includes(id);
}

export function dismissPopup(id: number, storage: KeyValueStorage = browserStorage('local')): void {
  const ids = read(storage).filter((known) => known !== id);
  ids.push(id);
  storage.setItem(dismissedPopupsKey, JSON.stringify(ids.slice(-maxRemembered)));
}
