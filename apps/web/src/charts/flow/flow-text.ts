/**
 * The texts the chart, its table and its summary share: amounts in 万/亿/万亿 and year-on-year
 * changes with ▲▼ (spec 2 §9; CONVENTIONS habit 11: colour is never the only cue).
 */
import { formatAmount, formatPercent, missingValue, type Tone, toneArrow, toneOfShown } from '@zhicai/domain';
import type { FlowBar } from './flow-graph.ts';

/**
 * A bar's amount with a minus sign where the bar is negative (flagged as taken away or below zero),
 * so the sign always agrees with the green colour.
 */
export function flowValueText(bar: Pick<FlowBar, 'value' | 'negative'>): string {
  const text = formatAmount(Math.abs(bar.value));
  return bar.negative && text !== '0' && text !== missingValue ? `-${text}` : text;
}

/** The tone of a year-on-year change as shown: a rise is red, a fall green, 0.00% grey. */
export function changeTone(chgPct: number | null): Tone {
  return toneOfShown(chgPct, formatPercent(chgPct));
}

/** '▲12.30%', '▼3.10%', '0.00%' or '--' for a change given as a fraction: the arrow carries the sign. */
export function changeText(chgPct: number | null): string {
  const text = formatPercent(chgPct, { sign: false });
  if (text === missingValue) return text;
  return `${toneArrow[changeTone(chgPct)]}${text.replace(/^-/, '')}`;
}

/** The chart's YoY line: '同比▲12.30%'. */
export function yearOnYearText(chgPct: number | null): string {
  return `同比${changeText(chgPct)}`;
}
