import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, defineGroup, requestParts } from './endpoint.ts';
import { allEndpoints } from './index.ts';

/** Calls of zod's schema factories (`z.object`, `z.coerce.number`, ...) made through `z`. */
const zodFactoryCalls = vi.hoisted(() => ({ count: 0, names: new Set<string>() }));

// Every contract file builds its schemas through `z`; counting the factory calls made while the
// contract loads shows whether loading builds any schema (an eager module-level constant would).
vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof import('zod')>();
  const counted = (namespace: object, prefix: string): object =>
    new Proxy(namespace, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        // Factories are lower-case (`object`, `string`); classes such as `ZodType` stay as they are.
        if (typeof key !== 'string' || !/^[a-z]/.test(key)) return value;
        if (typeof value === 'function')
          return (...args: unknown[]) => {
            zodFactoryCalls.count += 1;
            zodFactoryCalls.names.add(`${prefix}${key}`);
            return value(...args);
          };
        // Namespaces of factories: `z.coerce`, `z.iso`.
        if (value !== null && typeof value === 'object') return counted(value, `${prefix}${key}.`);
        return value;
      },
    });
  return { ...zod, z: counted(zod.z, 'z.') };
});

/** The zod factories called while the contract was loading (read before any test builds a schema). */
const factoriesCalledAtLoad = [...zodFactoryCalls.names];

/** Whether reading `endpoint[part]` would still build the schema (the contract has not built it yet). */
function unbuilt(endpoint: object, part: string): boolean {
  return Object.getOwnPropertyDescriptor(endpoint, part)?.get !== undefined;
}

describe('the contract, loaded', () => {
  it('has built no schema at all: shared schemas are built on first use too (lazySchema)', () => {
    expect(factoriesCalledAtLoad).toEqual([]);
    expect(zodFactoryCalls.count).toBe(0);
  });

  // First in this file: the tests below read schemas.
  it('has built none of its endpoints’ schemas: each is built when a server route or a client call first needs it', () => {
    const built = allEndpoints.flatMap((endpoint) =>
      [...endpoint.requestParts, 'datas']
        .filter((part) => !unbuilt(endpoint, part))
        .map((part) => `${endpoint.group}.${endpoint.name}.${part}`),
    );
    expect(built).toEqual([]);
  });

  it('lists in requestParts exactly the parts each endpoint has a schema for', () => {
    for (const endpoint of allEndpoints) {
      const parts = requestParts.filter((part) => endpoint[part] !== undefined);
      expect(endpoint.requestParts, `${endpoint.group}.${endpoint.name}`).toEqual(parts);
      expect(endpoint.datas).toBeInstanceOf(z.ZodType);
    }
  });
});

describe('defineEndpoint', () => {
  function counted() {
    const builds = { query: 0, datas: 0 };
    const group = defineGroup('probe', {
      read: defineEndpoint({
        method: 'GET',
        path: '/api/v2/probe/read',
        auth: 'none',
        summary: '测试',
        query: () => {
          builds.query += 1;
          return z.object({ code: z.string() });
        },
        datas: () => {
          builds.datas += 1;
          return z.object({ price: z.number() });
        },
      }),
    });
    return { endpoint: group.read, builds };
  }

  it('builds a schema when it is first read, and only then', () => {
    const { endpoint, builds } = counted();
    expect(builds).toEqual({ query: 0, datas: 0 });
    expect(endpoint.requestParts).toEqual(['query']);
    const datas = endpoint.datas;
    expect(datas.parse({ price: 1.5 })).toEqual({ price: 1.5 });
    expect(endpoint.datas).toBe(datas);
    expect(builds).toEqual({ query: 0, datas: 1 });
    expect(endpoint.query.safeParse({ code: 1 }).success).toBe(false);
    expect(builds).toEqual({ query: 1, datas: 1 });
  });

  it('keeps its schemas, group and name when the endpoint is spread', () => {
    const { endpoint } = counted();
    const copy = { ...endpoint, path: '/elsewhere' };
    expect(copy.datas).toBe(endpoint.datas);
    expect(copy.query).toBe(endpoint.query);
    expect(`${copy.group}.${copy.name}`).toBe('probe.read');
  });

  it('takes a schema given as it is', () => {
    const datas = z.boolean();
    const endpoint = defineEndpoint({ method: 'POST', path: '/p', auth: 'none', summary: '测试', datas });
    expect(endpoint.datas).toBe(datas);
    expect(endpoint.requestParts).toEqual([]);
    expect(endpoint.query).toBeUndefined();
  });
});
