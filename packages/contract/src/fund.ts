import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { fundCompareEndpoints } from './fund-compare.ts';
import { dayNumber, instrumentCode, instrumentTypeSchema } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

export * from './fund-compare.ts';

import { periodReturns } from './fund-period-returns.ts';

export * from './fund-period-returns.ts';

/** Fund details, NAV history, holdings, fees and managers (issue 4). */

const nullableNumber = lazySchema(() => z.number().nullable());
const codeQuery = lazySchema(() => z.object({ code: instrumentCode }));

const manager = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    company: z.string(),
    /** When the manager started managing funds, YYYYMMDD. */
    careerStart: dayNumber,
    /** Assets under management, yuan. */
    assets: z.number(),
    /** Annualised return over the whole tenure, fraction. */
    annualReturn: nullableNumber,
    education: z.string(),
    bio: z.string(),
  }),
);

export const fundEndpoints = defineGroup('fund', {
  baseInfo: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fund/baseInfo',
    auth: 'none',
    summary: '基金概况：净值、收益、规模、经理',
    query: () => codeQuery,
    datas: () =>
      z.object({
        code: z.string(),
        name: z.string(),
        type: instrumentTypeSchema,
        /** 股票型, 混合型, 债券型, 指数型… */
        category: z.string(),
        company: z.string(),
        inceptionDate: dayNumber,
        /** Net assets, yuan. */
        size: z.number(),
        benchmark: z.string(),
        /** 1 (low) to 5 (high). */
        riskLevel: z.number().int().min(1).max(5),
        navDate: dayNumber,
        unitNav: z.number(),
        accumNav: z.number(),
        /** Change of the unit NAV on navDate, fraction. */
        dailyChgPct: nullableNumber,
        returns: periodReturns,
        managers: z.array(z.object({ id: z.string(), name: z.string(), since: dayNumber })),
        /** The ETF on the index an index fund tracks (the ETF page lists the fund as its 联接基金), when there is one. */
        trackingEtf: z.string().nullable(),
      }),
  }),
  navHistory: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fund/navHistory',
    auth: 'none',
    summary: '基金净值历史',
    query: () =>
      z.object({
        code: instrumentCode,
        range: z.enum(['1M', '3M', '6M', '1Y', '3Y', '5Y', 'ALL']).default('1Y'),
      }),
    datas: () =>
      z.object({
        /**
         * [date, unit NAV, accumulated NAV, daily change as a fraction], from the range's base NAV (the
         * NAV on or before its start, or the first NAV when the fund is younger) to the newest, so the
         * return from the first row to the last is the range's period return.
         */
        list: z.array(z.tuple([dayNumber, z.number(), z.number(), nullableNumber])),
      }),
  }),
  holdings: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fund/holdings',
    auth: 'none',
    summary: '基金持仓与资产配置',
    query: () => codeQuery,
    datas: () =>
      z.object({
        reportDate: dayNumber,
        /** weight: fraction of net assets. */
        stocks: z.array(z.object({ code: z.string(), name: z.string(), weight: z.number() })),
        assetAllocation: z.array(z.object({ name: z.string(), weight: z.number() })),
      }),
  }),
  fees: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fund/fees',
    auth: 'none',
    summary: '基金费率',
    query: () => codeQuery,
    datas: () =>
      z.object({
        /** Rates are fractions per year (management, custody, sales service) or per trade. */
        management: z.number(),
        custody: z.number(),
        salesService: z.number(),
        purchase: z.array(z.object({ range: z.string(), rate: z.number() })),
        redemption: z.array(z.object({ range: z.string(), rate: z.number() })),
      }),
  }),
  manager: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fund/manager',
    auth: 'none',
    summary: '基金经理详情与在管基金',
    query: () => z.object({ id: z.string().trim().min(1).max(40) }),
    datas: () =>
      manager.extend({
        funds: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            since: dayNumber,
            /** Return since the manager took over, fraction. */
            tenureReturn: nullableNumber,
            size: z.number(),
          }),
        ),
      }),
  }),
  ...fundCompareEndpoints,
});
