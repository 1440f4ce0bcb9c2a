import {
  Codes,
  type FinancialReport,
  type FlowNode,
  type KeyIndicator,
  type StatementBlock,
} from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import type { Instrument, InstrumentDirectory } from '../../market/instrument-directory.ts';
import { requireInstrument } from '../../market/instrument-lookup.ts';
import {
  childrenOf,
  isResidualCode,
  type LayoutNode,
  layoutOf,
  type StatementDocument,
  type StatementKind,
  type StatementLines,
  signedSum,
  statementKinds,
} from '../../market/statements/statement-layout.ts';
import type { StatementsRepository } from '../../market/statements/statements.repository.ts';
import { amountText, changeOf, changePhrase, deltaPhrase, percentText, periodTitle } from './report-text.ts';

/** The address of a company-period's PDF (report-pdf.routes.ts). */
export function reportPdfPath(code: string, period: number): string {
  return `/files/report/${encodeURIComponent(code)}/${period}.pdf`;
}

/** The statements one answer needs: the period, its year-earlier twin and the year ends before both. */
export interface ReportPeriods {
  instrument: Instrument;
  period: number;
  periods: number[];
  current: StatementDocument;
  prior: StatementDocument | undefined;
  /** Balance sheets at the last year end before the period and before its year-earlier twin. */
  openingBalance: StatementLines | undefined;
  priorOpeningBalance: StatementLines | undefined;
}

const yearEarlier = (period: number) => period - 10000;
export const lastYearEnd = (period: number) => (Math.floor(period / 10000) - 1) * 10000 + 1231;
/** Days a cumulative period covers, by the 360-day convention of turnover ratios. */
const daysOf = (period: number) => (({ 331: 1, 630: 2, 930: 3, 1231: 4 })[period % 10000] ?? 4) * 90;

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const ratio = (numerator: number | undefined, denominator: number | undefined): number | null =>
  numerator === undefined || denominator === undefined || denominator === 0
    ? null
    : round(numerator / denominator, 6);

export function createReportService(repository: StatementsRepository, directory: InstrumentDirectory) {
  async function load(code: string, periodText: string): Promise<ReportPeriods> {
    const instrument = requireInstrument(directory, code, ['capital'], 'A股');
    const period = Number(periodText);
    const periods = await repository.listPeriods(instrument.code);
    if (!periods.includes(period)) {
      const latest = periods[0];
      throw new AppError(
        Codes.notFound,
        latest === undefined
          ? `${instrument.name}（${instrument.code}）暂无财务报告`
          : `${instrument.name}（${instrument.code}）尚未披露${periodTitle(period)}，最新为${periodTitle(latest)}`,
        404,
      );
    }
    const prior = yearEarlier(period);
    const documents = await repository.readPeriods(instrument.code, [
      period,
      prior,
      lastYearEnd(period),
      lastYearEnd(prior),
    ]);
    const current = documents.get(period);
    if (!current) throw new AppError(Codes.notFound, `${instrument.name}尚未披露${periodTitle(period)}`, 404);
    return {
      instrument,
      period,
      periods,
      current,
      prior: documents.get(prior),
      openingBalance: documents.get(lastYearEnd(period))?.balance,
      priorOpeningBalance: documents.get(lastYearEnd(prior))?.balance,
    };
  }

  return {
    load,
    async quick(code: string, periodText: string): Promise<FinancialReport> {
      const data = await load(code, periodText);
      const report: FinancialReport = {
        stockName: data.instrument.name,
        pdf: reportPdfPath(data.instrument.code, data.period),
        periods: data.periods.map(String),
        isFinance: data.current.isFinance,
      };
      for (const kind of statementKinds) {
        const block = statementBlock(kind, data);
        if (block) report[kind] = block;
      }
      return report;
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;

function statementBlock(kind: StatementKind, data: ReportPeriods): StatementBlock | undefined {
  const lines = data.current[kind];
  if (!lines || Object.keys(lines).length === 0) return undefined;
  // A year-earlier statement of the other layout (a company that became a bank) does not compare.
  const prior = data.prior?.isFinance === data.current.isFinance ? data.prior[kind] : undefined;
  return {
    sangji: buildTree(layoutOf(kind, data.current.isFinance), lines, prior, data.current),
    des: [describe(kind, data, lines, prior)],
    keys: keyIndicators(kind, data),
  };
}

/**
 * The `sangji` tree of contract report.ts from flat lines: nodes the statement lacks are left out,
 * and a 'parts' node whose items do not add up gets the difference as BAL_<code> 平衡项目.
 */
export function buildTree(
  nodes: readonly LayoutNode[],
  lines: StatementLines,
  prior: StatementLines | undefined,
  document: StatementDocument,
): Record<string, FlowNode> {
  const tree: Record<string, FlowNode> = {};
  for (const node of nodes) {
    const value = lines[node.code];
    if (value === undefined) continue;
    const flow: FlowNode = {
      name: document.names?.[node.code] ?? node.name,
      value,
      chgPct: changeOf(value, prior?.[node.code]),
    };
    if (node.negative) flow.negative = true;
    if (node.code === 'GROSS_PROFIT') flow.grossmargin = ratio(value, lines.TOT_OPER_REV);
    const children = childrenOf(node, lines, document.names);
    if (children.length > 0) {
      const child = buildTree(children, lines, prior, document);
      if (node.segments) {
        for (const [code, segment] of Object.entries(child)) {
          const cost = document.segmentCost?.[code];
          segment.grossmargin = cost === undefined ? null : ratio(segment.value - cost, segment.value);
        }
      }
      if (node.kind === 'parts' && Object.keys(child).length > 0) {
        const residual = value - signedSum(lines, children);
        if (residual !== 0) {
          const priorResidual =
            prior?.[node.code] === undefined
              ? undefined
              : (prior[node.code] ?? 0) - signedSum(prior, children);
          child[`BAL_${node.code}`] = {
            name: '平衡项目',
            value: residual,
            chgPct: changeOf(residual, priorResidual),
          };
        }
      }
      if (Object.keys(child).length > 0) flow.child = child;
    }
    tree[node.code] = flow;
  }
  return tree;
}

interface Mover {
  code: string;
  name: string;
  value: number;
  delta: number;
  change: number | null;
  /** What the movement did to the parent: a payment or cost that grew lowers it. */
  effect: number;
}

/**
 * The items under the given parents that moved most year on year. A sub-total among them is opened
 * into its own items (TOT_ASSETS → 货币资金, 存货…); residuals never count (spec 2 §4).
 */
function movers(
  parents: readonly string[],
  nodes: readonly LayoutNode[],
  lines: StatementLines,
  prior: StatementLines,
  names: Record<string, string> | undefined,
): Mover[] {
  const found: Mover[] = [];
  const find = (list: readonly LayoutNode[], code: string): LayoutNode | undefined => {
    for (const node of list) {
      if (node.code === code) return node;
      const inner = find(node.children ?? [], code);
      if (inner) return inner;
    }
    return undefined;
  };
  const collect = (node: LayoutNode) => {
    const children = childrenOf(node, lines, names).filter((child) => lines[child.code] !== undefined);
    for (const child of children) {
      const grandchildren = childrenOf(child, lines, names).filter((item) => lines[item.code] !== undefined);
      if (child.kind === 'parts' && grandchildren.length > 0) {
        collect(child);
        continue;
      }
      const value = lines[child.code];
      const base = prior[child.code];
      if (isResidualCode(child.code) || value === undefined || base === undefined || value === base) continue;
      found.push({
        code: child.code,
        name: names?.[child.code] ?? child.name,
        value,
        delta: value - base,
        change: changeOf(value, base),
        effect: child.negative ? base - value : value - base,
      });
    }
  };
  for (const code of parents) {
    const node = find(nodes, code);
    if (node) collect(node);
  }
  return found.sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect));
}

/** The movers that pushed the parent the way it went (all of them when none did). */
function drivers(found: Mover[], parentChange: number): Mover[] {
  const along = found.filter((mover) => mover.effect !== 0 && mover.effect > 0 === parentChange >= 0);
  return along.length > 0 ? along : found;
}

function moverText(mover: Mover, suffix = ''): string {
  const change =
    mover.change === null ? '' : `（${mover.change >= 0 ? '+' : ''}${percentText(mover.change)}）`;
  return `${mover.name}${suffix}${deltaPhrase(mover.delta)}${change}`;
}

/** The 主要变动原因 text (spec 2 §2.1), written from the year-on-year movements of this statement. */
function describe(
  kind: StatementKind,
  data: ReportPeriods,
  lines: StatementLines,
  prior: StatementLines | undefined,
): string {
  const { current } = data;
  const get = (code: string) => lines[code] ?? 0;
  const layout = layoutOf(kind, current.isFinance);
  const title = periodTitle(data.period);
  if (!prior) {
    if (kind === 'income')
      return `${title}营业总收入${amountText(get('TOT_OPER_REV'))}，净利润${amountText(get('NET_PROFIT_INCL_MIN_INT_INC'))}；上年同期数据缺失，无法分析同比变动。`;
    if (kind === 'cashFlow')
      return `${title}经营活动现金流量净额${amountText(get('NET_CASH_FLOWS_OPER_ACT'))}，期末现金及现金等价物${amountText(get('CASH_CASH_EQU_END_PERIOD'))}；上年同期数据缺失，无法分析同比变动。`;
    return `期末总资产${amountText(get('TOT_ASSETS'))}，负债合计${amountText(get('TOT_LIAB'))}；上年同期数据缺失，无法分析同比变动。`;
  }
  const before = (code: string) => prior[code] ?? 0;
  const change = (code: string) => changeOf(lines[code], prior[code]);
  const names = current.names;
  const sentence = (code: string, label: string) =>
    `${label}${changePhrase(change(code))}至${amountText(get(code))}`;

  if (kind === 'income') {
    const revenueUp = get('TOT_OPER_REV') >= before('TOT_OPER_REV');
    const revenueMovers = drivers(
      movers(['TOT_OPER_REV'], layout, lines, prior, names),
      get('TOT_OPER_REV') - before('TOT_OPER_REV'),
    ).slice(0, 2);
    const parts: string[] = [];
    let first = sentence('TOT_OPER_REV', '营业总收入');
    if (revenueMovers.length > 0) {
      const list = revenueMovers.map((mover) => moverText(mover, current.isFinance ? '' : '收入'));
      first += `，主要${revenueUp ? '来自' : '因为'}${list.join('、')}`;
    }
    parts.push(first);
    if (current.isFinance) {
      const costMover = movers(['TOT_OPER_COST'], layout, lines, prior, names)[0];
      parts.push(
        `${sentence('TOT_OPER_COST', '营业总支出')}${costMover ? `，其中${moverText(costMover)}` : ''}；成本收入比${percentText(get('OPER_EXP') / (get('TOT_OPER_REV') || 1))}（上年同期${percentText(before('OPER_EXP') / (before('TOT_OPER_REV') || 1))}）`,
      );
    } else {
      parts.push(
        `${sentence('LESS_OPER_COST', '营业成本')}，毛利率${percentText(get('GROSS_PROFIT') / (get('TOT_OPER_REV') || 1))}（上年同期${percentText(before('GROSS_PROFIT') / (before('TOT_OPER_REV') || 1))}）`,
      );
      const expenseMover = movers(
        ['OPER_EXP', 'DEDUCT_OPER_COST', 'OTHER_OPER_PROFIT'],
        layout,
        lines,
        prior,
        names,
      )[0];
      if (expenseMover) parts.push(`费用及其他损益中变动最大的是${moverText(expenseMover)}`);
    }
    parts.push(
      `${sentence('OPER_PROFIT', '营业利润')}，${sentence('NET_PROFIT_INCL_MIN_INT_INC', '净利润')}，其中归母净利润${amountText(get('NET_PROFIT_EXCL_MIN_INT_INC'))}`,
    );
    return `${title}${parts.join('；')}。`;
  }

  if (kind === 'cashFlow') {
    const activity = (code: string, label: string) => {
      const top = drivers(movers([code], layout, lines, prior, names), get(code) - before(code))[0];
      const net = get(code);
      return `${label}${net >= 0 ? '净流入' : '净流出'}${amountText(Math.abs(net))}（上年同期${before(code) >= 0 ? '净流入' : '净流出'}${amountText(Math.abs(before(code)))}）${top ? `，变动主要来自${moverText(top)}` : ''}`;
    };
    const increase = get('NET_INCR_CASH_CASH_EQU');
    return `${title}期末现金及现金等价物${amountText(get('CASH_CASH_EQU_END_PERIOD'))}，较期初${deltaPhrase(increase)}；${[
      activity('NET_CASH_FLOWS_OPER_ACT', '经营活动'),
      activity('NET_CASH_FLOWS_INV_ACT', '投资活动'),
      activity('NET_CASH_FLOWS_FNC_ACT', '筹资活动'),
    ].join('；')}。`;
  }

  const assetMovers = drivers(
    movers(['TOT_ASSETS'], layout, lines, prior, names),
    get('TOT_ASSETS') - before('TOT_ASSETS'),
  ).slice(0, 2);
  const liabilityMover = drivers(
    movers(['TOT_LIAB'], layout, lines, prior, names),
    get('TOT_LIAB') - before('TOT_LIAB'),
  )[0];
  const debt = get('TOT_LIAB') / (get('TOT_ASSETS') || 1);
  const priorDebt = before('TOT_LIAB') / (before('TOT_ASSETS') || 1);
  return `${title}期末${sentence('TOT_ASSETS', '总资产')}${
    assetMovers.length > 0 ? `，主要来自${assetMovers.map((mover) => moverText(mover)).join('、')}` : ''
  }；${sentence('TOT_LIAB', '负债合计')}${liabilityMover ? `，其中${moverText(liabilityMover)}` : ''}，资产负债率${percentText(debt)}（上年同期${percentText(priorDebt)}）；${sentence('TOT_SHRHLDR_EQY_INCL_MIN_INT', '所有者权益')}。`;
}

type IndicatorValues = [name: string, value: number | null][];

/** The average of a balance-sheet line over a period: the period end and the last year end, when known. */
function averageLine(
  balance: StatementLines,
  openingBalance: StatementLines | undefined,
  read: (lines: StatementLines) => number | undefined,
): number | undefined {
  const end = read(balance);
  if (end === undefined) return undefined;
  const start = openingBalance ? read(openingBalance) : undefined;
  return start === undefined ? end : (start + end) / 2;
}

/** Parent-company equity (equity less minority interests), averaged over the period. */
function averageParentEquity(
  balance: StatementLines,
  openingBalance: StatementLines | undefined,
): number | undefined {
  return averageLine(balance, openingBalance, (lines) =>
    lines.TOT_SHRHLDR_EQY_INCL_MIN_INT === undefined
      ? undefined
      : lines.TOT_SHRHLDR_EQY_INCL_MIN_INT - (lines.MINORITY_INT ?? 0),
  );
}

/** 净资产收益率: the period's parent net profit over the average parent equity (not annualised). */
function returnOnEquity(income: StatementLines, equity: number | undefined): number | null {
  return ratio(income.NET_PROFIT_EXCL_MIN_INT_INC, equity);
}

export interface Dupont {
  netMargin: number | null;
  assetTurnover: number | null;
  equityMultiplier: number | null;
  roe: number | null;
}

/**
 * The DuPont identity of one period (/dupont-compare): ROE = 归母净利率 × 总资产周转率 × 权益乘数, each
 * factor over the same averages as the key indicators, so the product is the report preview's
 * 净资产收益率 of the period (within the 1e-6 rounding of each factor).
 */
export function dupontOf(document: StatementDocument, openingBalance: StatementLines | undefined): Dupont {
  const income = document.income ?? {};
  const balance = document.balance ?? {};
  const revenue = income.TOT_OPER_REV;
  const assets = averageLine(balance, openingBalance, (lines) => lines.TOT_ASSETS);
  const equity = averageParentEquity(balance, openingBalance);
  return {
    netMargin: ratio(income.NET_PROFIT_EXCL_MIN_INT_INC, revenue),
    assetTurnover: ratio(revenue, assets),
    equityMultiplier: ratio(assets, equity),
    roe: returnOnEquity(income, equity),
  };
}

/** 资产负债率 of a balance sheet, as the key indicators show it. */
export function debtRatioOf(document: StatementDocument): number | null {
  return ratio(document.balance?.TOT_LIAB, document.balance?.TOT_ASSETS);
}

/** Key indicators of one statement for a period (spec 2 §3, §5: 率/比 fractions, 天数 days, else yuan). */
function indicatorValues(
  kind: StatementKind,
  document: StatementDocument,
  period: number,
  openingBalance: StatementLines | undefined,
): IndicatorValues {
  const income = document.income ?? {};
  const cash = document.cashFlow ?? {};
  const balance = document.balance ?? {};
  const finance = document.isFinance;
  if (kind === 'income') {
    const revenue = income.TOT_OPER_REV;
    return finance
      ? [
          ['成本收入比', ratio(income.OPER_EXP, revenue)],
          ['净利率', ratio(income.NET_PROFIT_INCL_MIN_INT_INC, revenue)],
        ]
      : [
          ['毛利率', ratio(income.GROSS_PROFIT, revenue)],
          ['净利率', ratio(income.NET_PROFIT_INCL_MIN_INT_INC, revenue)],
          ['期间费用率', ratio(income.OPER_EXP, revenue)],
          ['研发费用率', ratio(income.RD_EXP, revenue)],
        ];
  }
  if (kind === 'cashFlow') {
    const operating = cash.NET_CASH_FLOWS_OPER_ACT;
    const capex = cash.CASH_PAY_ACQ_CONST_FIOLTA ?? 0;
    const values: IndicatorValues = [
      ['净现比', ratio(operating, income.NET_PROFIT_INCL_MIN_INT_INC)],
      ['自由现金流', operating === undefined ? null : operating - capex],
    ];
    if (!finance) values.unshift(['现金收入比', ratio(cash.CASH_RECP_SG_AND_RS, income.TOT_OPER_REV)]);
    return values;
  }
  // Averages over the period use the balance at the last year end when it is known.
  const average = (code: string) => {
    const end = balance[code];
    if (end === undefined) return undefined;
    const start = openingBalance?.[code];
    return start === undefined ? end : (start + end) / 2;
  };
  const equity = averageParentEquity(balance, openingBalance);
  const days = daysOf(period);
  const turnoverDays = (stock: number | undefined, flow: number | undefined) =>
    stock === undefined || flow === undefined || flow <= 0 ? null : round((days * stock) / flow, 1);
  const common: IndicatorValues = [
    ['资产负债率', debtRatioOf(document)],
    ['净资产收益率', returnOnEquity(income, equity)],
  ];
  if (finance) {
    if (balance.CUST_BANK_DEP !== undefined && balance.LOANS_AND_ADV_GRANTED !== undefined)
      common.push(['存贷比', ratio(balance.LOANS_AND_ADV_GRANTED, balance.CUST_BANK_DEP)]);
    return common;
  }
  return [
    common[0] ?? ['资产负债率', null],
    ['流动比率', ratio(balance.TOT_CUR_ASSETS, balance.TOT_CUR_LIAB)],
    common[1] ?? ['净资产收益率', null],
    ['应收账款周转天数', turnoverDays(average('ACCT_RCV'), income.TOT_OPER_REV)],
    ['存货周转天数', turnoverDays(average('INVENTORIES'), income.LESS_OPER_COST)],
  ];
}

function keyIndicators(kind: StatementKind, data: ReportPeriods): KeyIndicator[] {
  const now = indicatorValues(kind, data.current, data.period, data.openingBalance);
  const before =
    data.prior && data.prior.isFinance === data.current.isFinance
      ? new Map(indicatorValues(kind, data.prior, yearEarlier(data.period), data.priorOpeningBalance))
      : new Map<string, number | null>();
  return now.map(([name, value]) => ({ name, value, chgPct: changeOf(value, before.get(name)) }));
}
