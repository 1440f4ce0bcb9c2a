/**
 * Hand-written statements in the shape of packages/contract/src/report.ts, for the flow chart's tests
 * and its benchmark (bench/flow-chart-draw.mjs). Totals are computed from their parts, so every
 * identity of report.ts holds exactly. Amounts in yuan, changes as fractions.
 */
import type { FlowNode, StatementBlock } from '@zhicai/contract';

type Children = Record<string, FlowNode>;

function leaf(name: string, value: number, chgPct: number | null = null, negative = false): FlowNode {
  return negative ? { name, value, chgPct, negative } : { name, value, chgPct };
}

/** A node whose value is the signed sum of its children (a child flagged negative is taken away). */
function sum(name: string, child: Children, chgPct: number | null = null, negative = false): FlowNode {
  const value = Object.values(child).reduce(
    (total, node) => total + (node.negative ? -node.value : node.value),
    0,
  );
  return { ...leaf(name, value, chgPct, negative), child };
}

function block(sangji: Children): StatementBlock {
  return { sangji, des: ['营业收入同比增长，主要由核心产品销量提升带动。'], keys: [] };
}

/** A liquor maker (general layout), one year's cumulative figures. */
export function incomeGeneralFixture(): StatementBlock {
  const revenue = sum(
    '营业总收入',
    {
      SEG_01: { ...leaf('茅台酒', 120_000_000_000, 0.18), grossmargin: 0.94 },
      SEG_02: { ...leaf('系列酒', 20_600_000_000, 0.29), grossmargin: 0.78 },
      SEG_03: leaf('文创产品', 3_200_000_000, 0.52),
      SEG_04: leaf('酒店服务', 1_100_000_000, -0.05),
      OTHER_SEG: leaf('其他业务', 4_500_000_000, 0.1),
    },
    0.19,
  );
  const cost = leaf('营业成本', 11_000_000_000, 0.12, true);
  const expenses = sum(
    '期间费用',
    {
      SELLING_DIST_EXP: leaf('销售费用', 4_600_000_000, 0.2),
      GERL_ADMIN_EXP: leaf('管理费用', 9_100_000_000, 0.05),
      RD_EXP: leaf('研发费用', 157_000_000, 0.3),
      FIN_EXP: leaf('财务费用', -1_700_000_000, -0.2),
    },
    0.02,
    true,
  );
  const deductions = sum(
    '税金及减值',
    {
      LESS_TAXES_SURCHARGES_OPS: leaf('税金及附加', 21_000_000_000, 0.17),
      IMPAIR_LOSS: leaf('减值损失', 20_000_000, null),
    },
    0.17,
    true,
  );
  const otherIncome = sum(
    '其他经营收益',
    {
      INVEST_INC: leaf('投资收益', 30_000_000, -0.4),
      OTHER_INC: leaf('其他收益', 13_000_000, 0.1),
      FAIR_VALUE_CHG: leaf('公允价值变动', 0, null),
      ASSET_DISPOSAL_INC: leaf('资产处置收益', 100_000, null),
    },
    -0.3,
  );
  const gross = revenue.value - cost.value;
  const operating = gross - expenses.value - deductions.value + otherIncome.value;
  const nonOperating = leaf('营业外收支', -250_000_000, null);
  const tax = leaf('所得税', 24_000_000_000, 0.2, true);
  const net = operating + nonOperating.value - tax.value;
  const parent = Math.round(net * 0.96);
  return block({
    TOT_OPER_REV: revenue,
    LESS_OPER_COST: cost,
    GROSS_PROFIT: {
      ...leaf('毛利', gross, 0.2),
      grossmargin: gross / revenue.value,
      child: { OPER_EXP: expenses, DEDUCT_OPER_COST: deductions, OTHER_OPER_PROFIT: otherIncome },
    },
    OPER_PROFIT: {
      ...leaf('营业利润', operating, 0.21),
      child: {
        NON_OPER_PROFIT: nonOperating,
        INC_TAX: tax,
        NET_PROFIT_INCL_MIN_INT_INC: {
          ...leaf('净利润', net, 0.2),
          child: {
            NET_PROFIT_EXCL_MIN_INT_INC: leaf('归母净利润', parent, 0.19),
            MINORITY_INT_INC: leaf('少数股东损益', net - parent, 0.3),
          },
        },
      },
    },
  });
}

/** A bank (financial layout). */
export function incomeFinanceFixture(): StatementBlock {
  const revenue = sum(
    '营业总收入',
    {
      NET_INT_INC: leaf('利息净收入', 90_000_000_000, -0.08),
      NET_FEE_COMM_INC: leaf('手续费及佣金净收入', 23_000_000_000, -0.12),
      INVEST_INC: leaf('投资收益', 15_000_000_000, 0.4),
      FAIR_VALUE_CHG: leaf('公允价值变动损益', 3_000_000_000, null),
      EXCH_GAIN: leaf('汇兑损益', 1_000_000_000, 0.5),
      OTHER_OPER_INC: leaf('其他业务收入', 500_000_000, 0.1),
    },
    -0.05,
  );
  const cost = sum(
    '营业总支出',
    {
      OPER_EXP: leaf('业务及管理费', 36_000_000_000, 0.03),
      CREDIT_IMPAIR_LOSS: leaf('信用减值损失', 43_000_000_000, -0.1),
      LESS_TAXES_SURCHARGES_OPS: leaf('税金及附加', 1_300_000_000, 0.02),
      OTHER_OPER_COST: leaf('其他业务成本', 200_000_000, null),
    },
    -0.04,
    true,
  );
  const operating = revenue.value - cost.value;
  const nonOperating = leaf('营业外收支', 60_000_000, null);
  const tax = leaf('所得税', 7_000_000_000, -0.1, true);
  const net = operating + nonOperating.value - tax.value;
  const parent = net - 300_000_000;
  return block({
    TOT_OPER_REV: revenue,
    TOT_OPER_COST: cost,
    OPER_PROFIT: {
      ...leaf('营业利润', operating, -0.06),
      child: {
        NON_OPER_PROFIT: nonOperating,
        INC_TAX: tax,
        NET_PROFIT_INCL_MIN_INT_INC: {
          ...leaf('净利润', net, 0.02),
          child: {
            NET_PROFIT_EXCL_MIN_INT_INC: leaf('归母净利润', parent, 0.02),
            MINORITY_INT_INC: leaf('少数股东损益', net - parent, null),
          },
        },
      },
    },
  });
}

/** Cash flow: operating inflow, investing and financing outflows, a net decrease. */
export function cashFlowFixture(): StatementBlock {
  const operatingAct = sum(
    '经营活动现金流量净额',
    {
      SALES_CASH: leaf('销售商品、提供劳务收到的现金', 150_000_000_000, 0.15),
      TAX_REFUND: leaf('收到的税费返还', 100_000_000, null),
      OTHER_CASH_RECP_OPER: leaf('收到其他与经营活动有关的现金', 2_000_000_000, 0.3),
      CASH_PAY_GOODS: leaf('购买商品、接受劳务支付的现金', 10_000_000_000, 0.1, true),
      CASH_PAY_EMPL: leaf('支付给职工的现金', 12_000_000_000, 0.12, true),
      CASH_PAY_TAXES: leaf('支付的各项税费', 45_000_000_000, 0.2, true),
      OTHER_CASH_PAY_OPER: leaf('支付其他与经营活动有关的现金', 5_000_000_000, -0.1, true),
    },
    0.4,
  );
  const investingAct = sum(
    '投资活动现金流量净额',
    {
      CASH_RECP_DISP_WITHDRWL_INVEST: leaf('收回投资收到的现金', 1_000_000_000, null),
      CASH_RECP_RETURN_INVEST: leaf('取得投资收益收到的现金', 300_000_000, 0.05),
      CASH_PAY_ACQ_CONST_FIOLTA: leaf('购建固定资产支付的现金', 5_000_000_000, 0.6, true),
      CASH_PAID_INVEST: leaf('投资支付的现金', 2_000_000_000, null, true),
    },
    null,
  );
  const financingAct = sum(
    '筹资活动现金流量净额',
    {
      CASH_RECP_BORROW: leaf('取得借款收到的现金', 1_000_000_000, null),
      CASH_PAY_DIST_DPCP_INT_EXP: leaf('分配股利、利润或偿付利息支付的现金', 60_000_000_000, 0.8, true),
      CASH_PREPAY_AMT_BORR: leaf('偿还债务支付的现金', 500_000_000, null, true),
    },
    -1.2,
  );
  const fx = leaf('汇率变动影响', 10_000_000, null);
  const increase = operatingAct.value + investingAct.value + financingAct.value + fx.value;
  const opening = leaf('期初现金及现金等价物', 70_000_000_000, 0.05);
  return block({
    CASH_CASH_EQU_BEG_PERIOD: opening,
    NET_CASH_FLOWS_OPER_ACT: operatingAct,
    NET_CASH_FLOWS_INV_ACT: investingAct,
    NET_CASH_FLOWS_FNC_ACT: financingAct,
    EFF_FX_FLU_CASH: fx,
    NET_INCR_CASH_CASH_EQU: leaf('现金及现金等价物净增加额', increase, null),
    CASH_CASH_EQU_END_PERIOD: leaf('期末现金及现金等价物', opening.value + increase, -0.2),
  });
}

/** Balance sheet, general layout. */
export function balanceGeneralFixture(): StatementBlock {
  const current = sum(
    '流动资产合计',
    {
      MONETARY_CAP: leaf('货币资金', 69_000_000_000, 0.1),
      LENDING: leaf('拆出资金', 110_000_000_000, 0.2),
      INVENTORIES: leaf('存货', 46_000_000_000, 0.18),
      NOTES_RCV: leaf('应收票据', 500_000_000, null),
      PREPAY: leaf('预付款项', 30_000_000, -0.5),
      OTHER_CUR_ASSETS: leaf('其他流动资产', 100_000_000, null),
    },
    0.16,
  );
  const nonCurrent = sum(
    '非流动资产合计',
    {
      FIX_ASSETS: leaf('固定资产', 20_000_000_000, 0.03),
      CONST_IN_PROG: leaf('在建工程', 3_000_000_000, 0.4),
      INTANG_ASSETS: leaf('无形资产', 7_000_000_000, 0.1),
      DEFERRED_TAX_ASSETS: leaf('递延所得税资产', 4_000_000_000, null),
    },
    0.08,
  );
  const assets = sum('资产总计', { TOT_CUR_ASSETS: current, TOT_NON_CUR_ASSETS: nonCurrent }, 0.15);
  const currentLiab = sum(
    '流动负债合计',
    {
      ACCT_PAYABLE: leaf('应付账款', 3_000_000_000, 0.1),
      CONTRACT_LIAB: leaf('合同负债', 14_000_000_000, -0.1),
      EMPL_BEN_PAYABLE: leaf('应付职工薪酬', 4_000_000_000, 0.05),
      TAXES_SURCHARGES_PAYABLE: leaf('应交税费', 8_000_000_000, 0.3),
      OTHER_PAYABLE: leaf('其他应付款', 4_000_000_000, null),
    },
    0.02,
  );
  const nonCurrentLiab = sum(
    '非流动负债合计',
    {
      LEASE_LIAB: leaf('租赁负债', 300_000_000, -0.1),
      DEFERRED_TAX_LIAB: leaf('递延所得税负债', 200_000_000, 0.2),
    },
    -0.03,
  );
  const liabilities = sum('负债合计', { TOT_CUR_LIAB: currentLiab, TOT_NON_CUR_LIAB: nonCurrentLiab }, 0.02);
  const equityItems: Children = {
    CAP_STK: leaf('股本', 1_256_000_000, 0),
    CAP_RSRV: leaf('资本公积', 1_370_000_000, 0),
    SURPLUS_RSRV: leaf('盈余公积', 33_000_000_000, 0.1),
    UNDISTRIBUTED_PROFIT: leaf('未分配利润', 180_000_000_000, 0.2),
    MINORITY_INT: leaf('少数股东权益', 8_000_000_000, 0.1),
  };
  const itemized = Object.values(equityItems).reduce((total, node) => total + node.value, 0);
  const equity = assets.value - liabilities.value;
  return block({
    TOT_ASSETS: assets,
    TOT_LIAB: liabilities,
    TOT_SHRHLDR_EQY_INCL_MIN_INT: {
      ...leaf('股东权益合计', equity, 0.18),
      child: { ...equityItems, BAL_EQY: leaf('平衡项目', equity - itemized, null) },
    },
  });
}

/** Balance sheet, financial layout (a bank: no current / non-current split). */
export function balanceFinanceFixture(): StatementBlock {
  const assets = sum(
    '资产总计',
    {
      LOANS_AND_ADV_GRANTED: leaf('发放贷款和垫款', 3_300_000_000_000, 0.05),
      INVEST_DEBT: leaf('债权投资', 900_000_000_000, 0.1),
      CASH_DEPOSITS_CENTRAL_BANK: leaf('现金及存放中央银行款项', 300_000_000_000, -0.02),
      TRADING_FIN_ASSETS: leaf('交易性金融资产', 400_000_000_000, 0.3),
      DEPOSITS_OTHER_BANKS: leaf('存放同业款项', 100_000_000_000, null),
      OTHER_ASSETS: leaf('其他资产', 80_000_000_000, null),
    },
    0.06,
  );
  const liabilities = sum(
    '负债合计',
    {
      CUST_BANK_DEP: leaf('吸收存款', 3_400_000_000_000, 0.08),
      BONDS_PAYABLE: leaf('应付债券', 400_000_000_000, 0.2),
      BORROW_CENTRAL_BANK: leaf('向中央银行借款', 150_000_000_000, -0.3),
      LOANS_OTH_BANKS: leaf('同业及其他金融机构存放款项', 300_000_000_000, 0.01),
      FUND_SALES_FIN_ASSETS_RP: leaf('卖出回购金融资产款', 60_000_000_000, null),
      OTHER_LIAB: leaf('其他负债', 50_000_000_000, null),
    },
    0.06,
  );
  const equityItems: Children = {
    CAP_STK: leaf('股本', 19_400_000_000, 0),
    OTHER_EQY_TOOLS: leaf('其他权益工具', 70_000_000_000, 0),
    CAP_RSRV: leaf('资本公积', 80_000_000_000, 0),
    SURPLUS_RSRV: leaf('盈余公积', 10_000_000_000, 0.1),
    GENERAL_RISK_PREP: leaf('一般风险准备', 60_000_000_000, 0.05),
    UNDISTRIBUTED_PROFIT: leaf('未分配利润', 150_000_000_000, 0.12),
  };
  const itemized = Object.values(equityItems).reduce((total, node) => total + node.value, 0);
  const equity = assets.value - liabilities.value;
  return block({
    TOT_ASSETS: assets,
    TOT_LIAB: liabilities,
    TOT_SHRHLDR_EQY_INCL_MIN_INT: {
      ...leaf('股东权益合计', equity, 0.07),
      child: { ...equityItems, BAL_EQY: leaf('平衡项目', equity - itemized, null) },
    },
  });
}
