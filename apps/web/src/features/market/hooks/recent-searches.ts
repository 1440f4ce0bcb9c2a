import type { InstrumentRef } from '@zhicai/contract';
import { instrumentTypes } from '@zhicai/domain';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserStorage, type KeyValueStorage, readJson } from '../../../platform/storage/web-storage.ts';
import { addRecentSearch, recentSearchLimit } from '../market-rules.ts';

/** localStorage key of the 最近搜索 list (newest first). */
export const recentSearchesKey = 'searchHistory';

export interface RecentSearchesState {
  items: InstrumentRef[];
  add(hit: InstrumentRef): void;
  clear(): void;
}

const knownTypes: ReadonlySet<string> = new Set(instrumentTypes);

// The stored list is read back from a storage another app version may have written: keep only
// well-formed entries.
function isRef(value: unknown): value is InstrumentRef {
  if (typeof value !== 'object' || value === null) return false;
  const { code, name, type } = value as Record<string, unknown>;
  return (
    typeof code === 'string' && typeof name === 'string' && typeof type === 'string' && knownTypes.has(type)
  );
}

export function createRecentSearchesStore(storage: KeyValueStorage): StoreApi<RecentSearchesState> {
  const stored = readJson<unknown>(storage, recentSearchesKey, []);
  const items = Array.isArray(stored) ? stored.filter(isRef).slice(0, recentSearchLimit) : [];
  return createStore<RecentSearchesState>()((set, get) => ({
    items,
    add: (hit) => {
      const next = addRecentSearch(get().items, hit);
      storage.setItem(recentSearchesKey, JSON.stringify(next));
      set({ items: next });
    },
    clear: () => {
      storage.removeItem(recentSearchesKey);
      set({ items: [] });
    },
  }));
}

let store: StoreApi<RecentSearchesState> | undefined;

/** The app's recent-search store, created on first use (tests reset it with resetRecentSearches). */
function recentSearchesStore(): StoreApi<RecentSearchesState> {
  store ??= createRecentSearchesStore(browserStorage('local'));
  return store;
}

/** Forgets the in-memory store so the next use reads localStorage again (tests). */
export function resetRecentSearches(): void {
  store = undefined;
}

export function useRecentSearches<T>(selector: (state: RecentSearchesState) => T): T {
  return useStore(recentSearchesStore(), selector);
}
