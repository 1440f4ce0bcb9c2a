import { routeTable } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { builtPages, pageModule, pageRoutes } from './page-routes.ts';

describe('page routes', () => {
  it('has a page module for every built route, and only for routes of the table', () => {
    const built = routeTable.filter((entry) => entry.built).map((entry) => entry.name);
    const names = new Set<string>(routeTable.map((entry) => entry.name));
    for (const name of built) expect(builtPages).toHaveProperty(name);
    for (const name of Object.keys(builtPages)) expect(names.has(name)).toBe(true);
  });

  it('shows a page only once the table marks its route built (the e2e route walk counts them)', () => {
    for (const entry of routeTable) {
      const own = builtPages[entry.name];
      if (own && !entry.built) expect(pageModule(entry)).not.toBe(own);
      if (own && entry.built) expect(pageModule(entry)).toBe(own);
    }
  });

  it('gives every unbuilt route the same under-construction page', () => {
    const unbuilt = routeTable.filter((entry) => !entry.built);
    const loaders = new Set(unbuilt.map((entry) => pageModule(entry)));
    expect(loaders.size).toBe(1);
    expect(loaders.has(builtPages.home ?? (() => Promise.reject()))).toBe(false);
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
