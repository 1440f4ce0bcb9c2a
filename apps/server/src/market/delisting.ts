/**
 * The face-value delisting rule (面值退市, domain delisting.ts) as the server applies it to a share's
 * stored bars: the import applies it to the bars it loads, and the demo market to the days it rolls
 * forward, through this one function.
 */
import {
  type DayNumber,
  faceValueDelistingDay,
  hasFaceValueRule,
  type InstrumentType,
  marketBadge,
} from '@zhicai/domain';

/**
 * The day a share's bars (ascending) meet the face-value rule, or null: never, or a kind of
 * instrument the rule does not cover (Beijing and Hong Kong shares, funds, indices).
 */
export function delistingDayOf(
  code: string,
  type: InstrumentType | undefined,
  bars: readonly (readonly [DayNumber, ...unknown[]])[],
): DayNumber | null {
  const board = type === 'capital' ? marketBadge(code, type)?.market : undefined;
  if (!board || !hasFaceValueRule(board)) return null;
  return faceValueDelistingDay(
    bars.map((bar) => [bar[0], (bar[5] as number | null | undefined) ?? null] as const),
  );
}
