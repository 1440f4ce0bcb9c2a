/**
 * The chart's text alternative: one Chinese paragraph with the statement's main amounts and the
 * largest items of its first column, worded from the same graph the canvas draws.
 */
import type { StatementBlock } from '@zhicai/contract';
import { buildFlowGraph, type FlowBar, type StatementKind, statementTitles } from './flow-graph.ts';
import { flowValueText, yearOnYearText } from './flow-text.ts';

/** The nodes the paragraph names, by code, in reading order. */
const mainCodes: Record<StatementKind, readonly string[]> = {
  income: [
    'TOT_OPER_REV',
    'LESS_OPER_COST',
    'TOT_OPER_COST',
    'GROSS_PROFIT',
    'OPER_PROFIT',
    'NET_PROFIT_INCL_MIN_INT_INC',
    'NET_PROFIT_EXCL_MIN_INT_INC',
  ],
  cashFlow: [
    'CASH_CASH_EQU_BEG_PERIOD',
    'NET_CASH_FLOWS_OPER_ACT',
    'NET_CASH_FLOWS_INV_ACT',
    'NET_CASH_FLOWS_FNC_ACT',
    'NET_INCR_CASH_CASH_EQU',
    'CASH_CASH_EQU_END_PERIOD',
  ],
  balance: ['TOT_ASSETS', 'TOT_LIAB', 'TOT_SHRHLDR_EQY_INCL_MIN_INT'],
};

function amountPhrase(bar: FlowBar): string {
  return bar.chgPct === null
    ? `${bar.name}${flowValueText(bar)}`
    : `${bar.name}${flowValueText(bar)}（${yearOnYearText(bar.chgPct)}）`;
}

/** One-paragraph summary of the chart for screen readers. */
export function flowChartSummary(kind: StatementKind, block: StatementBlock, isFinance: boolean): string {
  const graph = buildFlowGraph(kind, block, isFinance);
  const title = `${statementTitles[kind]}流向图`;
  const bars = graph.columns.flat(2);
  if (bars.length === 0) return `${title}：暂无数据。`;

  const byCode = new Map(bars.filter((bar) => !bar.folded).map((bar) => [bar.code, bar]));
  const main = mainCodes[kind].flatMap((code) => {
    const bar = byCode.get(code);
    return bar ? [amountPhrase(bar)] : [];
  });
  const sentences = [`${title}，共${graph.columns.length}列，红色为正向流入，绿色为流出或负值`];
  if (main.length > 0) sentences.push(main.join('，'));

  // The first column's items, grouped by the node they flow into.
  const firstColumn = graph.columns[0] ?? [];
  for (const group of firstColumn) {
    const target = graph.links.find((link) => link.from === group[0]?.id)?.to;
    const parent = bars.find((bar) => bar.id === target);
    const items = group.map((bar) => `${bar.name}${flowValueText(bar)}`).join('、');
    sentences.push(parent ? `${parent.name}由${items}构成` : items);
  }
  return `${sentences.join('。')}。`;
}
