import { api, type FlowNode } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { isResidualCode } from '../../market/statements/statement-layout.ts';
import { call, callRefused } from '../../test/call.ts';
import { useMarketSession } from '../../test/market-session.ts';

// Friday 2026-11-20, 16:00 in Shanghai: the Q3 reports (deadline October 31) are out.
const session = useMarketSession(Date.parse('2026-11-20T08:00:00Z'));

/** A signed finreportQuick call (call() signs /v3/ calls at the app's clock, the real one here). */
function report(query: { code: string; reportPeriod?: string }) {
  return call(session.context, api.report.finreportQuick, { query });
}

function refusedReport(query: { code: string; reportPeriod?: string }) {
  return callRefused(session.context, api.report.finreportQuick, { query });
}

/** Children of a 'parts' node sum to it (a negative child subtracts); chain nodes follow their formulas. */
function checkTree(nodes: Record<string, FlowNode>, problems: string[], parent = '') {
  const chains = new Set(['GROSS_PROFIT', 'OPER_PROFIT']);
  for (const [code, node] of Object.entries(nodes)) {
    if (node.child) {
      checkTree(node.child, problems, code);
      if (!chains.has(code)) {
        const sum = Object.values(node.child).reduce(
          (total, child) => total + (child.negative ? -child.value : child.value),
          0,
        );
        if (sum !== node.value) problems.push(`${parent}/${code}: children ${sum} ≠ ${node.value}`);
      }
    }
  }
}

const value = (nodes: Record<string, FlowNode> | undefined, code: string) =>
  nodes?.[code]?.value ?? Number.NaN;

describe('finreportQuick', () => {
  it('answers 600519.SH in the general layout with exact trees, texts and key indicators', async () => {
    const { status, code, datas } = await report({ code: '600519.SH', reportPeriod: '20240630' });
    expect(status).toBe(200);
    expect(code).toBe('000');
    expect(datas.stockName).toBe('贵州茅台');
    expect(datas.isFinance).toBe(false);
    expect(datas.pdf).toBe('/files/report/600519.SH/20240630.pdf');
    expect(datas.periods[0]).toBe('20260930');
    expect(datas.periods).toHaveLength(16);
    expect(datas.periods).toEqual([...datas.periods].sort().reverse());

    const income = datas.income?.sangji;
    expect(Object.keys(income ?? {})).toEqual([
      'TOT_OPER_REV',
      'LESS_OPER_COST',
      'GROSS_PROFIT',
      'OPER_PROFIT',
    ]);
    expect(value(income, 'GROSS_PROFIT')).toBe(
      value(income, 'TOT_OPER_REV') - value(income, 'LESS_OPER_COST'),
    );
    expect(income?.LESS_OPER_COST?.negative).toBe(true);
    expect(Object.values(income?.TOT_OPER_REV?.child ?? {}).map((node) => node.name)).toEqual([
      '茅台酒',
      '系列酒',
      '其他业务',
    ]);
    const gross = income?.GROSS_PROFIT;
    expect(Object.keys(gross?.child ?? {})).toEqual(['OPER_EXP', 'DEDUCT_OPER_COST', 'OTHER_OPER_PROFIT']);
    expect(value(income, 'OPER_PROFIT')).toBe(
      value(income, 'GROSS_PROFIT') -
        value(gross?.child, 'OPER_EXP') -
        value(gross?.child, 'DEDUCT_OPER_COST') +
        value(gross?.child, 'OTHER_OPER_PROFIT'),
    );
    const operating = income?.OPER_PROFIT?.child;
    expect(value(operating, 'NET_PROFIT_INCL_MIN_INT_INC')).toBe(
      value(income, 'OPER_PROFIT') + value(operating, 'NON_OPER_PROFIT') - value(operating, 'INC_TAX'),
    );
    expect(gross?.grossmargin).toBeCloseTo(value(income, 'GROSS_PROFIT') / value(income, 'TOT_OPER_REV'), 5);
    expect(income?.TOT_OPER_REV?.chgPct).not.toBeNull();

    const cash = datas.cashFlow?.sangji;
    expect(Object.keys(cash ?? {})).toEqual([
      'CASH_CASH_EQU_BEG_PERIOD',
      'NET_CASH_FLOWS_OPER_ACT',
      'NET_CASH_FLOWS_INV_ACT',
      'NET_CASH_FLOWS_FNC_ACT',
      'EFF_FX_FLU_CASH',
      'NET_INCR_CASH_CASH_EQU',
      'CASH_CASH_EQU_END_PERIOD',
    ]);
    expect(value(cash, 'CASH_CASH_EQU_END_PERIOD')).toBe(
      value(cash, 'CASH_CASH_EQU_BEG_PERIOD') +
        value(cash, 'NET_CASH_FLOWS_OPER_ACT') +
        value(cash, 'NET_CASH_FLOWS_INV_ACT') +
        value(cash, 'NET_CASH_FLOWS_FNC_ACT') +
        value(cash, 'EFF_FX_FLU_CASH'),
    );
    const balance = datas.balance?.sangji;
    expect(Object.keys(balance ?? {})).toEqual(['TOT_ASSETS', 'TOT_LIAB', 'TOT_SHRHLDR_EQY_INCL_MIN_INT']);
    expect(Object.keys(balance?.TOT_ASSETS?.child ?? {})).toEqual(['TOT_CUR_ASSETS', 'TOT_NON_CUR_ASSETS']);
    expect(value(balance, 'TOT_ASSETS')).toBe(
      value(balance, 'TOT_LIAB') + value(balance, 'TOT_SHRHLDR_EQY_INCL_MIN_INT'),
    );

    const problems: string[] = [];
    for (const block of [datas.income, datas.cashFlow, datas.balance])
      checkTree(block?.sangji ?? {}, problems);
    expect(problems).toEqual([]);

    // des[0] is written from the figures: it names the revenue and the line that moved most.
    const revenueText = `${(value(income, 'TOT_OPER_REV') / 1e8).toFixed(2)}亿元`;
    expect(datas.income?.des[0]).toContain('2024年半年度报告营业总收入同比');
    expect(datas.income?.des[0]).toContain(revenueText);
    expect(datas.income?.des[0]).toMatch(/茅台酒收入|系列酒收入/);
    expect(datas.cashFlow?.des[0]).toContain(
      `${(value(cash, 'CASH_CASH_EQU_END_PERIOD') / 1e8).toFixed(2)}亿元`,
    );
    expect(datas.balance?.des[0]).toContain('资产负债率');

    const names = (block: typeof datas.income) => block?.keys.map((key) => key.name);
    expect(names(datas.income)).toEqual(['毛利率', '净利率', '期间费用率', '研发费用率']);
    expect(names(datas.cashFlow)).toEqual(['现金收入比', '净现比', '自由现金流']);
    expect(names(datas.balance)).toEqual([
      '资产负债率',
      '流动比率',
      '净资产收益率',
      '应收账款周转天数',
      '存货周转天数',
    ]);
    const grossRate = datas.income?.keys[0];
    expect(grossRate?.value).toBeCloseTo(gross?.grossmargin ?? 0, 5);
    expect(grossRate?.chgPct).not.toBeNull();
    const debtRate = datas.balance?.keys[0]?.value ?? 0;
    expect(debtRate).toBeCloseTo(value(balance, 'TOT_LIAB') / value(balance, 'TOT_ASSETS'), 5);
  });

  it('answers a bank (000001.SZ 平安银行) in the financial layout', async () => {
    const { datas } = await report({ code: '000001.SZ', reportPeriod: '20231231' });
    expect(datas.isFinance).toBe(true);
    const income = datas.income?.sangji;
    expect(Object.keys(income ?? {})).toEqual(['TOT_OPER_REV', 'TOT_OPER_COST', 'OPER_PROFIT']);
    expect(Object.keys(income?.TOT_OPER_REV?.child ?? {})).toContain('NET_INT_INC');
    expect(Object.keys(income?.TOT_OPER_COST?.child ?? {})).toContain('CREDIT_IMPAIR_LOSS');
    expect(income?.TOT_OPER_COST?.negative).toBe(true);
    expect(value(income, 'OPER_PROFIT')).toBe(value(income, 'TOT_OPER_REV') - value(income, 'TOT_OPER_COST'));
    const balance = datas.balance?.sangji;
    expect(Object.keys(balance ?? {})).toEqual(['TOT_ASSETS', 'TOT_LIAB', 'TOT_SHRHLDR_EQY_INCL_MIN_INT']);
    expect(Object.keys(balance?.TOT_ASSETS?.child ?? {})).toContain('LOANS_AND_ADV_GRANTED');
    expect(Object.keys(balance?.TOT_ASSETS?.child ?? {})).not.toContain('TOT_CUR_ASSETS');
    expect(Object.keys(balance?.TOT_LIAB?.child ?? {})).toContain('CUST_BANK_DEP');
    const problems: string[] = [];
    for (const block of [datas.income, datas.cashFlow, datas.balance])
      checkTree(block?.sangji ?? {}, problems);
    expect(problems).toEqual([]);
    expect(datas.income?.keys.map((key) => key.name)).toEqual(['成本收入比', '净利率']);
    expect(datas.balance?.keys.map((key) => key.name)).toEqual(['资产负债率', '净资产收益率', '存贷比']);
    expect(datas.cashFlow?.keys.map((key) => key.name)).toEqual(['净现比', '自由现金流']);
    expect(datas.income?.des[0]).toMatch(/^2023年年度报告营业总收入同比(增长|下降)/);
    expect(datas.income?.des[0]).toMatch(/利息净收入|手续费及佣金净收入|投资收益/);
    // Residual items exist only as OTHER_/BAL_ codes; everything else is itemised.
    expect(Object.keys(balance?.TOT_ASSETS?.child ?? {}).filter(isResidualCode)).toEqual(['OTHER_ASSETS']);
  });

  it('uses the default period 20240630 when none is given', async () => {
    const { code, datas } = await report({ code: '600519.SH' });
    expect(code).toBe('000');
    expect(datas.pdf).toContain('20240630');
  });

  it('refuses a period the company has not reported with a Chinese 404', async () => {
    const { status, code, datas, message } = await refusedReport({
      code: '600519.SH',
      reportPeriod: '20990630',
    });
    expect(status).toBe(404);
    expect(code).toBe('404');
    expect(datas).toBeNull();
    expect(message).toBe('贵州茅台（600519.SH）尚未披露2099年半年度报告，最新为2026年三季度报告');
  });

  it('refuses a malformed period (400), a non-A-share and an unknown code (404)', async () => {
    const malformed = await refusedReport({ code: '600519.SH', reportPeriod: '20240631' });
    expect(malformed.status).toBe(400);
    expect(malformed.message).toMatch(/报告期/);
    const hk = await refusedReport({ code: '00700.HK', reportPeriod: '20240630' });
    expect(hk.status).toBe(404);
    expect(hk.message).toMatch(/不是A股/);
    const unknown = await refusedReport({ code: '999999.SH', reportPeriod: '20240630' });
    expect(unknown.status).toBe(404);
  });

  it('is signature-checked under API_LOCK like every /v3/ call', async () => {
    const unsigned = await callRefused(
      session.context,
      api.report.finreportQuick,
      { query: { code: '600519.SH' } },
      { unsigned: true },
    );
    expect(unsigned.status).toBe(403);
  });
});

describe('the original report PDF', () => {
  it('serves a real PDF with the company, the period and the statements in embedded Chinese text', async () => {
    const response = await session.context.app.inject({
      method: 'GET',
      url: '/files/report/600519.SH/20240630.pdf',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const body = response.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await pdfjs.getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
    expect(pdf.numPages).toBeGreaterThanOrEqual(4);
    let text = '';
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
    }
    expect(text).toContain('贵州茅台');
    expect(text).toContain('2024年半年度报告');
    expect(text).toContain('营业总收入');
    expect(text).toContain('合并资产负债表');
    expect(text).toContain('本期');
    expect(text).toContain('上年同期');
    // The font is embedded (a subset), not referenced from the viewer's system.
    const fontNames = body.toString('latin1').match(/\/FontFile3?\b/g) ?? [];
    expect(fontNames.length).toBeGreaterThan(0);
    await pdf.destroy();

    // A second open is cached and revalidates by ETag.
    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await session.context.app.inject({
      method: 'GET',
      url: '/files/report/600519.SH/20240630.pdf',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  }, 60_000);

  it('answers an unknown company or period with 404', async () => {
    for (const url of [
      '/files/report/600519.SH/20990630.pdf',
      '/files/report/999999.SH/20240630.pdf',
      '/files/report/600519.SH/20240631.pdf',
      '/files/report/600519.SH/20240630.txt',
    ]) {
      const response = await session.context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
