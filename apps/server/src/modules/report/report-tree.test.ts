import { describe, expect, it } from 'vitest';
import { completeLines, layoutOf } from '../../market/statements/statement-layout.ts';
import { buildTree } from './report.service.ts';

describe('sangji from stored lines', () => {
  it('shows what listed items leave over as a BAL_ 平衡项目 child, so children still sum to the total', () => {
    // An imported balance sheet that itemises only part of its current assets.
    const lines = completeLines('balance', false, {
      TOT_CUR_ASSETS: 1000,
      MONETARY_CAP: 600,
      INVENTORIES: 300,
      TOT_NON_CUR_ASSETS: 500,
      TOT_LIAB: 700,
      TOT_SHRHLDR_EQY_INCL_MIN_INT: 800,
    });
    expect(lines.TOT_ASSETS).toBe(1500);
    const tree = buildTree(
      layoutOf('balance', false),
      lines,
      { ...lines, MONETARY_CAP: 500 },
      { isFinance: false },
    );
    const current = tree.TOT_ASSETS?.child?.TOT_CUR_ASSETS;
    expect(Object.keys(current?.child ?? {})).toEqual(['MONETARY_CAP', 'INVENTORIES', 'BAL_TOT_CUR_ASSETS']);
    expect(current?.child?.BAL_TOT_CUR_ASSETS).toEqual({ name: '平衡项目', value: 100, chgPct: -0.5 });
    expect(current?.child?.MONETARY_CAP?.chgPct).toBe(0.2);
    // A total without any listed item has no children at all.
    expect(tree.TOT_ASSETS?.child?.TOT_NON_CUR_ASSETS?.child).toBeUndefined();
    expect(tree.TOT_LIAB?.child).toBeUndefined();
  });

  it('marks costs and payments negative and keeps signed values', () => {
    const tree = buildTree(
      layoutOf('cashFlow', false),
      {
        CASH_CASH_EQU_BEG_PERIOD: 100,
        NET_CASH_FLOWS_OPER_ACT: -20,
        CASH_RECP_SG_AND_RS: 50,
        CASH_PAY_GOODS_PURCH_SERV_REC: 70,
        NET_CASH_FLOWS_INV_ACT: 0,
        NET_CASH_FLOWS_FNC_ACT: 0,
        EFF_FX_FLU_CASH: 0,
        NET_INCR_CASH_CASH_EQU: -20,
        CASH_CASH_EQU_END_PERIOD: 80,
      },
      undefined,
      { isFinance: false },
    );
    const operating = tree.NET_CASH_FLOWS_OPER_ACT;
    expect(operating?.value).toBe(-20);
    expect(operating?.negative).toBeUndefined();
    expect(operating?.child?.CASH_PAY_GOODS_PURCH_SERV_REC).toEqual({
      name: '购买商品、接受劳务支付的现金',
      value: 70,
      chgPct: null,
      negative: true,
    });
    expect(operating?.child?.BAL_NET_CASH_FLOWS_OPER_ACT).toBeUndefined();
  });
});
