import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { periodReturns } from './fund-period-returns.ts';
import { dayNumber, instrumentCode, instrumentTypeSchema } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';
import { compareCodes } from './stock-compare.ts';

/**
 * Fund comparison and the 定投计算器 (spec 2 §2.2 "Comparison and tools": /fundCompare,
 * /fundManCompare, /profitComputer). The figures are the fund page's: returns from the fund's one NAV
 * series, size and fees by the fund page's rules, risk figures (最大回撤, 波动率, 夏普) over 近1年 by the
 * fund screen's rules.
 */

const nullableNumber = lazySchema(() => z.number().nullable());

export const comparedFund = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema,
    category: z.string(),
    company: z.string(),
    /** Net assets, yuan. */
    size: z.number(),
    inceptionDate: dayNumber,
    navDate: dayNumber,
    unitNav: z.number(),
    managers: z.array(z.object({ id: z.string(), name: z.string(), since: dayNumber })),
    /** Fractions a year (management, custody, sales service) and of the smallest purchases (front load). */
    fees: z.object({
      management: z.number(),
      custody: z.number(),
      salesService: z.number(),
      purchase: z.number(),
    }),
    returns: periodReturns,
    /** Over 近1年 (from the base NAV of 近1年收益): a positive fraction, annualised fraction, ratio. */
    maxDrawdown: nullableNumber,
    volatility: nullableNumber,
    sharpe: nullableNumber,
    /** The latest report's largest stock holdings, weight as a fraction of net assets. */
    topHoldings: z.array(z.object({ code: z.string(), name: z.string(), weight: z.number() })),
  }),
);
export type ComparedFund = z.infer<typeof comparedFund>;

export const investFrequency = lazySchema(() => z.enum(['weekly', 'biweekly', 'monthly']));
export type InvestFrequency = z.infer<typeof investFrequency>;

const dayText = lazySchema(() =>
  z.coerce
    .number({ error: '日期应为 YYYYMMDD' })
    .int({ error: '日期应为 YYYYMMDD' })
    .min(19900101, { error: '日期应为 YYYYMMDD' })
    .max(21001231, { error: '日期应为 YYYYMMDD' }),
);

export const regularInvestment = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    /** The days the plan actually bought on (the first NAV day on or after each scheduled day). */
    firstDay: dayNumber,
    lastDay: dayNumber,
    /** Yuan paid in, fees included. */
    invested: z.number(),
    fees: z.number(),
    shares: z.number(),
    /** Unit NAV the value is taken at (the last NAV on or before the end day). */
    finalNav: z.number(),
    value: z.number(),
    profit: z.number(),
    /** profit ÷ invested, fraction. */
    profitRate: z.number(),
    /** Each purchase: day, unit NAV, yuan paid, fee, units bought. */
    purchases: z.array(
      z.object({ day: dayNumber, nav: z.number(), amount: z.number(), fee: z.number(), shares: z.number() }),
    ),
    /** [day, invested so far, value that day] on the NAV days of the plan (thinned to ≤ 400 points). */
    series: z.array(z.tuple([dayNumber, z.number(), z.number()])),
  }),
);
export type RegularInvestment = z.infer<typeof regularInvestment>;

export const fundCompareEndpoints = {
  fundCompare: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fund/fundCompare',
    auth: 'none',
    summary: '基金对比：2–5 只基金的类型、规模、经理、费率、区间收益、风险指标与重仓股',
    query: () => z.object({ codes: compareCodes }),
    datas: () => z.object({ list: z.array(comparedFund) }),
  }),
  profitComputer: defineEndpoint({
    method: 'GET',
    path: '/api/v2/fund/profitComputer',
    auth: 'none',
    summary: '定投计算器：按基金真实净值回测定期定额投资',
    query: () =>
      z.object({
        code: instrumentCode,
        start: dayText,
        end: dayText,
        /** Yuan per purchase, fees included. */
        amount: z.coerce
          .number({ error: '每期金额不正确' })
          .min(10, { error: '每期金额最少 10 元' })
          .max(10_000_000, { error: '每期金额最多 1000 万元' }),
        frequency: investFrequency.default('monthly'),
        /** Front-end load as a fraction (0.0015 = 0.15%). */
        feeRate: z.coerce
          .number({ error: '费率不正确' })
          .min(0, { error: '费率不能为负' })
          .max(0.05, { error: '费率最高 5%' })
          .default(0),
      }),
    datas: () => regularInvestment,
  }),
};
