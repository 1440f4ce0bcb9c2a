import { describe, expect, it } from 'vitest';
import { keepsStoredToken } from './stored-session.ts';

const browser = { search: '', inNativeApp: false, storedToken: 'jwt-a' };

describe('keepsStoredToken', () => {
  it('lets calls go with a token kept in the browser', () => {
    expect(keepsStoredToken(browser)).toBe(true);
    expect(keepsStoredToken({ ...browser, search: '?code=600519.SH&state=auth' })).toBe(true);
  });

  it('waits for the startup sequence when it may change the token', () => {
    expect(keepsStoredToken({ ...browser, storedToken: null })).toBe(false);
    expect(keepsStoredToken({ ...browser, storedToken: 'undefined' })).toBe(false);
    expect(keepsStoredToken({ ...browser, inNativeApp: true })).toBe(false);
    for (const search of ['?clear=1', '?testToken=t1', '?t_hb=hb1'])
      expect(keepsStoredToken({ ...browser, search })).toBe(false);
  });
});
