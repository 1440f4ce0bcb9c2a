import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { instrumentCode, pathInstrumentCode } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/** Index details: constituents and their industry map (group `index`; reference/protocol.md). The file is not index.ts, which is the package entry. */

const nullableNumber = lazySchema(() => z.number().nullable());

export const swMapItem = lazySchema(() =>
  z.object({
    code: z.string(),
    capitalOrIndex: z.string(),
    name: z.string(),
    /** Weight in percent (12.5 = 12.5%), as the original service sends it. */
    weight: z.number(),
  }),
);

export const indexEndpoints = defineGroup('index', {
  swMap: defineEndpoint({
    method: 'GET',
    path: '/api/v4/index/swMap/all/:code',
    auth: 'none',
    summary: '指数（或 ETF）成分的申万行业分布',
    params: () => z.object({ code: pathInstrumentCode }),
    query: () => z.object({ t: z.string().max(20).optional() }),
    datas: () =>
      z.object({
        sw1Count: z.number().int(),
        sw2Count: z.number().int(),
        sw3Count: z.number().int(),
        sw1: z.array(swMapItem),
        sw2: z.array(swMapItem),
        sw3: z.array(swMapItem),
      }),
  }),
  constituents: defineEndpoint({
    method: 'GET',
    path: '/api/v2/index/constituents',
    auth: 'none',
    summary: '指数成分股（含权重与实时行情）',
    query: () =>
      z.object({
        code: instrumentCode,
        sort: z.enum(['weight', 'chgPct']).default('weight'),
        order: z.enum(['desc', 'asc']).default('desc'),
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        size: z.coerce.number().int().min(1).max(100).default(20),
      }),
    datas: () =>
      z.object({
        total: z.number().int(),
        list: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            /** Weight as a fraction of the index. */
            weight: nullableNumber,
            price: nullableNumber,
            chgPct: nullableNumber,
          }),
        ),
      }),
  }),
});
