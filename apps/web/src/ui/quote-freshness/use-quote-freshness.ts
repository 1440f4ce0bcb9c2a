import { shiftToBeijing } from '@zhicai/domain';
import { useEffect, useState } from 'react';

/** Issue 3 client item 7: quotes are stale when no tick has arrived for 6 s. */
export const staleAfterMs = 6000;

export interface QuoteFreshness {
  stale: boolean;
  /** The last tick's Beijing wall-clock time, HH:mm:ss, or '--' before the first tick. */
  lastTickText: string;
}

/** HH:mm:ss in Beijing time (Chinese market convention: Asia/Shanghai), '--' for none. */
export function beijingClock(epochMs: number | null): string {
  if (epochMs === null) return '--';
  return shiftToBeijing(epochMs)?.slice(11) ?? '--';
}

/**
 * Whether the quotes fed by a socket subscription are stale. `lastTickAt` is the epoch ms of the
 * last tick for them; before the first one the clock runs from mount, so a socket that never
 * delivers also greys the quotes after 6 s. Pass `active: false` when no ticks are expected (the
 * market is closed), and nothing is marked.
 */
export function useQuoteFreshness(
  lastTickAt: number | null,
  { active = true, now = Date.now }: { active?: boolean; now?: () => number } = {},
): QuoteFreshness {
  const [mountedAt] = useState(now);
  const since = lastTickAt ?? mountedAt;
  const [staleSince, setStaleSince] = useState<number | null>(null);

  useEffect(() => {
    if (!active) return;
    const remaining = since + staleAfterMs - now();
    if (remaining <= 0) {
      setStaleSince(since);
      return;
    }
    const timer = setTimeout(() => setStaleSince(since), remaining);
    return () => clearTimeout(timer);
  }, [since, active, now]);

  // Stale only for the tick the timer was set for; a newer tick makes it fresh at once.
  return { stale: active && staleSince === since, lastTickText: beijingClock(lastTickAt) };
}
