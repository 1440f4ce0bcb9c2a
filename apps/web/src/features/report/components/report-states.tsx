import type { Ref } from 'react';

/** Grey blocks standing in for the stock title and a card while the report loads. */
export function ReportSkeleton({ chartRef }: { chartRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="report-skeleton" role="status" aria-busy="true" aria-label="加载中">
      <div ref={chartRef} className="report-skeleton__chart" />
      <div className="report-skeleton__line" />
      <div className="report-skeleton__line" />
      <div className="report-skeleton__line report-skeleton__line--short" />
    </div>
  );
}

export interface ReportErrorProps {
  message: string;
  onRetry: () => void;
  /** Offered when the period itself is the problem (a period the company has not reported). */
  onPickPeriod?: () => void;
}

/** A failed fetch: its message, 重新加载, and the period picker when the period was not reported. */
export function ReportError({ message, onRetry, onPickPeriod }: ReportErrorProps) {
  return (
    <div className="report-state" role="alert">
      <p className="report-state__message">{message}</p>
      <div className="report-state__actions">
        {onPickPeriod ? (
          <button
            type="button"
            className="report-state__retry report-state__retry--primary"
            onClick={onPickPeriod}
          >
            选择报告期
          </button>
        ) : null}
        <button type="button" className="report-state__retry" onClick={onRetry}>
          重新加载
        </button>
      </div>
    </div>
  );
}
