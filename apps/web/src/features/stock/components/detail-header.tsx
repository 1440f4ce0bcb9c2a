import { marketBadge } from '@zhicai/domain';
import { useGoBack } from '../../../ui/page-header/index.ts';
import { DemoDataBadge } from '../../../ui/quote/index.ts';
import { useNeighbours } from '../hooks/use-neighbours.ts';
import '../../../ui/page-header/page-header.css';
import './detail-header.css';

export interface DetailHeaderProps {
  code: string;
  /** The instrument's name, once the quote has it. */
  name: string | undefined;
  /** The instrument type, for badges that the code alone cannot tell (ETF, LOF). */
  type?: Parameters<typeof marketBadge>[1];
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 4.5 7.5 12l7.5 7.5' : 'M9 4.5 16.5 12 9 19.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The sticky header of a detail page: back, name over code with the market badge and the demo
 * badge, and the previous/next arrows when the page was opened from a saved list (spec 1 §2).
 */
export function DetailHeader({ code, name, type }: DetailHeaderProps) {
  const goBack = useGoBack();
  const badge = marketBadge(code, type);
  const { hasNeighbours, previous, next } = useNeighbours();
  return (
    <header className="page-header detail-header">
      <button type="button" className="page-header__back" onClick={goBack} aria-label="返回">
        <Chevron direction="left" />
      </button>
      <div className="detail-header__center">
        {hasNeighbours ? (
          <button type="button" className="detail-header__step" onClick={previous} aria-label="上一只">
            <Chevron direction="left" />
          </button>
        ) : null}
        <div className="detail-header__titles">
          <h1 className="page-header__title detail-header__name">{name ?? code}</h1>
          <p className="detail-header__code">
            {badge ? (
              <span className={`detail-header__badge detail-header__badge--${badge.market}`}>
                {badge.label}
              </span>
            ) : null}
            <span>{code}</span>
            <DemoDataBadge />
          </p>
        </div>
        {hasNeighbours ? (
          <button type="button" className="detail-header__step" onClick={next} aria-label="下一只">
            <Chevron direction="right" />
          </button>
        ) : null}
      </div>
    </header>
  );
}
