import type { StatementLines } from '../../../statements/statement-layout.ts';
import type { Random } from '../prng.ts';
import type { CompanyKind, CompanyProfile } from './company-profile.ts';
import type { CompanyScale } from './company-scale.ts';
import { yearOf } from './statement-periods.ts';
import { between, clamp, createMemo, jitter, sumOf } from './statement-random.ts';

export interface BalanceSheets {
  /** The balance sheet at a period end: a point in time whose totals are sums of its items. */
  balance(period: number): StatementLines;
  /** Cash and cash equivalents at a period end, read from that balance sheet. */
  cashAt(period: number): number;
}

/**
 * Items scaled to fill `total` exactly: each rounded, the last (an OTHER_ line or cash) taking
 * what rounding leaves.
 */
function fill(total: number, weights: Record<string, number>, last: string): StatementLines {
  const sum = sumOf(Object.values(weights)) + 1e-9;
  const lines: StatementLines = {};
  for (const [code, weight] of Object.entries(weights)) {
    if (code !== last) lines[code] = Math.round((total * weight) / sum);
  }
  lines[last] = total - sumOf(Object.values(lines));
  return lines;
}

const financeAssetWeights: Record<CompanyKind, Record<string, number>> = {
  bank: {
    CASH_DEPOSITS_CENTRAL_BANK: 0.07,
    ASSET_DEP_OTH_BANKS_FIN_INST: 0.03,
    LOANS_AND_ADV_GRANTED: 0.56,
    FIN_INVEST: 0.29,
    OTHER_ASSETS: 0.05,
  },
  insurer: {
    MONETARY_CAP: 0.04,
    FIN_INVEST: 0.68,
    TIME_DEPOSITS: 0.08,
    LONG_TERM_EQY_INVEST: 0.06,
    OTHER_ASSETS: 0.14,
  },
  broker: {
    MONETARY_CAP: 0.2,
    SETTLE_RSRV: 0.05,
    MARGIN_ACCT: 0.15,
    PURCH_RESELL_FIN_ASSETS: 0.05,
    FIN_INVEST: 0.45,
    OTHER_ASSETS: 0.1,
  },
  general: {},
};

const financeLiabilityWeights: Record<CompanyKind, Record<string, number>> = {
  bank: {
    BORROW_CENTRAL_BANK: 0.04,
    CUST_BANK_DEP: 0.7,
    DEP_OTH_BANKS_FIN_INST: 0.12,
    BONDS_PAYABLE: 0.09,
    OTHER_LIAB: 0.05,
  },
  insurer: {
    INSUR_CONTRACT_RSRV: 0.7,
    INSURED_DEPOSIT_INVEST: 0.1,
    FUND_SALES_FIN_ASSETS_RP: 0.08,
    BONDS_PAYABLE: 0.03,
    OTHER_LIAB: 0.09,
  },
  broker: {
    ACTING_TRADING_SEC: 0.25,
    FUND_SALES_FIN_ASSETS_RP: 0.25,
    ST_FINL_INST_PAYABLE: 0.1,
    BONDS_PAYABLE: 0.2,
    OTHER_LIAB: 0.2,
  },
  general: {},
};

/**
 * The balance sheets of a company, by period. Equity follows the company's scale; assets follow the
 * debt ratio (a financial company's leverage), and cash takes what the other items leave, so the
 * sheet balances exactly in integer yuan.
 */
export function balanceSheets(profile: CompanyProfile, scale: CompanyScale): BalanceSheets {
  const { kind, isFinance, stream, traits, shares, minorityShare, grossMargin, debtRatio } = profile;
  const { equityInvestShare, goodwillShare, restrictedShare } = profile;
  const memoised = createMemo();

  function equityLines(period: number, random: Random): StatementLines {
    const total = Math.round(scale.equityAt(period));
    const lines: StatementLines = {
      CAP_STK: Math.round(Math.min(shares, total * 0.4)),
      CAP_RSRV: Math.round(total * between(random, 0.05, 0.25)),
      SURPLUS_RSRV: Math.round(total * between(random, 0.03, 0.1)),
      MINORITY_INT: Math.round(total * minorityShare * 1.5),
      OTHER_EQY: Math.round(total * between(random, -0.01, 0.02)),
    };
    if (isFinance) {
      lines.OTHER_EQUITY_TOOLS = Math.round(total * between(random, 0, 0.1));
      lines.PROV_NOM_RISKS = Math.round(total * between(random, 0.02, 0.1));
    }
    lines.UNDISTRIBUTED_PROFIT = total - sumOf(Object.values(lines));
    lines.TOT_SHRHLDR_EQY_INCL_MIN_INT = total;
    return lines;
  }

  function balance(period: number): StatementLines {
    return memoised(`balance|${period}`, () => {
      const random = stream(`balance|${period}`);
      const equity = equityLines(period, random);
      const equityTotal = equity.TOT_SHRHLDR_EQY_INCL_MIN_INT ?? 0;
      const revenue = scale.annualRevenue(yearOf(period));
      const j = (spread = 0.1) => jitter(random, spread);
      if (isFinance) {
        const leverage = { bank: 12, insurer: 9, broker: 4.5, general: 2 }[kind] * j(0.15);
        const assets = Math.round(equityTotal * leverage);
        const jittered = (weights: Record<string, number>) =>
          Object.fromEntries(Object.entries(weights).map(([code, weight]) => [code, weight * j()]));
        return Object.assign(
          fill(assets, jittered(financeAssetWeights[kind]), 'OTHER_ASSETS'),
          { TOT_ASSETS: assets },
          fill(assets - equityTotal, jittered(financeLiabilityWeights[kind]), 'OTHER_LIAB'),
          { TOT_LIAB: assets - equityTotal },
          equity,
        );
      }
      const cost = revenue * (1 - grossMargin);
      const assetsTarget = equityTotal / (1 - clamp(debtRatio * j(0.05), 0.05, 0.92));
      const current: StatementLines = {
        NOTES_RCV: revenue * 0.03 * j(0.3),
        ACCT_RCV: ((revenue * traits.receivableDays) / 365) * j(0.15),
        PREPAY: cost * 0.02 * j(0.3),
        INVENTORIES: ((cost * traits.inventoryDays) / 365) * j(0.12),
        OTHER_CUR_ASSETS: revenue * 0.03 * j(0.3),
      };
      const nonCurrent: StatementLines = {
        LONG_TERM_EQY_INVEST: equityTotal * equityInvestShare * j(),
        FIX_ASSETS: revenue * traits.fixedAssets * j(0.05),
        CONST_IN_PROG: revenue * traits.fixedAssets * 0.12 * j(0.4),
        INTANG_ASSETS: revenue * 0.04 * j(),
        GOODWILL: revenue * goodwillShare,
        OTHER_NON_CUR_ASSETS: revenue * 0.03 * j(0.3),
      };
      const itemised = sumOf(Object.values(current)) + sumOf(Object.values(nonCurrent));
      // Cash takes what the other assets leave; a company whose operations would need more assets
      // than its equity and debt ratio allow holds them at a smaller scale.
      const shrink = itemised > assetsTarget * 0.92 ? (assetsTarget * 0.85) / itemised : 1;
      const rounded = (lines: StatementLines) =>
        Object.fromEntries(Object.entries(lines).map(([code, value]) => [code, Math.round(value * shrink)]));
      const currentLines = rounded(current);
      const nonCurrentLines = rounded(nonCurrent);
      const assets = Math.max(Math.round(assetsTarget), equityTotal + 1);
      currentLines.MONETARY_CAP =
        assets - sumOf(Object.values(currentLines)) - sumOf(Object.values(nonCurrentLines));
      const liabilities = assets - equityTotal;
      const operating: StatementLines = {
        NOTES_PAYABLE: cost * 0.04 * j(0.3),
        ACCT_PAYABLE: ((cost * 70) / 365) * j(0.15),
        CONTRACT_LIABILITIES: revenue * traits.contract * j(0.2),
        EMPL_BEN_PAYABLE: revenue * 0.02 * j(0.2),
        TAXES_SURCHARGES_PAYABLE: revenue * 0.012 * j(0.3),
        OTHER_CUR_LIAB: revenue * 0.02 * j(0.3),
      };
      const operatingTotal = sumOf(Object.values(operating));
      const operatingScale = operatingTotal > liabilities * 0.9 ? (liabilities * 0.7) / operatingTotal : 1;
      const borrowing = liabilities - operatingTotal * operatingScale;
      const weights: StatementLines = {
        ...Object.fromEntries(
          Object.entries(operating).map(([code, value]) => [code, value * operatingScale]),
        ),
        ST_BORROW: borrowing * 0.38 * j(0.3),
        LT_BORROW: borrowing * 0.38 * j(0.3),
        BONDS_PAYABLE: borrowing * 0.12 * j(0.5),
        LEASE_LIAB: borrowing * 0.04 * j(0.5),
        OTHER_NON_CUR_LIAB: borrowing * 0.08 * j(0.3),
      };
      const liabilityLines = fill(liabilities, weights, 'OTHER_NON_CUR_LIAB');
      const currentLiabilityCodes = Object.keys(operating).concat('ST_BORROW');
      const totalCurrentLiabilities = sumOf(currentLiabilityCodes.map((code) => liabilityLines[code] ?? 0));
      const totalCurrent = sumOf(Object.values(currentLines));
      const totalNonCurrent = sumOf(Object.values(nonCurrentLines));
      return Object.assign(currentLines, nonCurrentLines, liabilityLines, equity, {
        TOT_CUR_ASSETS: totalCurrent,
        TOT_NON_CUR_ASSETS: totalNonCurrent,
        TOT_ASSETS: totalCurrent + totalNonCurrent,
        TOT_CUR_LIAB: totalCurrentLiabilities,
        TOT_NON_CUR_LIAB: liabilities - totalCurrentLiabilities,
        TOT_LIAB: liabilities,
      });
    });
  }

  function cashAt(period: number): number {
    const lines = balance(period);
    const get = (code: string) => lines[code] ?? 0;
    if (kind === 'bank')
      return Math.round(get('CASH_DEPOSITS_CENTRAL_BANK') * 0.3 + get('ASSET_DEP_OTH_BANKS_FIN_INST') * 0.8);
    if (kind === 'broker') return Math.round(get('MONETARY_CAP') * 0.85 + get('SETTLE_RSRV'));
    return get('MONETARY_CAP') - Math.round(get('MONETARY_CAP') * restrictedShare);
  }

  return { balance, cashAt };
}
