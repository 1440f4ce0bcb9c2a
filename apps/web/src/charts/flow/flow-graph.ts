/**
 * From a statement block to the chart's graph: which nodes stand in which column, grouped, and which
 * flow bands join them. The column layouts follow the node codes and tree positions fixed in
 * packages/contract/src/report.ts; the folding of small items into 其他 follows spec 2 §4.
 * Pure functions only; flow-layout.ts turns the graph into coordinates.
 */
import type { FlowNode, StatementBlock } from '@zhicai/contract';

/** The three statements of the financial report preview (spec 2 §2.1). */
export type StatementKind = 'income' | 'cashFlow' | 'balance';

/** One bar of the chart. */
export interface FlowBar {
  /** Unique in the graph: the node codes from the top of the tree, joined by '/'. */
  id: string;
  /** The node code (the folded remainder is 'OTHER'). */
  code: string;
  name: string;
  /** Yuan, as published. */
  value: number;
  /** Year-on-year change as a fraction, or null when unknown. */
  chgPct: number | null;
  /** Drawn green with a minus sign: the node is flagged `negative` or its value is below zero. */
  negative: boolean;
  /** The 其他 bar that sums the items left out of a detail column. */
  folded: boolean;
}

/** Bars that hang off the same node: stacked with the small gap, set apart from other groups. */
export type FlowGroup = FlowBar[];

/** A flow band between bars of neighbouring columns; it takes size and colour from its detail end. */
export interface FlowLink {
  from: string;
  to: string;
  /** |value| of the detail end (the child in the statement tree). */
  weight: number;
  negative: boolean;
}

export interface FlowGraph {
  kind: StatementKind;
  isFinance: boolean;
  /** Left to right; each column is a list of groups, top to bottom. */
  columns: FlowGroup[][];
  links: FlowLink[];
}

/** spec 2 §4 and §9: children kept per detail column. */
export const keptChildren = { general: 3, finance: 4 } as const;

/** Statement titles as the app names them. */
export const statementTitles: Record<StatementKind, string> = {
  income: '利润表',
  cashFlow: '现金流量表',
  balance: '资产负债表',
};

/** spec 2 §4 and §9: positive flows red, negative green; negative = flagged as taken away, or below zero. */
export function isNegativeNode(node: Pick<FlowNode, 'value' | 'negative'>): boolean {
  return node.negative === true || node.value < 0;
}

/**
 * Residual items (report.ts: codes OTHER_… and BAL_…, named 其他… or 平衡项目) never count among a
 * column's top items (spec 2 §4); they always fold into 其他.
 */
export function isResidualItem(code: string, node: Pick<FlowNode, 'name'>): boolean {
  return /^(OTHER_|BAL_)/.test(code) || node.name.startsWith('其他') || node.name.includes('平衡项目');
}

function toBar(id: string, code: string, node: FlowNode): FlowBar {
  return {
    id,
    code,
    name: node.name,
    value: node.value,
    chgPct: node.chgPct,
    negative: isNegativeNode(node),
    folded: false,
  };
}

/**
 * The detail bars of a node: its `limit` largest children by absolute value, largest first, and the
 * rest (with every residual item) summed into one 其他 bar at the end. The 其他 value is the signed
 * sum of what it holds (an item flagged negative counts as taken away), except when every folded item
 * is flagged negative: then it keeps their published sign and is itself flagged, like its siblings.
 * Its year-on-year change is worked out from the items' own changes when all of them have one.
 * The children of a node flagged negative are drawn negative as well.
 * A 其他 that sums to zero is left out.
 */
export function topChildren(parent: FlowNode | undefined, parentId: string, limit: number): FlowBar[] {
  const entries = Object.entries(parent?.child ?? {});
  const ranked = entries
    .filter(([code, node]) => !isResidualItem(code, node))
    .sort(([, a], [, b]) => Math.abs(b.value) - Math.abs(a.value));
  const kept = ranked.slice(0, limit);
  const keptCodes = new Set(kept.map(([code]) => code));
  const folded = entries.filter(([code]) => !keptCodes.has(code));
  // The parts of an amount taken away (营业总支出's items) are taken away too, flagged or not.
  const inherited = parent?.negative === true;
  const bars = kept.map(([code, node]) => {
    const bar = toBar(`${parentId}/${code}`, code, node);
    return inherited ? { ...bar, negative: true } : bar;
  });
  if (folded.length === 0) return bars;

  const allFlagged = folded.every(([, node]) => node.negative === true);
  let value = 0;
  let previous = 0;
  let previousKnown = true;
  for (const [, node] of folded) {
    const contribution = allFlagged || node.negative !== true ? node.value : -node.value;
    value += contribution;
    // The year-before amount of an item is value / (1 + change); unknown when the change is.
    if (node.chgPct === null || node.chgPct === -1) previousKnown = false;
    else previous += contribution / (1 + node.chgPct);
  }
  if (value === 0) return bars;
  const chgPct = previousKnown && previous !== 0 ? (value - previous) / Math.abs(previous) : null;
  bars.push({
    id: `${parentId}/OTHER`,
    code: 'OTHER',
    name: '其他',
    value,
    chgPct,
    negative: inherited || allFlagged || value < 0,
    folded: true,
  });
  return bars;
}

/** Collects columns and links; missing nodes (null) and empty groups are skipped. */
class GraphBuilder {
  readonly columns: FlowGroup[][] = [];
  readonly links: FlowLink[] = [];

  column(...groups: (FlowBar | null)[][]): void {
    const kept = groups
      .map((group) => group.filter((bar): bar is FlowBar => bar !== null))
      .filter((group) => group.length > 0);
    if (kept.length > 0) this.columns.push(kept);
  }

  /** Parent on the left splits into children on the right. */
  split(parent: FlowBar | null, children: readonly (FlowBar | null)[]): void {
    for (const child of children) if (parent && child) this.links.push(linkOf(parent.id, child.id, child));
  }

  /** Children on the left merge into the parent on the right. */
  merge(children: readonly (FlowBar | null)[], parent: FlowBar | null): void {
    for (const child of children) if (parent && child) this.links.push(linkOf(child.id, parent.id, child));
  }
}

function linkOf(from: string, to: string, detail: FlowBar): FlowLink {
  return { from, to, weight: Math.abs(detail.value), negative: detail.negative };
}

/** Looks a node up by its path of codes from the top of the tree. */
function nodeAt(sangji: Record<string, FlowNode>, path: readonly string[]): FlowNode | undefined {
  let node: FlowNode | undefined;
  let map: Record<string, FlowNode> | undefined = sangji;
  for (const code of path) {
    node = map?.[code];
    map = node?.child;
  }
  return node;
}

function barAt(sangji: Record<string, FlowNode>, ...path: string[]): FlowBar | null {
  const node = nodeAt(sangji, path);
  const code = path.at(-1);
  return node && code ? toBar(path.join('/'), code, node) : null;
}

function detailOf(sangji: Record<string, FlowNode>, limit: number, ...path: string[]): FlowBar[] {
  return topChildren(nodeAt(sangji, path), path.join('/'), limit);
}

/**
 * Income, general layout (6 columns): revenue lines → 营业总收入 → 营业成本 + 毛利 →
 * 期间费用 / 税金及减值 / 其他经营收益 + 营业利润 → 营业外 / 所得税 + 净利润 → 归母 / 少数.
 */
function incomeGeneral(s: Record<string, FlowNode>, b: GraphBuilder): void {
  const lines = detailOf(s, keptChildren.general, 'TOT_OPER_REV');
  const revenue = barAt(s, 'TOT_OPER_REV');
  const cost = barAt(s, 'LESS_OPER_COST');
  const gross = barAt(s, 'GROSS_PROFIT');
  const grossParts = ['OPER_EXP', 'DEDUCT_OPER_COST', 'OTHER_OPER_PROFIT'].map((code) =>
    barAt(s, 'GROSS_PROFIT', code),
  );
  const operating = barAt(s, 'OPER_PROFIT');
  const [nonOperating, tax, net] = ['NON_OPER_PROFIT', 'INC_TAX', 'NET_PROFIT_INCL_MIN_INT_INC'].map((code) =>
    barAt(s, 'OPER_PROFIT', code),
  );
  const netParts = ['NET_PROFIT_EXCL_MIN_INT_INC', 'MINORITY_INT_INC'].map((code) =>
    barAt(s, 'OPER_PROFIT', 'NET_PROFIT_INCL_MIN_INT_INC', code),
  );
  b.column(lines);
  b.column([revenue]);
  b.column([cost, gross]);
  b.column(grossParts, [operating]);
  b.column([nonOperating ?? null, tax ?? null], [net ?? null]);
  b.column(netParts);
  b.merge(lines, revenue);
  b.split(revenue, [cost, gross]);
  b.split(gross, [...grossParts, operating]);
  b.split(operating, [nonOperating ?? null, tax ?? null, net ?? null]);
  b.split(net ?? null, netParts);
}

/**
 * Income, financial layout (5 columns): revenue items → 营业总收入 → 营业总支出 + 营业利润 →
 * cost items and 营业外 / 所得税 / 净利润 → 归母 / 少数.
 */
function incomeFinance(s: Record<string, FlowNode>, b: GraphBuilder): void {
  const items = detailOf(s, keptChildren.finance, 'TOT_OPER_REV');
  const revenue = barAt(s, 'TOT_OPER_REV');
  const cost = barAt(s, 'TOT_OPER_COST');
  const operating = barAt(s, 'OPER_PROFIT');
  const costItems = detailOf(s, keptChildren.finance, 'TOT_OPER_COST');
  const profitParts = ['NON_OPER_PROFIT', 'INC_TAX', 'NET_PROFIT_INCL_MIN_INT_INC'].map((code) =>
    barAt(s, 'OPER_PROFIT', code),
  );
  const net = profitParts[2] ?? null;
  const netParts = ['NET_PROFIT_EXCL_MIN_INT_INC', 'MINORITY_INT_INC'].map((code) =>
    barAt(s, 'OPER_PROFIT', 'NET_PROFIT_INCL_MIN_INT_INC', code),
  );
  b.column(items);
  b.column([revenue]);
  b.column([cost, operating]);
  b.column(costItems, profitParts);
  b.column(netParts);
  b.merge(items, revenue);
  b.split(revenue, [cost, operating]);
  b.split(cost, costItems);
  b.split(operating, profitParts);
  b.split(net, netParts);
}

/**
 * Cash flow, both layouts (4 columns): activity items → the three activities + 汇率影响 →
 * 现金净增加额 + 期初现金 → 期末现金.
 */
function cashFlow(s: Record<string, FlowNode>, b: GraphBuilder, limit: number): void {
  const activityCodes = ['NET_CASH_FLOWS_OPER_ACT', 'NET_CASH_FLOWS_INV_ACT', 'NET_CASH_FLOWS_FNC_ACT'];
  const activities = activityCodes.map((code) => barAt(s, code));
  const items = activityCodes.map((code) => detailOf(s, limit, code));
  const fx = barAt(s, 'EFF_FX_FLU_CASH');
  const increase = barAt(s, 'NET_INCR_CASH_CASH_EQU');
  const opening = barAt(s, 'CASH_CASH_EQU_BEG_PERIOD');
  const closing = barAt(s, 'CASH_CASH_EQU_END_PERIOD');
  b.column(...items);
  b.column([...activities, fx]);
  b.column([increase, opening]);
  b.column([closing]);
  activities.forEach((activity, i) => {
    b.merge(items[i] ?? [], activity);
  });
  b.merge([...activities, fx], increase);
  b.merge([increase, opening], closing);
}

/**
 * Balance sheet, general layout (6 columns): asset items → 流动 / 非流动资产 → 资产总计 →
 * 负债 + 股东权益 → 流动 / 非流动负债 and equity items → liability items.
 */
function balanceGeneral(s: Record<string, FlowNode>, b: GraphBuilder): void {
  const limit = keptChildren.general;
  const currentItems = detailOf(s, limit, 'TOT_ASSETS', 'TOT_CUR_ASSETS');
  const nonCurrentItems = detailOf(s, limit, 'TOT_ASSETS', 'TOT_NON_CUR_ASSETS');
  const current = barAt(s, 'TOT_ASSETS', 'TOT_CUR_ASSETS');
  const nonCurrent = barAt(s, 'TOT_ASSETS', 'TOT_NON_CUR_ASSETS');
  const assets = barAt(s, 'TOT_ASSETS');
  const liabilities = barAt(s, 'TOT_LIAB');
  const equity = barAt(s, 'TOT_SHRHLDR_EQY_INCL_MIN_INT');
  const currentLiab = barAt(s, 'TOT_LIAB', 'TOT_CUR_LIAB');
  const nonCurrentLiab = barAt(s, 'TOT_LIAB', 'TOT_NON_CUR_LIAB');
  const equityItems = detailOf(s, limit, 'TOT_SHRHLDR_EQY_INCL_MIN_INT');
  const currentLiabItems = detailOf(s, limit, 'TOT_LIAB', 'TOT_CUR_LIAB');
  const nonCurrentLiabItems = detailOf(s, limit, 'TOT_LIAB', 'TOT_NON_CUR_LIAB');
  b.column(currentItems, nonCurrentItems);
  b.column([current, nonCurrent]);
  b.column([assets]);
  b.column([liabilities, equity]);
  b.column([currentLiab, nonCurrentLiab], equityItems);
  b.column(currentLiabItems, nonCurrentLiabItems);
  b.merge(currentItems, current);
  b.merge(nonCurrentItems, nonCurrent);
  b.merge([current, nonCurrent], assets);
  b.split(assets, [liabilities, equity]);
  b.split(liabilities, [currentLiab, nonCurrentLiab]);
  b.split(equity, equityItems);
  b.split(currentLiab, currentLiabItems);
  b.split(nonCurrentLiab, nonCurrentLiabItems);
}

/**
 * Balance sheet, financial layout (4 columns; banks do not split current and non-current):
 * asset items → 资产总计 → 负债 + 股东权益 → their items.
 */
function balanceFinance(s: Record<string, FlowNode>, b: GraphBuilder): void {
  const limit = keptChildren.finance;
  const assetItems = detailOf(s, limit, 'TOT_ASSETS');
  const assets = barAt(s, 'TOT_ASSETS');
  const liabilities = barAt(s, 'TOT_LIAB');
  const equity = barAt(s, 'TOT_SHRHLDR_EQY_INCL_MIN_INT');
  const liabilityItems = detailOf(s, limit, 'TOT_LIAB');
  const equityItems = detailOf(s, limit, 'TOT_SHRHLDR_EQY_INCL_MIN_INT');
  b.column(assetItems);
  b.column([assets]);
  b.column([liabilities, equity]);
  b.column(liabilityItems, equityItems);
  b.merge(assetItems, assets);
  b.split(assets, [liabilities, equity]);
  b.split(liabilities, liabilityItems);
  b.split(equity, equityItems);
}

/** The chart's graph for one statement in the column layout of its kind and `isFinance`. */
export function buildFlowGraph(kind: StatementKind, block: StatementBlock, isFinance: boolean): FlowGraph {
  const builder = new GraphBuilder();
  const sangji = block.sangji;
  if (kind === 'income') (isFinance ? incomeFinance : incomeGeneral)(sangji, builder);
  else if (kind === 'cashFlow')
    cashFlow(sangji, builder, isFinance ? keptChildren.finance : keptChildren.general);
  else (isFinance ? balanceFinance : balanceGeneral)(sangji, builder);
  return { kind, isFinance, columns: builder.columns, links: builder.links };
}
