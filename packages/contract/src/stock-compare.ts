import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dayNumber, instrumentCode } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Stock comparison (spec 2 §2.2 "Comparison and tools": /stockCompare, /stockCompareNew,
 * /dupont-compare, /diff). Every figure is the one the stock's own page shows, computed by the same
 * code: price, PE and PB as the quote header and 估值 show them, ROE and revenue growth as 行业对比
 * shows them, 股息率 as the 盘口, 资产负债率 as the financial report's key indicators.
 */

/** The fewest and the most instruments one comparison holds. */
export const minCompared = 2;
export const maxCompared = 5;

/**
 * `codes`: 2–5 distinct instrument codes, comma-separated (`600519.SH,000858.SZ`). Duplicates are
 * counted once, so `a,a` is one code and refused.
 */
export const compareCodes = lazySchema(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(instrumentCode)
        .min(minCompared, `请至少选择 ${minCompared} 个品种对比`)
        .max(maxCompared, `最多同时对比 ${maxCompared} 个品种`),
    ),
);

const nullableNumber = lazySchema(() => z.number().nullable());

/** One stock's row of the side-by-side table. Ratios are fractions, amounts yuan. */
export const comparedStock = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    price: nullableNumber,
    /** Today's change, fraction. */
    chgPct: nullableNumber,
    marketCap: nullableNumber,
    pe: nullableNumber,
    pb: nullableNumber,
    /** Trailing net profit ÷ equity of the latest report (行业对比's 净资产收益率). */
    roe: nullableNumber,
    revenueTtm: nullableNumber,
    /** TTM revenue against four quarters earlier. */
    revenueYoy: nullableNumber,
    netProfitTtm: nullableNumber,
    netProfitYoy: nullableNumber,
    grossMargin: nullableNumber,
    /** 资产负债率 of the latest reported balance sheet. */
    debtRatio: nullableNumber,
    /** 股息率 (TTM) as the 盘口 shows it. */
    dividendYield: nullableNumber,
    /** The report period the fundamentals come from, YYYYMMDD; null without reports. */
    reportPeriod: dayNumber.nullable(),
  }),
);
export type ComparedStock = z.infer<typeof comparedStock>;

/**
 * One report period of the DuPont identity, all from the period's statements (cumulative from the
 * year's start, like the report preview): ROE = 归母净利率 × 总资产周转率 × 权益乘数, with
 * 归母净利率 = parent net profit ÷ revenue, 总资产周转率 = revenue ÷ average total assets and
 * 权益乘数 = average total assets ÷ average parent equity (averages of the period end and the last
 * year end). `roe` is the report preview's 净资产收益率 of the same period; the product of the three
 * factors equals it.
 */
export const dupontPeriod = lazySchema(() =>
  z.object({
    period: dayNumber,
    netMargin: nullableNumber,
    assetTurnover: nullableNumber,
    equityMultiplier: nullableNumber,
    roe: nullableNumber,
  }),
);
export type DupontPeriod = z.infer<typeof dupontPeriod>;

export const stockCompareEndpoints = {
  stockCompare: defineEndpoint({
    method: 'GET',
    path: '/api/v2/module/stockCompare',
    auth: 'none',
    summary: '个股对比：2–5 只A股的行情、估值、盈利与成长指标',
    query: () => z.object({ codes: compareCodes }),
    datas: () => z.object({ list: z.array(comparedStock) }),
  }),
  dupontCompare: defineEndpoint({
    method: 'GET',
    path: '/api/v2/module/dupontCompare',
    auth: 'none',
    summary: '杜邦分析对比：2–5 只A股各报告期的净利率、总资产周转率、权益乘数与净资产收益率',
    query: () =>
      z.object({
        codes: compareCodes,
        /** How many report periods, newest first. */
        periods: z.coerce.number().int().min(1).max(12).default(8),
      }),
    datas: () =>
      z.object({
        list: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            /** Banks, insurers and brokers report in the financial layout; the identity holds all the same. */
            isFinance: z.boolean(),
            /** Newest first. */
            periods: z.array(dupontPeriod),
          }),
        ),
      }),
  }),
};
