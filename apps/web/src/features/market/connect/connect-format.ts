import { formatAmount } from '@zhicai/domain';
import type { SwingEvent } from './api/swing-stocks.ts';

/** 20261120 → 2026-11-20. */
export function formatDay(day: number): string {
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** 20261120 → 11-20, for dense lists. */
export function formatShortDay(day: number): string {
  const text = String(day);
  return `${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** 930 → 09:30. */
export function formatMinute(hhmm: number): string {
  const text = String(hhmm).padStart(4, '0');
  return `${text.slice(0, 2)}:${text.slice(2)}`;
}

/** A net flow with its sign in 万/亿: +12.35亿, -3.21亿. */
export function formatFlow(value: number): string {
  return formatAmount(value, { sign: true });
}

/** What each 异动 kind is called, and the group of the filter it falls under. */
export const swingKindLabels: Record<SwingEvent['kind'], string> = {
  rise: '快速拉升',
  fall: '快速下跌',
  sealUp: '封涨停',
  openUp: '打开涨停',
  sealDown: '封跌停',
  openDown: '打开跌停',
  bigDeal: '大笔成交',
};

export type SwingFilter = 'all' | 'move' | 'limit' | 'bigDeal';

export const swingFilters: readonly { value: SwingFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'move', label: '拉升/下跌' },
  { value: 'limit', label: '涨跌停' },
  { value: 'bigDeal', label: '大笔成交' },
];

export function matchesSwingFilter(kind: SwingEvent['kind'], filter: SwingFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'move':
      return kind === 'rise' || kind === 'fall';
    case 'limit':
      return kind === 'sealUp' || kind === 'openUp' || kind === 'sealDown' || kind === 'openDown';
    case 'bigDeal':
      return kind === 'bigDeal';
  }
}

/** Whether a kind reads as up (red) or down (green). */
export function swingTone(kind: SwingEvent['kind']): 'up' | 'down' {
  return kind === 'fall' || kind === 'sealDown' || kind === 'openUp' ? 'down' : 'up';
}
