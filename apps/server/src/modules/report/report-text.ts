/** Chinese wording shared by the report endpoint and the PDF: periods, amounts, changes. */

/** 20240630 → 2024年半年度报告 (spec 2 §2.1: 0331 Q1, 0630 half year, 0930 Q3, 1231 annual). */
export function periodTitle(period: number): string {
  const year = Math.floor(period / 10000);
  const name = { 331: '一季度报告', 630: '半年度报告', 930: '三季度报告', 1231: '年度报告' }[period % 10000];
  return `${year}年${name ?? '报告'}`;
}

/** 20240630 → 2024-06-30. */
export function periodDate(period: number): string {
  const text = String(period);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** Yuan in 亿元 or 万元, as Chinese reports read (spec 2 §9: 万/亿 short form). */
export function amountText(yuan: number): string {
  const size = Math.abs(yuan);
  if (size >= 1e8) return `${(yuan / 1e8).toFixed(2)}亿元`;
  if (size >= 1e4) return `${(yuan / 1e4).toFixed(2)}万元`;
  return `${Math.round(yuan)}元`;
}

/** A fraction as a percent with one decimal. */
export function percentText(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** Year-on-year change as a fraction: null without a usable base; a negative base counts by size. */
export function changeOf(value: number | null | undefined, base: number | null | undefined): number | null {
  if (value === null || value === undefined || base === null || base === undefined || base === 0) return null;
  return Number(((value - base) / Math.abs(base)).toFixed(6));
}

/** "同比增长12.3%" / "同比下降4.0%" / "与上年同期持平". */
export function changePhrase(change: number | null): string {
  if (change === null) return '上年同期无可比数据';
  if (Math.abs(change) < 0.0005) return '与上年同期持平';
  return `同比${change > 0 ? '增长' : '下降'}${percentText(Math.abs(change))}`;
}

/** "增加3.20亿元" / "减少1.05亿元". */
export function deltaPhrase(delta: number): string {
  return `${delta >= 0 ? '增加' : '减少'}${amountText(Math.abs(delta))}`;
}
