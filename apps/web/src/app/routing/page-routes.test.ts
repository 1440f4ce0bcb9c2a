import { routeTable } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { builtPages, pageModule, pageRoutes } from './page-routes.ts';

describe('page routes', () => {
  it('has a page module for every built route and no module for a route the table does not build', () => {
    const built = routeTable.filter((entry) => entry.built).map((entry) => entry.name);
    expect(Object.keys(builtPages).sort()).toEqual([...built].sort());
  });

  it('gives every unbuilt route the same under-construction page', () => {
    const unbuilt = routeTable.filter((entry) => !entry.built);
    const loaders = new Set(unbuilt.map((entry) => pageModule(entry)));
    expect(loaders.size).toBe(1);
    expect(unbuilt.length).toBe(routeTable.length - 2);
  });

  it('routes every path and alias case-sensitively, plus one catch-all', () => {
    const routes = pageRoutes();
    const paths = routeTable.flatMap((entry) => [entry.path, ...entry.aliases]);
    expect(routes.map((route) => route.path)).toEqual([...paths, '*']);
    expect(routes.slice(0, -1).every((route) => route.caseSensitive === true)).toBe(true);
  });

  it('loads the real page component for built routes', async () => {
    const home = routeTable.find((entry) => entry.path === '/');
    if (!home) throw new Error('no home route');
    const module = await pageModule(home)();
    expect(module.default.name).toBe('HomePage');
  });
});
