import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { instrumentCode } from './instrument.ts';
import { lazySchema, withBuiltSchemas } from './lazy-schema.ts';

/**
 * The financial report preview (issue 5; spec 2 §2.1, §3, §7.1; reference/protocol.md
 * finreportQuick). A statement is sent as `sangji`, a tree of nodes keyed by Wind-style node codes.
 * The client draws each statement with a fixed column layout per statement and per `isFinance`,
 * so the node codes and their places in the tree below are part of the contract.
 *
 * Units: `value` in yuan (元), `chgPct` and `grossmargin` as fractions (0.125 = 12.5%; a change
 * may exceed 1). `negative: true` marks a node that is taken away from its parent's flow (a cost,
 * a tax, an outflow); its `value` is the amount as published, normally positive. A node whose own
 * value is below zero (an investment loss, a net outflow) keeps its sign.
 *
 * Income statement, general layout (isFinance false). Top level: TOT_OPER_REV, LESS_OPER_COST,
 * GROSS_PROFIT (= TOT_OPER_REV − LESS_OPER_COST exactly), OPER_PROFIT.
 *   TOT_OPER_REV.child: revenue by business line (codes SEG_01…; residual OTHER_SEG).
 *   GROSS_PROFIT.child: OPER_EXP (negative; child SELLING_DIST_EXP, GERL_ADMIN_EXP, RD_EXP, FIN_EXP),
 *     DEDUCT_OPER_COST (negative; child LESS_TAXES_SURCHARGES_OPS, IMPAIR_LOSS),
 *     OTHER_OPER_PROFIT (signed; child INVEST_INC, OTHER_INC, FAIR_VALUE_CHG, ASSET_DISPOSAL_INC).
 *   OPER_PROFIT = GROSS_PROFIT − OPER_EXP − DEDUCT_OPER_COST + OTHER_OPER_PROFIT.
 *   OPER_PROFIT.child: NON_OPER_PROFIT (signed), INC_TAX (negative),
 *     NET_PROFIT_INCL_MIN_INT_INC (= OPER_PROFIT + NON_OPER_PROFIT − INC_TAX;
 *     child NET_PROFIT_EXCL_MIN_INT_INC 归母净利润, MINORITY_INT_INC 少数股东损益).
 * Income statement, financial layout (banks, insurers, brokers). Top level: TOT_OPER_REV,
 * TOT_OPER_COST (negative), OPER_PROFIT (= TOT_OPER_REV − TOT_OPER_COST).
 *   TOT_OPER_REV.child: NET_INT_INC, NET_FEE_COMM_INC, NET_PREM_EARNED, INVEST_INC, OTHER_OPER_INC…
 *   TOT_OPER_COST.child: OPER_EXP (业务及管理费), CREDIT_IMPAIR_LOSS, LESS_TAXES_SURCHARGES_OPS,
 *     INSUR_EXP, OTHER_OPER_COST…
 *   OPER_PROFIT.child: as in the general layout.
 * Cash-flow statement (both layouts). Top level: CASH_CASH_EQU_BEG_PERIOD, NET_CASH_FLOWS_OPER_ACT,
 *   NET_CASH_FLOWS_INV_ACT, NET_CASH_FLOWS_FNC_ACT (each with child items: receipts positive,
 *   payments negative-flagged; residual OTHER_…), EFF_FX_FLU_CASH, NET_INCR_CASH_CASH_EQU
 *   (= the three activities + EFF_FX_FLU_CASH), CASH_CASH_EQU_END_PERIOD (= BEG + NET_INCR).
 * Balance sheet, general layout. Top level: TOT_ASSETS (child TOT_CUR_ASSETS, TOT_NON_CUR_ASSETS,
 *   each with item children), TOT_LIAB (child TOT_CUR_LIAB, TOT_NON_CUR_LIAB, each with item
 *   children), TOT_SHRHLDR_EQY_INCL_MIN_INT (item children). TOT_ASSETS = TOT_LIAB + equity;
 *   each side's parts sum to it.
 * Balance sheet, financial layout: TOT_ASSETS, TOT_LIAB and TOT_SHRHLDR_EQY_INCL_MIN_INT with item
 *   children directly (banks do not split current and non-current).
 * Children of a node always sum exactly to it (a negative child subtracting), except the chain
 * nodes GROSS_PROFIT and OPER_PROFIT, whose children are the flows of the formulas above; what the
 * itemised lines leave over is a residual child whose code starts with OTHER_ (其他…) or BAL_
 * (平衡项目). Residuals never count among a column's top items (spec 2 §4).
 */

/** A period end as sent: 'YYYYMMDD' ending 0331, 0630, 0930 or 1231 (spec 2 §2.1). */
export const reportPeriod = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{4}(0331|0630|0930|1231)$/, '报告期格式应为 YYYYMMDD，且以 0331、0630、0930 或 1231 结尾'),
);

/** spec 2 §2.1 and §9: the period shown when none is given. */
export const defaultReportPeriod = '20240630';

export interface FlowNode {
  name: string;
  /** Yuan. */
  value: number;
  /** Year-on-year change as a fraction; null when the same period a year before is unknown or zero. */
  chgPct: number | null;
  /** Gross margin as a fraction, on nodes where it means something (gross profit, business lines). */
  grossmargin?: number | null;
  /** Taken away from the parent's flow (costs, taxes, payments). */
  negative?: boolean;
  child?: Record<string, FlowNode>;
}

export const flowNode: z.ZodType<FlowNode> = lazySchema(
  (): z.ZodType<FlowNode> =>
    // The recursion holds the schema itself, not its stand-in (JSON Schema tells them apart).
    z.lazy(() =>
      withBuiltSchemas(
        z.object({
          name: z.string(),
          value: z.number(),
          chgPct: z.number().nullable(),
          grossmargin: z.number().nullable().optional(),
          negative: z.boolean().optional(),
          child: z.record(z.string(), flowNode).optional(),
        }),
      ),
    ),
);

/**
 * A key indicator (spec 2 §3). The client formats by the name's ending (spec 2 §5): 率 or 比
 * (rate, ratio) → `value` is a fraction shown as a percent; 天数 → days with a 天 suffix;
 * anything else is an amount in yuan.
 */
export const keyIndicator = lazySchema(() =>
  z.object({
    name: z.string(),
    value: z.number().nullable(),
    chgPct: z.number().nullable(),
  }),
);

export const statementBlock = lazySchema(() =>
  z.object({
    sangji: z.record(z.string(), flowNode),
    /** des[0] is the 主要变动原因 text, written from the year-on-year drivers. */
    des: z.array(z.string()),
    keys: z.array(keyIndicator),
  }),
);

export const financialReport = lazySchema(() =>
  z.object({
    stockName: z.string(),
    /** Address of the original report PDF on our server; absent when there is none. */
    pdf: z.string().optional(),
    /** Every period the company has reported, newest first. */
    periods: z.array(z.string()),
    /** Banks, insurers and brokers: the financial layouts above. */
    isFinance: z.boolean(),
    income: statementBlock.optional(),
    cashFlow: statementBlock.optional(),
    balance: statementBlock.optional(),
  }),
);

export type ReportPeriod = z.infer<typeof reportPeriod>;
export type KeyIndicator = z.infer<typeof keyIndicator>;
export type StatementBlock = z.infer<typeof statementBlock>;
export type FinancialReport = z.infer<typeof financialReport>;

export const reportEndpoints = defineGroup('report', {
  finreportQuick: defineEndpoint({
    method: 'GET',
    path: '/api/v3/details/finreportQuick',
    auth: 'none',
    summary: '财报速览：利润表、现金流量表、资产负债表的流向图数据（spec 2 §7.1）',
    query: () =>
      z.object({
        code: instrumentCode,
        reportPeriod: reportPeriod.default(defaultReportPeriod),
      }),
    datas: () => financialReport,
  }),
});
