import type { StatementLines } from '../../../statements/statement-layout.ts';
import type { BalanceSheets } from './balance-sheet.ts';
import type { CompanyKind, CompanyProfile } from './company-profile.ts';
import type { CompanyScale } from './company-scale.ts';
import type { IncomeStatement } from './income-statement.ts';
import { quarterOf, yearEnd, yearOf } from './statement-periods.ts';
import { between, jitter, sumOf } from './statement-random.ts';

/**
 * Sets the net of one cash-flow activity exactly: the residual payment OTHER_CASH_PAY_… takes what
 * receipts less payments leave over the net; when that would fall below `floor`, the residual
 * receipt OTHER_CASH_RECP_… grows instead, so every receipt and payment stays a positive amount.
 */
function settleActivity(
  lines: StatementLines,
  net: number,
  receipts: Record<string, number>,
  payments: Record<string, number>,
  otherReceipt: string,
  otherPayment: string,
  floor: number,
): void {
  const received = sumOf(Object.values(receipts));
  const paid = sumOf(Object.values(payments));
  let residual = received - paid - net;
  const extra = residual < floor ? floor - residual : 0;
  residual += extra;
  Object.assign(lines, receipts, payments);
  lines[otherReceipt] = (receipts[otherReceipt] ?? 0) + extra;
  lines[otherPayment] = residual;
}

/** What the cash-flow statement of a period reads from the company's other statements. */
export interface CashFlowInputs {
  income: (period: number) => IncomeStatement;
  balances: BalanceSheets;
}

/**
 * The cumulative cash-flow statements of a company, by period. Cash runs from the closing cash of
 * the year before (the balance sheet's cash equivalents) to the period's own; operating and
 * investing flows follow profit and revenue, and financing takes what is left, so the statement
 * reconciles exactly with both balance sheets.
 */
export function cashFlowStatements(
  profile: CompanyProfile,
  scale: CompanyScale,
  { income, balances }: CashFlowInputs,
): (period: number) => StatementLines {
  const { kind, isFinance, stream, traits, cashConversion, employeeCost } = profile;

  return (period: number): StatementLines => {
    const random = stream(`cash|${period}`);
    const year = yearOf(period);
    const quarter = quarterOf(period);
    const { lines: incomeLines } = income(period);
    const get = (code: string) => incomeLines[code] ?? 0;
    const revenue = Math.abs(get('TOT_OPER_REV'));
    const netProfit = get('NET_PROFIT_INCL_MIN_INT_INC');
    const assets = balances.balance(period).TOT_ASSETS ?? 0;
    const opening = balances.cashAt(yearEnd(year - 1));
    const closing = balances.cashAt(period);
    const fx = Math.round(opening * between(random, -0.002, 0.004));
    const lines: StatementLines = {
      CASH_CASH_EQU_BEG_PERIOD: opening,
      CASH_CASH_EQU_END_PERIOD: closing,
      NET_INCR_CASH_CASH_EQU: closing - opening,
      EFF_FX_FLU_CASH: fx,
    };
    const amount = (value: number, spread = 0.1) => Math.max(0, Math.round(value * jitter(random, spread)));
    const elapsed = quarter / 4;
    let operating: number;
    let investing: number;
    if (!isFinance) {
      operating =
        netProfit > 0
          ? Math.round(netProfit * cashConversion * jitter(random, 0.35))
          : Math.round(revenue * between(random, -0.06, 0.04));
      const capex = amount(revenue * traits.capex, 0.3);
      const withdrawn = amount(revenue * between(random, 0, 0.06));
      settleActivity(
        lines,
        operating,
        {
          CASH_RECP_SG_AND_RS: amount(revenue * 1.08, 0.04),
          RECP_TAX_RENDS: amount(revenue * 0.004, 0.5),
          OTHER_CASH_RECP_RAL_OPER_ACT: amount(revenue * 0.01, 0.5),
        },
        {
          CASH_PAY_GOODS_PURCH_SERV_REC: amount(get('LESS_OPER_COST') * 1.02, 0.06),
          CASH_PAY_BEH_EMPL: amount(revenue * employeeCost, 0.08),
          PAY_ALL_TYP_TAX: amount(
            (get('LESS_TAXES_SURCHARGES_OPS') + get('INC_TAX')) * 1.4 + revenue * 0.02,
            0.1,
          ),
        },
        'OTHER_CASH_RECP_RAL_OPER_ACT',
        'OTHER_CASH_PAY_RAL_OPER_ACT',
        Math.round(revenue * 0.01),
      );
      investing = -capex + Math.round(revenue * between(random, -0.03, 0.02));
      settleActivity(
        lines,
        investing,
        {
          CASH_RECP_DISP_WITHDRWL_INVEST: withdrawn,
          CASH_RECP_RETURN_INVEST: amount(Math.max(0, get('INVEST_INC')) * 0.8, 0.2),
          NET_CASH_RECP_DISP_FIOLTA: amount(revenue * 0.001, 0.8),
          OTHER_CASH_RECP_RAL_INV_ACT: amount(revenue * 0.002, 0.8),
        },
        { CASH_PAY_ACQ_CONST_FIOLTA: capex, CASH_PAID_INVEST: amount(withdrawn, 0.3) },
        'OTHER_CASH_RECP_RAL_INV_ACT',
        'OTHER_CASH_PAY_RAL_INV_ACT',
        Math.round(revenue * 0.001),
      );
    } else {
      operating = Math.round(assets * between(random, -0.015, 0.035) * elapsed);
      const receipts: Record<CompanyKind, Record<string, number>> = {
        bank: {
          NET_INCR_DEP_COB: amount(assets * 0.04 * elapsed, 0.4),
          NET_INCR_INT_HANDLING_CHRG: amount(revenue * 1.6),
          OTHER_CASH_RECP_RAL_OPER_ACT: amount(revenue * 0.05, 0.5),
        },
        insurer: {
          CASH_RECP_PREM_ORIG_INCO: amount(revenue * 0.95),
          NET_INCR_INSURED_DEP: amount(revenue * 0.06, 0.4),
          OTHER_CASH_RECP_RAL_OPER_ACT: amount(revenue * 0.03, 0.5),
        },
        broker: {
          NET_INCR_INT_HANDLING_CHRG: amount(revenue * 0.9),
          NET_INCR_AGENCY_SEC: amount(assets * 0.02 * elapsed, 0.9),
          NET_INCR_REPURCH_BUS_FUND: amount(assets * 0.015 * elapsed, 0.9),
          OTHER_CASH_RECP_RAL_OPER_ACT: amount(revenue * 0.05, 0.5),
        },
        general: {},
      };
      const payments: Record<CompanyKind, Record<string, number>> = {
        bank: {
          NET_INCR_CLIENTS_LOAN_ADV: amount(assets * 0.045 * elapsed, 0.4),
          HANDLING_CHRG_PAID: amount(revenue * 0.7),
          CASH_PAY_BEH_EMPL: amount(revenue * 0.15),
          PAY_ALL_TYP_TAX: amount(revenue * 0.08),
        },
        insurer: {
          CASH_PAY_CLAIMS_ORIG_INCO: amount(revenue * 0.35),
          HANDLING_CHRG_PAID: amount(revenue * 0.08),
          CASH_PAY_BEH_EMPL: amount(revenue * 0.06),
          PAY_ALL_TYP_TAX: amount(revenue * 0.03),
        },
        broker: {
          NET_INCR_TRADING_FIN_ASSETS: amount(assets * 0.03 * elapsed, 0.9),
          HANDLING_CHRG_PAID: amount(revenue * 0.15),
          CASH_PAY_BEH_EMPL: amount(revenue * 0.3),
          PAY_ALL_TYP_TAX: amount(revenue * 0.06),
        },
        general: {},
      };
      settleActivity(
        lines,
        operating,
        receipts[kind],
        payments[kind],
        'OTHER_CASH_RECP_RAL_OPER_ACT',
        'OTHER_CASH_PAY_RAL_OPER_ACT',
        Math.round(revenue * 0.02),
      );
      const withdrawn = amount(assets * 0.06 * elapsed, 0.3);
      investing = -Math.round(assets * between(random, -0.01, 0.03) * elapsed);
      settleActivity(
        lines,
        investing,
        {
          CASH_RECP_DISP_WITHDRWL_INVEST: withdrawn,
          CASH_RECP_RETURN_INVEST: amount(Math.max(0, get('INVEST_INC')) * 0.7, 0.2),
          OTHER_CASH_RECP_RAL_INV_ACT: amount(revenue * 0.01, 0.8),
        },
        {
          CASH_PAY_ACQ_CONST_FIOLTA: amount(revenue * 0.02, 0.4),
          CASH_PAID_INVEST: amount(withdrawn, 0.3),
        },
        'OTHER_CASH_RECP_RAL_INV_ACT',
        'OTHER_CASH_PAY_RAL_INV_ACT',
        Math.round(revenue * 0.005),
      );
    }
    const financing = closing - opening - operating - investing - fx;
    const borrowed = amount(assets * (isFinance ? 0.02 : 0.05) * elapsed, 0.4);
    const lastYearProfit = income(yearEnd(year - 1)).lines.NET_PROFIT_EXCL_MIN_INT_INC ?? 0;
    settleActivity(
      lines,
      financing,
      {
        CASH_RECP_CAP_CONTRIB: random() < 0.8 ? 0 : amount(scale.equityAt(period) * 0.03, 0.5),
        CASH_RECP_BORROW: borrowed,
        PROC_ISSUE_BONDS: random() < 0.5 ? 0 : amount(assets * 0.01 * elapsed, 0.5),
        OTHER_CASH_RECP_RAL_FNC_ACT: amount(revenue * 0.003, 0.8),
      },
      {
        CASH_PREPAY_AMT_BORR: amount(borrowed, 0.25),
        // Dividends on last year's profit are paid from the half year on.
        CASH_PAY_DIST_DPCP_INT_EXP:
          quarter >= 2 ? amount(Math.max(0, lastYearProfit) * 0.35, 0.2) : amount(revenue * 0.002, 0.5),
      },
      'OTHER_CASH_RECP_RAL_FNC_ACT',
      'OTHER_CASH_PAY_RAL_FNC_ACT',
      Math.round(revenue * 0.002),
    );
    lines.NET_CASH_FLOWS_OPER_ACT = operating;
    lines.NET_CASH_FLOWS_INV_ACT = investing;
    lines.NET_CASH_FLOWS_FNC_ACT = financing;
    return lines;
  };
}
