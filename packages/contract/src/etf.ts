import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { pathInstrumentCode } from './instrument.ts';

/** ETF details (issue 4; shapes from reference/protocol.md). */

export const etfEndpoints = defineGroup('etf', {
  holdAll: defineEndpoint({
    method: 'GET',
    path: '/api/v4/etf/holdAll/:code',
    auth: 'none',
    summary: 'ETF 全部持仓',
    params: () => z.object({ code: pathInstrumentCode }),
    query: () => z.object({ t: z.string().max(20).optional() }),
    datas: () =>
      z.object({
        /**
         * holdScale: weight in percent of net assets. kind: a listed security (its page opens), or
         * the commodity a commodity ETF holds (518880 黄金ETF: 黄金现货合约 Au99.99), which has no page.
         */
        list: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            holdScale: z.number(),
            kind: z.enum(['security', 'commodity']),
          }),
        ),
      }),
  }),
  linkFund: defineEndpoint({
    method: 'GET',
    path: '/api/v4/etf/linkFund/:code',
    auth: 'none',
    summary: 'ETF 联接基金与同类 ETF',
    params: () => z.object({ code: pathInstrumentCode }),
    query: () => z.object({ t: z.string().max(20).optional() }),
    datas: () =>
      z.object({
        /** similar: holdings overlap with this ETF, 0–1. */
        etfs: z.array(z.object({ code: z.string(), name: z.string(), similar: z.number() })),
        /** Off-exchange feeder funds that invest in this ETF. */
        linkFunds: z.array(z.object({ code: z.string(), name: z.string() })),
      }),
  }),
  valuation: defineEndpoint({
    method: 'GET',
    path: '/api/v4/etf/valuation/:code',
    auth: 'none',
    summary: 'ETF 跟踪指数、参考净值（IOPV）与溢价率',
    params: () => z.object({ code: pathInstrumentCode }),
    query: () => z.object({ t: z.string().max(20).optional() }),
    datas: () =>
      z.object({
        /** The index the ETF tracks; null when the source does not say, or for a commodity ETF. */
        index: z.object({ code: z.string(), name: z.string() }).nullable(),
        /**
         * The code whose live quote moves the IOPV through the day (previousNav × its price ÷ its
         * prevClose): the tracked index, or a commodity ETF's own code, its price following the
         * commodity's path. Null when unknown.
         */
        follows: z.string().nullable(),
        /** The NAV of the trading day before the quote's (navDay), per unit in yuan. */
        navDay: z.number().int().nullable(),
        previousNav: z.number().nullable(),
        /** IOPV now: previousNav × the followed price ÷ its prevClose (domain etfIopv). */
        iopv: z.number().nullable(),
        /** price ÷ IOPV − 1, a fraction. */
        premiumRate: z.number().nullable(),
      }),
  }),
});
