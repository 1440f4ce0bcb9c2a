import { allEndpoints, api } from '@zhicai/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appModules } from '../app.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import type { AppModule, GroupName } from './app-module.ts';

/** `GET /api/v2/fund/baseInfo`: how a route and an endpoint are compared. */
function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/** The contract routes a route registration adds: Fastify's own HEAD twins and hidden pages are not. */
function contractRoutes(route: RouteOptions): string[] {
  if (route.schema?.hide) return [];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((method) => method !== 'HEAD').map((method) => routeKey(method, route.url));
}

// Each module is wrapped so that the routes it registers are filed under its group.
const registered = new Map<GroupName, string[]>();
let registering: GroupName | null = null;
const watched: AppModule[] = appModules.map((module, index) => ({
  group: module.group,
  async register(app, deps) {
    if (index === 0) {
      app.addHook('onRoute', (route) => {
        if (registering) registered.get(registering)?.push(...contractRoutes(route));
      });
    }
    registering = module.group;
    registered.set(module.group, []);
    await module.register(app, deps);
    registering = null;
  },
}));

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ apiLock: false, modules: watched });
});
afterAll(async () => {
  await context.close();
});

describe('the app modules', () => {
  it('are one per contract group, named as in the contract', () => {
    const groups = appModules.map((module) => module.group);
    expect([...groups].sort()).toEqual(Object.keys(api).sort());
  });

  it('each register exactly the endpoints of their contract group', () => {
    for (const module of appModules) {
      const endpoints = Object.values(api[module.group]).map((endpoint) =>
        routeKey(endpoint.method, endpoint.path),
      );
      expect(registered.get(module.group)?.sort(), module.group).toEqual(endpoints.sort());
    }
  });

  it('serve every endpoint of the contract', () => {
    for (const endpoint of allEndpoints) {
      expect(
        context.app.hasRoute({ method: endpoint.method, url: endpoint.path }),
        `${endpoint.group}.${endpoint.name}`,
      ).toBe(true);
    }
  });
});
