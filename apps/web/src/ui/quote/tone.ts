/**
 * The direction of a change, for colour and arrow (Chinese market convention, CONVENTIONS habit
 * 11): up is red, down is green, flat is grey; `none` when there is no figure to compare.
 */
export type Tone = 'up' | 'down' | 'flat' | 'none';

export function toneOf(change: number | null | undefined): Tone {
  if (change === null || change === undefined || !Number.isFinite(change)) return 'none';
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}

/** The arrow shown before a change so colour is not the only cue. */
export const toneArrow: Record<Tone, string> = { up: '▲', down: '▼', flat: '', none: '' };

/** The class that colours text by tone (quote.css: --color-up, --color-down, --color-flat). */
export function toneClassName(tone: Tone): string {
  return `quote-tone quote-tone--${tone}`;
}
