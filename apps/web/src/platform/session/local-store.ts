import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserStorage, type KeyValueStorage } from '../storage/web-storage.ts';
import { type Codecs, json, readFields, textRemovedWhenEmpty, writeField } from './fields.ts';

/** A signed-in user as the login call returns it; spec 1 §3 does not show its shape. */
export type UserRecord = Record<string, unknown>;

/** Session fields kept in localStorage (spec 1 §3: "local storage" or "persisted"). */
export interface LocalFields {
  token: string | null;
  user: UserRecord | null;
  articlesNewType: string | null;
  /** The last 10 visited paths, oldest first (spec 1 §4 "Route history"). */
  routeLast_pathName: string[];
  isGetNewUserCard: string | null;
  APILOCK: string | null;
}

export interface LocalState extends LocalFields {
  /** An empty token is no token: the key is removed. */
  setToken(token: string | null): void;
  setUser(user: UserRecord | null): void;
  change_articlesNewType(value: string | null): void;
  change_lastRouter_pathName(paths: string[]): void;
  change_isGetNewUserCard(value: string | null): void;
  GET_APILOCK_SUCESS(value: string | null): void;
}

const codecs: Codecs<LocalFields> = {
  token: textRemovedWhenEmpty,
  user: json<UserRecord | null>(null),
  articlesNewType: textRemovedWhenEmpty,
  routeLast_pathName: json<string[]>([]),
  isGetNewUserCard: textRemovedWhenEmpty,
  APILOCK: textRemovedWhenEmpty,
};

export function createLocalStore(storage: KeyValueStorage): StoreApi<LocalState> {
  return createStore<LocalState>()((set) => {
    function replace<K extends keyof LocalFields & string>(key: K, value: LocalFields[K]) {
      writeField(storage, codecs, key, value);
      set({ [key]: value } as Pick<LocalFields, K>);
    }
    const stored = readFields(storage, codecs);
    return {
      ...stored,
      // A corrupted list (not an array) must not break navigation bookkeeping.
      routeLast_pathName: Array.isArray(stored.routeLast_pathName) ? stored.routeLast_pathName : [],
      setToken: (token) => replace('token', token || null),
      setUser: (user) => replace('user', user),
      change_articlesNewType: (value) => replace('articlesNewType', value),
      change_lastRouter_pathName: (paths) => replace('routeLast_pathName', paths),
      change_isGetNewUserCard: (value) => replace('isGetNewUserCard', value || null),
      GET_APILOCK_SUCESS: (value) => replace('APILOCK', value || null),
    };
  });
}

/** The app's localStorage-backed session store. */
export const localStore = createLocalStore(browserStorage('local'));

export function useLocalState<T>(selector: (state: LocalState) => T): T {
  return useStore(localStore, selector);
}
