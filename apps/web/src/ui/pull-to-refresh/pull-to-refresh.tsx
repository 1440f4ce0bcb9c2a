import type { ReactNode } from 'react';
import { type PullStatus, usePullToRefresh } from './use-pull-to-refresh.ts';
import './pull-to-refresh.css';

const labels: Record<PullStatus, string> = {
  idle: '',
  pulling: '下拉刷新',
  release: '释放立即刷新',
  refreshing: '正在刷新…',
};

/** Wraps page content with the pull-to-refresh gesture and its indicator. */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { distance, status, handlers } = usePullToRefresh(onRefresh);
  return (
    <div className="pull-to-refresh" {...handlers}>
      <div
        className="pull-to-refresh__indicator"
        style={{ height: distance }}
        role="status"
        aria-live="polite"
        data-status={status}
      >
        {labels[status]}
      </div>
      {children}
    </div>
  );
}
