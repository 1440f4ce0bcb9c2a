import { describe, expect, it } from 'vitest';
import { browserStorage, memoryStorage } from '../storage/web-storage.ts';
import { createLocalStore, localStore } from './local-store.ts';
import { createMemoryStore } from './memory-store.ts';
import { createSessionStore, sessionStore } from './session-store.ts';

describe('the app stores', () => {
  it('write local fields to localStorage and session fields to sessionStorage', () => {
    localStore.getState().setToken('jwt-token');
    sessionStore.getState().change_userIP('1.2.3.4');
    expect(window.localStorage.getItem('token')).toBe('jwt-token');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('userIP')).toBe('1.2.3.4');
    expect(window.localStorage.getItem('userIP')).toBeNull();
    expect(createLocalStore(browserStorage('local')).getState().token).toBe('jwt-token');
    expect(createSessionStore(browserStorage('session')).getState().userIP).toBe('1.2.3.4');
    localStore.getState().setToken(null);
    sessionStore.getState().change_userIP(null);
  });
});

describe('local store (spec 1 §3 persisted fields)', () => {
  it('keeps the token in localStorage and reads it back on load', () => {
    const storage = memoryStorage();
    createLocalStore(storage).getState().setToken('jwt-token');
    expect(storage.getItem('token')).toBe('jwt-token');
    expect(createLocalStore(storage).getState().token).toBe('jwt-token');
  });

  it('removes the token key when the token is cleared or empty', () => {
    const storage = memoryStorage();
    const store = createLocalStore(storage);
    store.getState().setToken('jwt-token');
    store.getState().setToken('');
    expect(storage.getItem('token')).toBeNull();
    expect(store.getState().token).toBeNull();
  });

  it('keeps user as JSON', () => {
    const storage = memoryStorage();
    createLocalStore(storage).getState().setUser({ id: 7, nickName: '小明' });
    expect(JSON.parse(storage.getItem('user') ?? '')).toEqual({ id: 7, nickName: '小明' });
    expect(createLocalStore(storage).getState().user).toEqual({ id: 7, nickName: '小明' });
  });

  it('persists articlesNewType and routeLast_pathName', () => {
    const storage = memoryStorage();
    const store = createLocalStore(storage).getState();
    store.change_articlesNewType('2');
    store.change_lastRouter_pathName(['/', '/stock']);
    const fresh = createLocalStore(storage).getState();
    expect(fresh.articlesNewType).toBe('2');
    expect(fresh.routeLast_pathName).toEqual(['/', '/stock']);
  });

  it('removes isGetNewUserCard and APILOCK when they become empty', () => {
    const storage = memoryStorage();
    const store = createLocalStore(storage);
    store.getState().change_isGetNewUserCard('1');
    store.getState().GET_APILOCK_SUCESS('on');
    expect(storage.getItem('isGetNewUserCard')).toBe('1');
    expect(storage.getItem('APILOCK')).toBe('on');
    expect(createLocalStore(storage).getState().APILOCK).toBe('on');
    store.getState().change_isGetNewUserCard('');
    store.getState().GET_APILOCK_SUCESS('');
    expect(storage.getItem('isGetNewUserCard')).toBeNull();
    expect(storage.getItem('APILOCK')).toBeNull();
  });

  it('reads a corrupted route list as empty instead of failing', () => {
    const storage = memoryStorage();
    storage.setItem('routeLast_pathName', '{not json');
    expect(createLocalStore(storage).getState().routeLast_pathName).toEqual([]);
    storage.setItem('routeLast_pathName', '"/"');
    expect(createLocalStore(storage).getState().routeLast_pathName).toEqual([]);
  });
});

describe('session store (spec 1 §3 session fields)', () => {
  it('saves userInfo only when it is non-empty', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.getState().change_userInfo({});
    expect(storage.getItem('userInfo')).toBeNull();
    store.getState().change_userInfo({ id: 42, abTestBatchNo: 'B3' });
    expect(createSessionStore(storage).getState().userInfo).toEqual({ id: 42, abTestBatchNo: 'B3' });
    store.getState().change_userInfo({});
    expect(store.getState().userInfo).toEqual({});
    expect(createSessionStore(storage).getState().userInfo).toEqual({ id: 42, abTestBatchNo: 'B3' });
  });

  it('keeps every session field in sessionStorage and reads it back', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage).getState();
    store.change_userIP('1.2.3.4');
    store.change_articlesNewScrollTop('320');
    store.change_downLoadAppFromURL('/stock?stockCode=600519.SH');
    store.change_presentCard({ cardNo: 'A1', days: 7 });
    store.set('abTestBatchNo', 'B2');
    store.set('vipType', '1');
    store.set('hbToken', 'hb');
    store.set('userToken', 'ut');
    store.set('isCn', 'true');
    store.set('isCnMsg', '仅限中国大陆');
    store.set('newUser', '1');
    store.set('break_favorite', '1');
    store.set('isSubject', '1');
    expect(storage.getItem('presentCard')).toBe('{"cardNo":"A1","days":7}');
    expect(storage.getItem('userIP')).toBe('1.2.3.4');
    const fresh = createSessionStore(storage).getState();
    expect(fresh).toMatchObject({
      userIP: '1.2.3.4',
      articlesNewScrollTop: '320',
      downLoadAppFromURL: '/stock?stockCode=600519.SH',
      presentCard: { cardNo: 'A1', days: 7 },
      abTestBatchNo: 'B2',
      vipType: '1',
      hbToken: 'hb',
      userToken: 'ut',
      isCn: 'true',
      isCnMsg: '仅限中国大陆',
      newUser: '1',
      break_favorite: '1',
      isSubject: '1',
    });
  });

  it('removes a field from storage when it is set to null', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage).getState();
    store.set('isSubject', '1');
    store.set('isSubject', null);
    expect(storage.getItem('isSubject')).toBeNull();
  });
});

describe('memory store (spec 1 §3 memory-only fields)', () => {
  it('starts showInregral false and the download counters at 0, and forgets them on reload', () => {
    const store = createMemoryStore();
    expect(store.getState().showInregral).toBe(false);
    expect(store.getState().sendAutoorize_downApp).toEqual({ all: 0, phone: 0, address: 0 });
    store.getState().change_showInregral(true);
    store.getState().change_sendAutoorize_downApp({ all: 1, phone: 1, address: 0 });
    expect(store.getState().showInregral).toBe(true);
    expect(store.getState().sendAutoorize_downApp).toEqual({ all: 1, phone: 1, address: 0 });
    expect(createMemoryStore().getState().showInregral).toBe(false);
  });

  it('does not write memory fields to web storage', () => {
    createMemoryStore().getState().change_showInregral(true);
    expect(window.localStorage.getItem('showInregral')).toBeNull();
    expect(window.sessionStorage.getItem('showInregral')).toBeNull();
  });
});
