import { describe, expect, it } from 'vitest';
import { apiGroups } from './api-groups.ts';
import { rateLimitClasses } from './endpoint.ts';
import { allEndpoints, api } from './index.ts';

/** spec 1 §4 "Watchlist change marker" and spec 2 §7.3: the calls whose success sets break_favorite. */
const watchlistChangePaths = [
  '/api/v2/opt/addOptGroup',
  '/api/v2/opt/delOptGroup',
  '/api/v2/opt/renameOptGroup',
  '/api/v2/opt/sortOptGroup',
  '/api/v2/opt/sortOptGroupV2',
  '/api/v2/opt/addOpt',
  '/api/v2/opt/batchDelOpt',
  '/api/v2/opt/moveOpt',
  '/api/v2/opt/sortOpt',
  '/api/v2/opt/reSetAddDate',
  '/api/v2/opt/setTop',
  '/api/v2/capital/addOptional',
  '/api/v2/capital/sortOptional',
  '/api/v2/capital/batchDelOptional',
  '/api/v2/capital/delOptional',
  '/api/v2/user/pushSet',
];

describe('the api object', () => {
  it('files every endpoint under its own group and name', () => {
    for (const [group, endpoints] of Object.entries(api)) {
      for (const [name, endpoint] of Object.entries(endpoints)) {
        expect(`${endpoint.group}.${endpoint.name}`).toBe(`${group}.${name}`);
      }
    }
  });

  it('loads each group on its own as the same endpoint objects', async () => {
    expect(Object.keys(apiGroups).sort()).toEqual(Object.keys(api).sort());
    for (const [group, load] of Object.entries(apiGroups)) {
      expect(await load()).toBe(api[group as keyof typeof api]);
    }
  });

  it('serves each method and path once', () => {
    const routes = allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('says for every endpoint who may call it, and limits only by known classes', () => {
    for (const endpoint of allEndpoints) {
      expect(['required', 'optional', 'none']).toContain(endpoint.auth);
      if (endpoint.rateLimit !== null) expect(rateLimitClasses).toContain(endpoint.rateLimit);
    }
  });

  it('limits every call that may create a user or a session per IP', () => {
    const logins = [
      api.user.bindPhone,
      api.user.checkTestToken,
      api.user.wechatLogin,
      api.user.exchangeHbToken,
    ];
    for (const endpoint of logins) expect(endpoint.rateLimit).toBe('session');
  });

  it('marks the watchlist after exactly the calls spec 1 §4 names', () => {
    const marking = allEndpoints
      .filter((endpoint) => endpoint.marksWatchlist)
      .map((endpoint) => endpoint.path);
    expect(marking.every((path) => watchlistChangePaths.includes(path))).toBe(true);
    const served = allEndpoints.filter((endpoint) => watchlistChangePaths.includes(endpoint.path));
    expect(served.length).toBeGreaterThan(0);
    for (const endpoint of served) expect(endpoint.marksWatchlist).toBe(true);
  });
});
