import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import './async-section.css';

export interface AsyncSectionProps<T> {
  /** The section heading, also its accessible name. */
  title: string;
  /** Extra content on the right of the heading (a date, a link). */
  aside?: ReactNode;
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'refetch'>;
  /** Skeleton lines while loading. */
  skeletonLines?: number;
  /** Whether loaded data counts as empty. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/**
 * A titled card that loads on its own: skeleton while pending, an error with 重新加载 that refetches
 * only this section, an empty note, or the content.
 */
export function AsyncSection<T>({
  title,
  aside,
  query,
  skeletonLines = 3,
  isEmpty,
  emptyText = '暂无数据',
  children,
}: AsyncSectionProps<T>) {
  const { data, isPending, isError, refetch } = query;
  let body: ReactNode;
  if (data !== undefined) {
    body = isEmpty?.(data) ? <p className="async-section__empty">{emptyText}</p> : children(data);
  } else if (isError) {
    body = <SectionError onRetry={() => void refetch()} />;
  } else if (isPending) {
    body = <SkeletonLines count={skeletonLines} />;
  }
  return (
    <section className="async-section" aria-label={title}>
      <header className="async-section__header">
        <h2 className="async-section__title">{title}</h2>
        {aside ? <div className="async-section__aside">{aside}</div> : null}
      </header>
      {body}
    </section>
  );
}

/** Grey bars standing in for content that is loading. */
export function SkeletonLines({ count = 3 }: { count?: number }) {
  return (
    <div className="skeleton" role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are identical placeholders
        <div key={index} className="skeleton__line" />
      ))}
    </div>
  );
}

/** The error state of a section or page: a message and 重新加载. */
export function SectionError({ onRetry, message = '加载失败' }: { onRetry: () => void; message?: string }) {
  return (
    <div className="section-error" role="alert">
      <span>{message}</span>
      <button type="button" className="section-error__retry" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
