import type { ReactNode } from 'react';
import { useQuoteFreshness } from './use-quote-freshness.ts';
import './quote-freshness.css';

export interface QuoteFreshnessProps {
  /** Epoch ms of the last tick for the quotes inside, null before the first. */
  lastTickAt: number | null;
  /** False when no ticks are expected (market closed): nothing is greyed. */
  active?: boolean;
  children: ReactNode;
}

/**
 * Greys its quotes and shows the last tick time when no tick arrived for 6 s (issue 3 item 7), so a
 * reader never takes a frozen price for a live one. Colour is not the only cue: the time and the
 * word 延迟 (delayed) are shown too.
 */
export function QuoteFreshness({ lastTickAt, active = true, children }: QuoteFreshnessProps) {
  const { stale, lastTickText } = useQuoteFreshness(lastTickAt, { active });
  return (
    <div className="quote-freshness" data-stale={stale ? 'true' : 'false'}>
      <div className="quote-freshness__body">{children}</div>
      {stale ? (
        <p className="quote-freshness__note" role="status">
          行情延迟 · 最后更新 <time>{lastTickText}</time>
        </p>
      ) : null}
    </div>
  );
}
