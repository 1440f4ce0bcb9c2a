import type { Ref } from 'react';
import { SectionError, SectionSkeleton } from '../../../ui/section/index.ts';

/** Grey blocks standing in for a card while the report loads; the chart's block is measured. */
export function ReportSkeleton({ chartRef }: { chartRef?: Ref<HTMLDivElement> }) {
  return (
    <SectionSkeleton className="report-skeleton" lines={3}>
      <div ref={chartRef} className="report-skeleton__chart" />
    </SectionSkeleton>
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
    <SectionError
      className="report-state"
      message={message}
      onRetry={onRetry}
      action={
        onPickPeriod ? (
          <button
            type="button"
            className="button section-state__button report-state__pick"
            onClick={onPickPeriod}
          >
            选择报告期
          </button>
        ) : null
      }
    />
  );
}
