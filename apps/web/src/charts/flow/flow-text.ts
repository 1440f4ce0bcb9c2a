/**
 * The texts the chart, its table and its summary share: amounts in 万/亿/万亿 and year-on-year
 * changes with ▲▼ (spec 2 §9; CONVENTIONS habit 11: colour is never the only cue).
 */
import { formatAmount, formatPercent, missingValue } from '@zhicai/domain';
import type { Tone } from '../canvas/canvas.ts';
import type { FlowBar } from './flow-graph.ts';

/**
 * A bar's amount with a minus sign where the bar is negative (flagged as taken away or below zero),
 * so the sign always agrees with the green colour.
 */
export function flowValueText(bar: Pick<FlowBar, 'value' | 'negative'>): string {
  const text = formatAmount(Math.abs(bar.value));
  return bar.negative && text !== '0' && text !== missingValue ? `-${text}` : text;
}

/** The tone of a year-on-year change: a rise is red, a fall green. */
export function changeTone(chgPct: number | null): Tone {
  if (chgPct === null || chgPct === 0) return 'flat';
  return chgPct > 0 ? 'up' : 'down';
}

/** '▲12.30%', '▼3.10%', '0.00%' or '--' for a change given as a fraction. */
export function changeText(chgPct: number | null): string {
  const text = formatPercent(chgPct, { sign: false });
  if (text === missingValue) return text;
  const size = text.replace(/^-/, '');
  if (/^0(\.0+)?%$/.test(size)) return size;
  return `${chgPct !== null && chgPct > 0 ? '▲' : '▼'}${size}`;
}

/** The chart's YoY line: '同比▲12.30%'. */
export function yearOnYearText(chgPct: number | null): string {
  return `同比${changeText(chgPct)}`;
}
