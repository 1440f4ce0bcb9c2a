import type { ReactNode } from 'react';
import './section-state.css';

/** A titled card on a market page; the title names the region for screen readers and tests. */
export function MarketSection({
  title,
  action,
  busy = false,
  children,
}: {
  title: string;
  action?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="market-section" aria-label={title} aria-busy={busy || undefined}>
      <div className="market-section__head">
        <h2 className="market-section__title">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Grey placeholder lines while a section loads. */
export function SectionSkeleton({ rows = 3, testId }: { rows?: number; testId: string }) {
  return (
    <div className="section-skeleton" data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => `line-${i}`).map((key) => (
        <span key={key} className="section-skeleton__line" />
      ))}
    </div>
  );
}

/** A failed section: what failed and 重新加载. */
export function SectionError({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <div className="section-state" role="alert">
      <p className="section-state__text">{message}</p>
      <button
        type="button"
        className="button section-state__button"
        onClick={() => void onRetry()}
        disabled={retrying}
      >
        {retrying ? '正在加载…' : '重新加载'}
      </button>
    </div>
  );
}

export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="section-state">
      <p className="section-state__text">{children}</p>
    </div>
  );
}
