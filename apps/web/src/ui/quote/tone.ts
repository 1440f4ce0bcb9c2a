import type { Tone } from '@zhicai/domain';
import './quote.css';

/**
 * The class that colours text by its tone (@zhicai/domain `toneOf`): quote.css paints it with
 * --color-up, --color-down and --color-flat, which app/styles/global.css sets for light and dark.
 */
export function toneClassName(tone: Tone): string {
  return `quote-tone quote-tone--${tone}`;
}
