import type { InstrumentType } from '@zhicai/domain';
import { marketBadge } from '@zhicai/domain';
import './instrument-badge.css';

/** The short market badge beside a name (沪, 深, 港, 指数, ETF…); nothing when the market is unknown. */
export function InstrumentBadge({ code, type }: { code: string; type: InstrumentType | null }) {
  const badge = marketBadge(code, type);
  if (!badge) return null;
  return <span className={`instrument-badge instrument-badge--${badge.market}`}>{badge.label}</span>;
}
