import type { FinancialReport, StatementBlock } from '@zhicai/contract';
import { failure, ok, type StubRoutes } from '../../../testing/api-stub.ts';

/** Answers typed by the contract's finreportQuick `datas`, for the page's component tests. */

function block(reason: string, keys: StatementBlock['keys']): StatementBlock {
  return {
    sangji: { TOT_OPER_REV: { name: '营业总收入', value: 150_560_000_000, chgPct: 0.18 } },
    des: [reason, '第二条说明不显示'],
    keys,
  };
}

export const incomeReason = '营业总收入同比增长18.0%，主要来自茅台酒收入增加；营业成本同比增长9.1%。';
export const cashFlowReason = '经营活动现金流净额同比增长 54.0%，主要来自销售回款增加。';
export const balanceReason = '总资产同比增长 6.3%，货币资金增加最多。';

export function reportOf(overrides: Partial<FinancialReport> = {}): FinancialReport {
  return {
    stockName: '贵州茅台',
    pdf: '/files/report/600519.SH/20231231.pdf',
    periods: ['20240630', '20240331', '20231231', '20230930', '20230630'],
    isFinance: false,
    income: block(incomeReason, [
      { name: '毛利率', value: 0.9176, chgPct: 0.0123 },
      { name: '营业收入', value: 147_693_604_994, chgPct: 0.1804 },
      { name: '存货周转天数', value: 36.456, chgPct: -0.052 },
      { name: '资产负债比', value: null, chgPct: null },
    ]),
    cashFlow: block(cashFlowReason, [{ name: '经营现金流', value: 66_593_247_721, chgPct: 0.54 }]),
    balance: block(balanceReason, [{ name: '资产负债率', value: 0.1925, chgPct: -0.03 }]),
    ...overrides,
  };
}

/** The stubbed server: each period answers the report, or the catalogue failure of an unreported one. */
export function reportRoutes(reports: Record<string, FinancialReport>): StubRoutes {
  return {
    'report.finreportQuick': (params) => {
      const report = reports[params.reportPeriod];
      return report ? ok(report) : failure('404', '该公司尚未披露2025年报');
    },
  };
}
