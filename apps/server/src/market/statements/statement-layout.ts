import { z } from 'zod';

/**
 * The statement layouts of contract report.ts: which Wind node codes exist, where each sits in the
 * `sangji` tree, its Chinese name and whether it is taken away from its parent's flow. Stored and
 * imported statements are flat maps of code → yuan (docs/report-statements-format.md); the service
 * builds the trees from these layouts, and the importer and the demo generator's tests check the
 * accounting identities listed here.
 */

export type StatementKind = 'income' | 'cashFlow' | 'balance';
export const statementKinds: readonly StatementKind[] = ['income', 'cashFlow', 'balance'];

export interface LayoutNode {
  code: string;
  name: string;
  /** Taken away from the parent's flow (a cost, a tax, a payment). */
  negative?: boolean;
  /**
   * 'parts': the children (a negative child subtracts) sum to this node; what stored lines leave
   * over becomes a residual child BAL_<code> 平衡项目. 'flows': the children are the flows the chain
   * formulas take from this node (GROSS_PROFIT, OPER_PROFIT); they do not sum to it.
   */
  kind?: 'parts' | 'flows';
  children?: readonly LayoutNode[];
  /** TOT_OPER_REV of the general layout: the children are the business lines SEG_xx of the document. */
  segments?: boolean;
}

const leaf = (code: string, name: string, negative = false): LayoutNode =>
  negative ? { code, name, negative } : { code, name };
const parts = (code: string, name: string, children: LayoutNode[], negative = false): LayoutNode => ({
  ...leaf(code, name, negative),
  kind: 'parts',
  children,
});

const netProfit = parts('NET_PROFIT_INCL_MIN_INT_INC', '净利润', [
  leaf('NET_PROFIT_EXCL_MIN_INT_INC', '归母净利润'),
  leaf('MINORITY_INT_INC', '少数股东损益'),
]);
const operProfit: LayoutNode = {
  code: 'OPER_PROFIT',
  name: '营业利润',
  kind: 'flows',
  children: [leaf('NON_OPER_PROFIT', '营业外收支'), leaf('INC_TAX', '所得税', true), netProfit],
};

const incomeGeneral: LayoutNode[] = [
  { code: 'TOT_OPER_REV', name: '营业总收入', kind: 'parts', segments: true },
  leaf('LESS_OPER_COST', '营业成本', true),
  {
    code: 'GROSS_PROFIT',
    name: '毛利',
    kind: 'flows',
    children: [
      parts(
        'OPER_EXP',
        '期间费用',
        [
          leaf('SELLING_DIST_EXP', '销售费用'),
          leaf('GERL_ADMIN_EXP', '管理费用'),
          leaf('RD_EXP', '研发费用'),
          leaf('FIN_EXP', '财务费用'),
        ],
        true,
      ),
      parts(
        'DEDUCT_OPER_COST',
        '税金及减值',
        [leaf('LESS_TAXES_SURCHARGES_OPS', '税金及附加'), leaf('IMPAIR_LOSS', '资产及信用减值损失')],
        true,
      ),
      parts('OTHER_OPER_PROFIT', '其他经营收益', [
        leaf('INVEST_INC', '投资收益'),
        leaf('OTHER_INC', '其他收益'),
        leaf('FAIR_VALUE_CHG', '公允价值变动收益'),
        leaf('ASSET_DISPOSAL_INC', '资产处置收益'),
      ]),
    ],
  },
  operProfit,
];

const incomeFinance: LayoutNode[] = [
  parts('TOT_OPER_REV', '营业总收入', [
    leaf('NET_INT_INC', '利息净收入'),
    leaf('NET_FEE_COMM_INC', '手续费及佣金净收入'),
    leaf('NET_PREM_EARNED', '已赚保费'),
    leaf('INVEST_INC', '投资收益'),
    leaf('FAIR_VALUE_CHG', '公允价值变动收益'),
    leaf('OTHER_OPER_INC', '其他业务收入'),
  ]),
  parts(
    'TOT_OPER_COST',
    '营业总支出',
    [
      leaf('OPER_EXP', '业务及管理费'),
      leaf('CREDIT_IMPAIR_LOSS', '信用减值损失'),
      leaf('LESS_TAXES_SURCHARGES_OPS', '税金及附加'),
      leaf('INSUR_EXP', '保险业务支出'),
      leaf('OTHER_OPER_COST', '其他业务成本'),
    ],
    true,
  ),
  operProfit,
];

const receipt = (code: string, name: string) => leaf(code, name);
const payment = (code: string, name: string) => leaf(code, name, true);

const cashFlow: LayoutNode[] = [
  leaf('CASH_CASH_EQU_BEG_PERIOD', '期初现金及现金等价物'),
  parts('NET_CASH_FLOWS_OPER_ACT', '经营活动现金流量净额', [
    receipt('CASH_RECP_SG_AND_RS', '销售商品、提供劳务收到的现金'),
    receipt('NET_INCR_DEP_COB', '客户存款和同业存放款项净增加额'),
    receipt('CASH_RECP_PREM_ORIG_INCO', '收到原保险合同保费取得的现金'),
    receipt('NET_INCR_INSURED_DEP', '保户储金及投资款净增加额'),
    receipt('NET_INCR_INT_HANDLING_CHRG', '收取利息、手续费及佣金的现金'),
    receipt('NET_INCR_AGENCY_SEC', '代理买卖证券收到的现金净额'),
    receipt('NET_INCR_REPURCH_BUS_FUND', '回购业务资金净增加额'),
    receipt('RECP_TAX_RENDS', '收到的税费返还'),
    receipt('OTHER_CASH_RECP_RAL_OPER_ACT', '收到其他与经营活动有关的现金'),
    payment('CASH_PAY_GOODS_PURCH_SERV_REC', '购买商品、接受劳务支付的现金'),
    payment('NET_INCR_CLIENTS_LOAN_ADV', '客户贷款及垫款净增加额'),
    payment('CASH_PAY_CLAIMS_ORIG_INCO', '支付原保险合同赔付款项的现金'),
    payment('NET_INCR_TRADING_FIN_ASSETS', '为交易目的而持有的金融资产净增加额'),
    payment('HANDLING_CHRG_PAID', '支付利息、手续费及佣金的现金'),
    payment('CASH_PAY_BEH_EMPL', '支付给职工以及为职工支付的现金'),
    payment('PAY_ALL_TYP_TAX', '支付的各项税费'),
    payment('OTHER_CASH_PAY_RAL_OPER_ACT', '支付其他与经营活动有关的现金'),
  ]),
  parts('NET_CASH_FLOWS_INV_ACT', '投资活动现金流量净额', [
    receipt('CASH_RECP_DISP_WITHDRWL_INVEST', '收回投资收到的现金'),
    receipt('CASH_RECP_RETURN_INVEST', '取得投资收益收到的现金'),
    receipt('NET_CASH_RECP_DISP_FIOLTA', '处置固定资产等收回的现金净额'),
    receipt('OTHER_CASH_RECP_RAL_INV_ACT', '收到其他与投资活动有关的现金'),
    payment('CASH_PAY_ACQ_CONST_FIOLTA', '购建固定资产、无形资产等支付的现金'),
    payment('CASH_PAID_INVEST', '投资支付的现金'),
    payment('OTHER_CASH_PAY_RAL_INV_ACT', '支付其他与投资活动有关的现金'),
  ]),
  parts('NET_CASH_FLOWS_FNC_ACT', '筹资活动现金流量净额', [
    receipt('CASH_RECP_CAP_CONTRIB', '吸收投资收到的现金'),
    receipt('CASH_RECP_BORROW', '取得借款收到的现金'),
    receipt('PROC_ISSUE_BONDS', '发行债券收到的现金'),
    receipt('OTHER_CASH_RECP_RAL_FNC_ACT', '收到其他与筹资活动有关的现金'),
    payment('CASH_PREPAY_AMT_BORR', '偿还债务支付的现金'),
    payment('CASH_PAY_DIST_DPCP_INT_EXP', '分配股利、利润或偿付利息支付的现金'),
    payment('OTHER_CASH_PAY_RAL_FNC_ACT', '支付其他与筹资活动有关的现金'),
  ]),
  leaf('EFF_FX_FLU_CASH', '汇率变动对现金的影响'),
  leaf('NET_INCR_CASH_CASH_EQU', '现金及现金等价物净增加额'),
  leaf('CASH_CASH_EQU_END_PERIOD', '期末现金及现金等价物'),
];

const equityItems = (finance: boolean): LayoutNode[] => [
  leaf('CAP_STK', '股本'),
  ...(finance ? [leaf('OTHER_EQUITY_TOOLS', '其他权益工具')] : []),
  leaf('CAP_RSRV', '资本公积'),
  leaf('SURPLUS_RSRV', '盈余公积'),
  ...(finance ? [leaf('PROV_NOM_RISKS', '一般风险准备')] : []),
  leaf('UNDISTRIBUTED_PROFIT', '未分配利润'),
  leaf('MINORITY_INT', '少数股东权益'),
  leaf('OTHER_EQY', '其他权益'),
];

const balanceGeneral: LayoutNode[] = [
  parts('TOT_ASSETS', '资产总计', [
    parts('TOT_CUR_ASSETS', '流动资产合计', [
      leaf('MONETARY_CAP', '货币资金'),
      leaf('NOTES_RCV', '应收票据'),
      leaf('ACCT_RCV', '应收账款'),
      leaf('PREPAY', '预付款项'),
      leaf('INVENTORIES', '存货'),
      leaf('OTHER_CUR_ASSETS', '其他流动资产'),
    ]),
    parts('TOT_NON_CUR_ASSETS', '非流动资产合计', [
      leaf('LONG_TERM_EQY_INVEST', '长期股权投资'),
      leaf('FIX_ASSETS', '固定资产'),
      leaf('CONST_IN_PROG', '在建工程'),
      leaf('INTANG_ASSETS', '无形资产'),
      leaf('GOODWILL', '商誉'),
      leaf('OTHER_NON_CUR_ASSETS', '其他非流动资产'),
    ]),
  ]),
  parts('TOT_LIAB', '负债合计', [
    parts('TOT_CUR_LIAB', '流动负债合计', [
      leaf('ST_BORROW', '短期借款'),
      leaf('NOTES_PAYABLE', '应付票据'),
      leaf('ACCT_PAYABLE', '应付账款'),
      leaf('CONTRACT_LIABILITIES', '合同负债'),
      leaf('EMPL_BEN_PAYABLE', '应付职工薪酬'),
      leaf('TAXES_SURCHARGES_PAYABLE', '应交税费'),
      leaf('OTHER_CUR_LIAB', '其他流动负债'),
    ]),
    parts('TOT_NON_CUR_LIAB', '非流动负债合计', [
      leaf('LT_BORROW', '长期借款'),
      leaf('BONDS_PAYABLE', '应付债券'),
      leaf('LEASE_LIAB', '租赁负债'),
      leaf('OTHER_NON_CUR_LIAB', '其他非流动负债'),
    ]),
  ]),
  parts('TOT_SHRHLDR_EQY_INCL_MIN_INT', '所有者权益合计', equityItems(false)),
];

const balanceFinance: LayoutNode[] = [
  parts('TOT_ASSETS', '资产总计', [
    leaf('CASH_DEPOSITS_CENTRAL_BANK', '现金及存放中央银行款项'),
    leaf('ASSET_DEP_OTH_BANKS_FIN_INST', '存放同业和其他金融机构款项'),
    leaf('MONETARY_CAP', '货币资金'),
    leaf('SETTLE_RSRV', '结算备付金'),
    leaf('MARGIN_ACCT', '融出资金'),
    leaf('LOANS_AND_ADV_GRANTED', '发放贷款和垫款'),
    leaf('PURCH_RESELL_FIN_ASSETS', '买入返售金融资产'),
    leaf('FIN_INVEST', '金融投资'),
    leaf('TIME_DEPOSITS', '定期存款'),
    leaf('LONG_TERM_EQY_INVEST', '长期股权投资'),
    leaf('OTHER_ASSETS', '其他资产'),
  ]),
  parts('TOT_LIAB', '负债合计', [
    leaf('BORROW_CENTRAL_BANK', '向中央银行借款'),
    leaf('CUST_BANK_DEP', '吸收存款'),
    leaf('DEP_OTH_BANKS_FIN_INST', '同业及其他金融机构存放款项'),
    leaf('INSUR_CONTRACT_RSRV', '保险合同准备金'),
    leaf('INSURED_DEPOSIT_INVEST', '保户储金及投资款'),
    leaf('ACTING_TRADING_SEC', '代理买卖证券款'),
    leaf('FUND_SALES_FIN_ASSETS_RP', '卖出回购金融资产款'),
    leaf('ST_FINL_INST_PAYABLE', '应付短期融资款'),
    leaf('BONDS_PAYABLE', '应付债券'),
    leaf('OTHER_LIAB', '其他负债'),
  ]),
  parts('TOT_SHRHLDR_EQY_INCL_MIN_INT', '所有者权益合计', equityItems(true)),
];

export function layoutOf(kind: StatementKind, isFinance: boolean): readonly LayoutNode[] {
  if (kind === 'income') return isFinance ? incomeFinance : incomeGeneral;
  if (kind === 'cashFlow') return cashFlow;
  return isFinance ? balanceFinance : balanceGeneral;
}

/** Business lines of the general income statement: SEG_01…SEG_99, and OTHER_SEG 其他业务. */
export const segmentCode = /^(SEG_\d{2}|OTHER_SEG)$/;

/** Residual children: never counted among a column's top items (spec 2 §4). */
export function isResidualCode(code: string): boolean {
  return code.startsWith('OTHER_') || code.startsWith('BAL_');
}

/**
 * The accounting identities, each a list of [coefficient, code] whose weighted sum is zero. They
 * also complete a document: one missing term is solved for (GROSS_PROFIT, NET_INCR_CASH_CASH_EQU…).
 */
type Identity = readonly (readonly [1 | -1, string])[];

const netProfitChain: Identity[] = [
  // Net profit = operating profit + non-operating result − income tax.
  [
    [1, 'NET_PROFIT_INCL_MIN_INT_INC'],
    [-1, 'OPER_PROFIT'],
    [-1, 'NON_OPER_PROFIT'],
    [1, 'INC_TAX'],
  ],
  [
    [1, 'NET_PROFIT_INCL_MIN_INT_INC'],
    [-1, 'NET_PROFIT_EXCL_MIN_INT_INC'],
    [-1, 'MINORITY_INT_INC'],
  ],
];

export function identitiesOf(kind: StatementKind, isFinance: boolean): readonly Identity[] {
  if (kind === 'income') {
    return isFinance
      ? [
          [
            [1, 'OPER_PROFIT'],
            [-1, 'TOT_OPER_REV'],
            [1, 'TOT_OPER_COST'],
          ],
          ...netProfitChain,
        ]
      : [
          [
            [1, 'GROSS_PROFIT'],
            [-1, 'TOT_OPER_REV'],
            [1, 'LESS_OPER_COST'],
          ],
          [
            [1, 'OPER_PROFIT'],
            [-1, 'GROSS_PROFIT'],
            [1, 'OPER_EXP'],
            [1, 'DEDUCT_OPER_COST'],
            [-1, 'OTHER_OPER_PROFIT'],
          ],
          ...netProfitChain,
        ];
  }
  if (kind === 'cashFlow') {
    return [
      [
        [1, 'NET_INCR_CASH_CASH_EQU'],
        [-1, 'NET_CASH_FLOWS_OPER_ACT'],
        [-1, 'NET_CASH_FLOWS_INV_ACT'],
        [-1, 'NET_CASH_FLOWS_FNC_ACT'],
        [-1, 'EFF_FX_FLU_CASH'],
      ],
      [
        [1, 'CASH_CASH_EQU_END_PERIOD'],
        [-1, 'CASH_CASH_EQU_BEG_PERIOD'],
        [-1, 'NET_INCR_CASH_CASH_EQU'],
      ],
    ];
  }
  const sides: Identity[] = [
    [
      [1, 'TOT_ASSETS'],
      [-1, 'TOT_LIAB'],
      [-1, 'TOT_SHRHLDR_EQY_INCL_MIN_INT'],
    ],
  ];
  if (isFinance) return sides;
  return [
    ...sides,
    [
      [1, 'TOT_ASSETS'],
      [-1, 'TOT_CUR_ASSETS'],
      [-1, 'TOT_NON_CUR_ASSETS'],
    ],
    [
      [1, 'TOT_LIAB'],
      [-1, 'TOT_CUR_LIAB'],
      [-1, 'TOT_NON_CUR_LIAB'],
    ],
  ];
}

const lines = z.record(
  z.string().regex(/^[A-Z][A-Z0-9_]{1,47}$/, '节点代码应为大写 Wind 字段名'),
  z.number().finite(),
);

/** One company-period of statements (docs/report-statements-format.md), as stored and imported. */
export const statementDocument = z.object({
  isFinance: z.boolean(),
  /** Display names of codes the layouts do not name (business lines SEG_xx) or name differently. */
  names: z.record(z.string(), z.string().min(1).max(40)).optional(),
  /** Operating cost of each business line, for its gross margin. */
  segmentCost: lines.optional(),
  income: lines.optional(),
  cashFlow: lines.optional(),
  balance: lines.optional(),
});
export type StatementDocument = z.infer<typeof statementDocument>;
export type StatementLines = Record<string, number>;

/** The sum of the children present, a negative child subtracting. */
export function signedSum(values: StatementLines, children: readonly LayoutNode[]): number {
  let sum = 0;
  for (const child of children) {
    const value = values[child.code];
    if (value !== undefined) sum += child.negative ? -value : value;
  }
  return sum;
}

/** Segment nodes of a general income statement, in code order (OTHER_SEG last). */
export function segmentNodes(
  values: StatementLines,
  names: Record<string, string> | undefined,
): LayoutNode[] {
  return Object.keys(values)
    .filter((code) => segmentCode.test(code))
    .sort((a, b) => (a === 'OTHER_SEG' ? 1 : b === 'OTHER_SEG' ? -1 : a.localeCompare(b)))
    .map((code) => leaf(code, names?.[code] ?? (code === 'OTHER_SEG' ? '其他业务' : code)));
}

export function childrenOf(node: LayoutNode, values: StatementLines, names?: Record<string, string>) {
  return node.segments ? segmentNodes(values, names) : (node.children ?? []);
}

/**
 * Fills the aggregates a document may leave out: a 'parts' node from its children, then any single
 * missing term of an identity. Returns a new map; the input is not changed.
 */
export function completeLines(
  kind: StatementKind,
  isFinance: boolean,
  input: StatementLines,
): StatementLines {
  const values = { ...input };
  const fill = (node: LayoutNode) => {
    const children = childrenOf(node, values);
    for (const child of children) fill(child);
    if (
      values[node.code] === undefined &&
      node.kind === 'parts' &&
      children.some((c) => values[c.code] !== undefined)
    )
      values[node.code] = signedSum(values, children);
  };
  for (const node of layoutOf(kind, isFinance)) fill(node);
  const identities = identitiesOf(kind, isFinance);
  for (let progress = true; progress; ) {
    progress = false;
    for (const identity of identities) {
      const missing = identity.filter(([, code]) => values[code] === undefined);
      const only = missing[0];
      if (missing.length !== 1 || !only) continue;
      const rest = identity.reduce(
        (sum, [sign, code]) => (code === only[1] ? sum : sum + sign * (values[code] ?? 0)),
        0,
      );
      values[only[1]] = -rest * only[0];
      progress = true;
    }
  }
  return values;
}

/**
 * The identities a statement breaks, in Chinese, each naming the codes and the gap in yuan. With
 * `strict`, every 'parts' node must also equal the sum of its itemised children with no residual
 * (what the demo generator promises).
 */
export function identityProblems(
  kind: StatementKind,
  isFinance: boolean,
  values: StatementLines,
  options: { tolerance: number; strict?: boolean; names?: Record<string, string> },
): string[] {
  const problems: string[] = [];
  for (const identity of identitiesOf(kind, isFinance)) {
    const absent = identity.filter(([, code]) => values[code] === undefined).map(([, code]) => code);
    if (absent.length > 0) {
      problems.push(`缺少 ${absent.join('、')}`);
      continue;
    }
    const gap = identity.reduce((sum, [sign, code]) => sum + sign * (values[code] ?? 0), 0);
    if (Math.abs(gap) > options.tolerance) {
      const [first, ...others] = identity;
      const formula = `${first?.[1]} = ${others.map(([sign, code]) => `${sign === -1 ? '+' : '−'} ${code}`).join(' ')}`;
      problems.push(`${formula.replace('= + ', '= ')} 不成立（差 ${gap} 元）`);
    }
  }
  if (options.strict) {
    const visit = (node: LayoutNode) => {
      const children = childrenOf(node, values, options.names);
      for (const child of children) visit(child);
      const value = values[node.code];
      if (node.kind !== 'parts' || value === undefined) return;
      if (!children.some((child) => values[child.code] !== undefined)) {
        problems.push(`${node.code} 没有明细项目`);
        return;
      }
      const gap = value - signedSum(values, children);
      if (Math.abs(gap) > options.tolerance) problems.push(`${node.code} 与明细合计相差 ${gap} 元`);
    };
    for (const node of layoutOf(kind, isFinance)) visit(node);
  }
  return problems;
}
