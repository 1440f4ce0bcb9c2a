import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserStorage, type KeyValueStorage } from '../storage/web-storage.ts';
import { type Codecs, type FieldCodec, json, readFields, text, writeField } from './fields.ts';

/** The signed-in user from the user-info call (fields id, abTestBatchNo …; spec 1 §3). */
export type UserInfo = Record<string, unknown>;
/** A gift card; spec 1 §3 does not show its shape. */
export type PresentCard = Record<string, unknown>;

/** A flag that is either '1' or absent (spec 1 §3: newUser, break_favorite). */
const flag: FieldCodec<'1' | null> = {
  read: (raw) => (raw === '1' ? '1' : null),
  write: (value) => value,
};

/** Session fields kept in sessionStorage (spec 1 §3 "session storage" or "saved per session"). */
export interface SessionFields {
  /** Saved to storage only when non-empty (spec 1 §3). */
  userInfo: UserInfo | null;
  userIP: string | null;
  abTestBatchNo: string | null;
  vipType: string | null;
  hbToken: string | null;
  userToken: string | null;
  isCn: string | null;
  isCnMsg: string | null;
  articlesNewScrollTop: string | null;
  downLoadAppFromURL: string | null;
  presentCard: PresentCard | null;
  /** Set by response code 014 (spec 1 §8). */
  newUser: '1' | null;
  /** Set after a successful watchlist change (spec 1 §4 "Watchlist change marker"). */
  break_favorite: '1' | null;
  /** Mirrors the isSubject query of the current page (spec 2 §2.3). */
  isSubject: string | null;
}

export interface SessionState extends SessionFields {
  /** Replaces one field; for fields the spec names no action for. */
  set<K extends keyof SessionFields & string>(key: K, value: SessionFields[K]): void;
  change_userInfo(value: UserInfo | null): void;
  change_userIP(value: string | null): void;
  change_articlesNewScrollTop(value: string | null): void;
  change_downLoadAppFromURL(value: string | null): void;
  change_presentCard(value: PresentCard | null): void;
}

const isNonEmpty = (value: UserInfo | null) => value !== null && Object.keys(value).length > 0;

const codecs: Codecs<SessionFields> = {
  userInfo: json<UserInfo | null>(null, { saveWhen: isNonEmpty }),
  userIP: text,
  abTestBatchNo: text,
  vipType: text,
  hbToken: text,
  userToken: text,
  isCn: text,
  isCnMsg: text,
  articlesNewScrollTop: text,
  downLoadAppFromURL: text,
  presentCard: json<PresentCard | null>(null),
  newUser: flag,
  break_favorite: flag,
  isSubject: text,
};

export function createSessionStore(storage: KeyValueStorage): StoreApi<SessionState> {
  return createStore<SessionState>()((set) => {
    function replace<K extends keyof SessionFields & string>(key: K, value: SessionFields[K]) {
      writeField(storage, codecs, key, value);
      set({ [key]: value } as Pick<SessionFields, K>);
    }
    return {
      ...readFields(storage, codecs),
      set: replace,
      change_userInfo: (value) => replace('userInfo', value),
      change_userIP: (value) => replace('userIP', value),
      change_articlesNewScrollTop: (value) => replace('articlesNewScrollTop', value),
      change_downLoadAppFromURL: (value) => replace('downLoadAppFromURL', value),
      change_presentCard: (value) => replace('presentCard', value),
    };
  });
}

/** The app's sessionStorage-backed session store. */
export const sessionStore = createSessionStore(browserStorage('session'));

export function useSessionState<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
