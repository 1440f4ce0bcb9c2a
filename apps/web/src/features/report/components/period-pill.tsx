import { periodTitle } from '../report-rules.ts';

/** The period selector pill (spec 2 §2.1): 加载中… while a request is in flight. */
export function PeriodPill({
  period,
  loading,
  onOpen,
}: {
  period: string;
  loading: boolean;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className="report-pill"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={loading ? '报告期加载中' : `报告期 ${periodTitle(period)}，点击切换`}
      data-testid="period-pill"
    >
      <span className="report-pill__text">{loading ? '加载中…' : periodTitle(period)}</span>
      <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
        <path
          d="M2 4.5 6 8.5l4-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
