import type { FlowNode, StatementBlock } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import {
  balanceFinanceFixture,
  balanceGeneralFixture,
  cashFlowFixture,
  incomeFinanceFixture,
  incomeGeneralFixture,
} from './flow-fixtures.ts';
import { buildFlowGraph, type FlowGraph, isNegativeNode, isResidualItem, topChildren } from './flow-graph.ts';

const names = (graph: FlowGraph, column: number) =>
  (graph.columns[column] ?? []).map((group) => group.map((bar) => bar.name));

const leaf = (name: string, value: number, extra: Partial<FlowNode> = {}): FlowNode => ({
  name,
  value,
  chgPct: null,
  ...extra,
});

describe('column count per statement (spec 2 §4: 3 to 6)', () => {
  it.each([
    ['income', 'general', incomeGeneralFixture(), false, 6],
    ['income', 'finance', incomeFinanceFixture(), true, 5],
    ['cashFlow', 'general', cashFlowFixture(), false, 4],
    ['cashFlow', 'finance', cashFlowFixture(), true, 4],
    ['balance', 'general', balanceGeneralFixture(), false, 6],
    ['balance', 'finance', balanceFinanceFixture(), true, 4],
  ] as const)('%s, %s layout: %i columns', (kind, _layout, block, isFinance, count) => {
    const graph = buildFlowGraph(kind, block, isFinance);
    expect(graph.columns).toHaveLength(count);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(6);
  });

  it('income, general: revenue lines → 营业总收入 → 营业成本 + 毛利 → expenses + 营业利润 → 营业外/所得税 + 净利润 → 归母/少数', () => {
    const graph = buildFlowGraph('income', incomeGeneralFixture(), false);
    expect(names(graph, 1)).toEqual([['营业总收入']]);
    expect(names(graph, 2)).toEqual([['营业成本', '毛利']]);
    expect(names(graph, 3)).toEqual([['期间费用', '税金及减值', '其他经营收益'], ['营业利润']]);
    expect(names(graph, 4)).toEqual([['营业外收支', '所得税'], ['净利润']]);
    expect(names(graph, 5)).toEqual([['归母净利润', '少数股东损益']]);
  });

  it('cash flow: activity items → activities + FX → net increase + opening cash → closing cash', () => {
    const graph = buildFlowGraph('cashFlow', cashFlowFixture(), false);
    expect(graph.columns[0]).toHaveLength(3);
    expect(names(graph, 1)).toEqual([
      ['经营活动现金流量净额', '投资活动现金流量净额', '筹资活动现金流量净额', '汇率变动影响'],
    ]);
    expect(names(graph, 2)).toEqual([['现金及现金等价物净增加额', '期初现金及现金等价物']]);
    expect(names(graph, 3)).toEqual([['期末现金及现金等价物']]);
  });

  it('balance, general: items → current/non-current → total assets → liabilities + equity → parts → items', () => {
    const graph = buildFlowGraph('balance', balanceGeneralFixture(), false);
    expect(names(graph, 1)).toEqual([['流动资产合计', '非流动资产合计']]);
    expect(names(graph, 2)).toEqual([['资产总计']]);
    expect(names(graph, 3)).toEqual([['负债合计', '股东权益合计']]);
    expect(names(graph, 4)[0]).toEqual(['流动负债合计', '非流动负债合计']);
    expect(names(graph, 5)).toEqual([
      ['合同负债', '应交税费', '应付职工薪酬', '其他'],
      ['租赁负债', '递延所得税负债'],
    ]);
  });

  it('leaves out missing nodes instead of failing, and draws nothing for an empty tree', () => {
    const partial: StatementBlock = { sangji: { TOT_OPER_REV: leaf('营业总收入', 100) }, des: [], keys: [] };
    expect(buildFlowGraph('income', partial, false).columns).toEqual([
      [[expect.objectContaining({ name: '营业总收入' })]],
    ]);
    expect(buildFlowGraph('balance', { sangji: {}, des: [], keys: [] }, true).columns).toEqual([]);
  });
});

describe('top-N and 其他 (spec 2 §4)', () => {
  it('keeps the 3 largest lines by absolute value and sums the rest into 其他 (general layout)', () => {
    const graph = buildFlowGraph('income', incomeGeneralFixture(), false);
    const lines = graph.columns[0]?.[0] ?? [];
    expect(lines.map((bar) => bar.name)).toEqual(['茅台酒', '系列酒', '文创产品', '其他']);
    // 酒店服务 1.1e9 + the residual 其他业务 4.5e9.
    expect(lines[3]?.value).toBe(5_600_000_000);
    expect(lines[3]?.folded).toBe(true);
  });

  it('keeps 4 in the financial layout', () => {
    const graph = buildFlowGraph('income', incomeFinanceFixture(), true);
    expect(names(graph, 0)).toEqual([
      ['利息净收入', '手续费及佣金净收入', '投资收益', '公允价值变动损益', '其他'],
    ]);
    expect(graph.columns[0]?.[0]?.[4]?.value).toBe(1_500_000_000);
  });

  it('never counts a residual (OTHER_ code) among the top, even when it is larger', () => {
    // OTHER_SEG (4.5e9) is larger than 文创产品 (3.2e9), yet 文创产品 is kept.
    const bars = topChildren(incomeGeneralFixture().sangji.TOT_OPER_REV, 'TOT_OPER_REV', 3);
    expect(bars.map((bar) => bar.code)).toEqual(['SEG_01', 'SEG_02', 'SEG_03', 'OTHER']);
  });

  it('folds BAL_ items and 平衡项目 into 其他', () => {
    const graph = buildFlowGraph('balance', balanceGeneralFixture(), false);
    const equityItems = graph.columns[4]?.[1] ?? [];
    expect(equityItems.map((bar) => bar.name)).toEqual(['未分配利润', '盈余公积', '少数股东权益', '其他']);
    expect(equityItems.some((bar) => bar.code.startsWith('BAL_'))).toBe(false);
  });

  it('treats names starting 其他 and 平衡项目 as residual whatever the code', () => {
    expect(isResidualItem('X1', { name: '其他应收款' })).toBe(true);
    expect(isResidualItem('X2', { name: '资产平衡项目' })).toBe(true);
    expect(isResidualItem('BAL_ASSETS', { name: '差额' })).toBe(true);
    expect(isResidualItem('INVENTORIES', { name: '存货' })).toBe(false);
    const parent = leaf('合计', 0, {
      child: { A: leaf('甲', 10), B: leaf('其他应收款', 500), C: leaf('乙', 5) },
    });
    expect(topChildren(parent, 'P', 3).map((bar) => bar.name)).toEqual(['甲', '乙', '其他']);
  });

  it('adds no 其他 when nothing is left over, and none that sums to zero', () => {
    const parent = leaf('合计', 6, { child: { A: leaf('甲', 1), B: leaf('乙', 2), C: leaf('丙', 3) } });
    expect(topChildren(parent, 'P', 3).map((bar) => bar.name)).toEqual(['丙', '乙', '甲']);
    const zero = leaf('合计', 6, {
      child: { A: leaf('甲', 1), B: leaf('乙', 2), C: leaf('丙', 3), OTHER_X: leaf('其他', 0) },
    });
    expect(topChildren(zero, 'P', 3)).toHaveLength(3);
  });

  it('sums 其他 with signs: a flagged item is taken away; all flagged keeps the flag', () => {
    const mixed = leaf('净额', 0, {
      child: {
        A: leaf('甲', 100),
        B: leaf('乙', 90),
        C: leaf('丙', 80),
        D: leaf('丁', 10),
        E: leaf('戊', 30, { negative: true }),
      },
    });
    const mixedOther = topChildren(mixed, 'P', 3)[3];
    expect(mixedOther).toMatchObject({ name: '其他', value: -20, negative: true });
    const payments = leaf('净额', 0, {
      child: {
        A: leaf('甲', 100),
        B: leaf('乙', 90),
        C: leaf('丙', 80),
        D: leaf('丁', 10, { negative: true }),
        E: leaf('戊', 30, { negative: true }),
      },
    });
    expect(topChildren(payments, 'P', 3)[3]).toMatchObject({ value: 40, negative: true });
  });

  it('works out the change of 其他 from its items, or leaves it unknown', () => {
    // 12 this year from 10 and 11 → 10/(1+0.2)… : items 6 (was 5) and 6 (was 5) → +20%.
    const known = leaf('合计', 0, {
      child: {
        A: leaf('甲', 100),
        B: leaf('乙', 90),
        C: leaf('丙', 80),
        D: leaf('丁', 6, { chgPct: 0.2 }),
        E: leaf('戊', 6, { chgPct: 0.2 }),
      },
    });
    expect(topChildren(known, 'P', 3)[3]?.chgPct).toBeCloseTo(0.2, 10);
    const unknown = leaf('合计', 0, {
      child: {
        A: leaf('甲', 100),
        B: leaf('乙', 90),
        C: leaf('丙', 80),
        D: leaf('丁', 6, { chgPct: 0.2 }),
        E: leaf('戊', 6),
      },
    });
    expect(topChildren(unknown, 'P', 3)[3]?.chgPct).toBeNull();
  });
});

describe('sign colours (spec 2 §4: positive red, negative green)', () => {
  it('a node is negative when flagged or below zero', () => {
    expect(isNegativeNode({ value: 5, negative: true })).toBe(true);
    expect(isNegativeNode({ value: -5 })).toBe(true);
    expect(isNegativeNode({ value: 5 })).toBe(false);
    expect(isNegativeNode({ value: 0, negative: false })).toBe(false);
  });

  it('bars take their node sign; bands take the sign of their detail end', () => {
    const graph = buildFlowGraph('income', incomeGeneralFixture(), false);
    const bar = (id: string) => graph.columns.flat(2).find((candidate) => candidate.id === id);
    const link = (from: string, to: string) => graph.links.find((l) => l.from === from && l.to === to);
    expect(bar('LESS_OPER_COST')?.negative).toBe(true);
    expect(bar('GROSS_PROFIT')?.negative).toBe(false);
    expect(bar('OPER_PROFIT/NON_OPER_PROFIT')?.negative).toBe(true);
    expect(link('TOT_OPER_REV', 'LESS_OPER_COST')?.negative).toBe(true);
    expect(link('TOT_OPER_REV', 'GROSS_PROFIT')?.negative).toBe(false);
    expect(link('OPER_PROFIT', 'OPER_PROFIT/INC_TAX')?.negative).toBe(true);
    expect(link('TOT_OPER_REV/SEG_01', 'TOT_OPER_REV')).toMatchObject({
      negative: false,
      weight: 120_000_000_000,
    });
  });

  it('a net outflow flows green into the net increase; receipts red, payments green', () => {
    const graph = buildFlowGraph('cashFlow', cashFlowFixture(), false);
    const link = (from: string) => graph.links.find((l) => l.from === from);
    expect(link('NET_CASH_FLOWS_INV_ACT')?.negative).toBe(true);
    expect(link('NET_CASH_FLOWS_OPER_ACT')?.negative).toBe(false);
    expect(link('NET_CASH_FLOWS_OPER_ACT/SALES_CASH')?.negative).toBe(false);
    expect(link('NET_CASH_FLOWS_OPER_ACT/CASH_PAY_TAXES')?.negative).toBe(true);
  });

  it('the items of an amount taken away (营业总支出) are green too', () => {
    const graph = buildFlowGraph('income', incomeFinanceFixture(), true);
    const costItems = graph.columns[3]?.[0] ?? [];
    expect(costItems.map((bar) => bar.name)).toEqual(['信用减值损失', '业务及管理费', '税金及附加', '其他']);
    expect(costItems.every((bar) => bar.negative)).toBe(true);
  });
});
