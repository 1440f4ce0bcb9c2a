import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import './detail-section.css';

export interface DetailSectionProps<T> {
  title: string;
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'isRefetching' | 'refetch'>;
  /** Whether the answer has nothing to show. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** Skeleton lines while loading. Default 3. */
  skeletonLines?: number;
  /** Controls shown under the title in every state (tabs of the section). */
  controls?: ReactNode;
  /** Right side of the title row (a 查看全部 link). */
  more?: ReactNode;
  children: (data: T) => ReactNode;
}

const skeletonKeys = Array.from({ length: 12 }, (_, i) => `line-${i}`);

/** A titled section of a detail page with its skeleton, error (重新加载) and empty states. */
export function DetailSection<T>({
  title,
  query,
  isEmpty,
  emptyText = '暂无数据',
  skeletonLines = 3,
  controls,
  more,
  children,
}: DetailSectionProps<T>) {
  const { data, isPending, isError, isRefetching, refetch } = query;
  let body: ReactNode;
  if (isPending) {
    body = (
      <div className="detail-section__skeleton">
        {skeletonKeys.slice(0, skeletonLines).map((key) => (
          <span key={key} className="detail-section__skeleton-line" />
        ))}
      </div>
    );
  } else if (isError || data === undefined) {
    body = (
      <div className="detail-section__state" role="alert">
        <p className="detail-section__state-text">{title}加载失败</p>
        <button type="button" className="button" onClick={() => void refetch()} disabled={isRefetching}>
          {isRefetching ? '正在加载…' : '重新加载'}
        </button>
      </div>
    );
  } else if (isEmpty?.(data)) {
    body = (
      <div className="detail-section__state">
        <p className="detail-section__state-text">{emptyText}</p>
      </div>
    );
  } else {
    body = children(data);
  }
  return (
    <section className="detail-section" aria-label={title} aria-busy={isPending}>
      <div className="detail-section__title-row">
        <h2 className="detail-section__title">{title}</h2>
        {more}
      </div>
      {controls}
      {body}
    </section>
  );
}

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
}

/** A small row of mutually exclusive choices (PE | PB, 3Y | 5Y | 10Y), as radio-like buttons. */
export function Segmented<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="segmented" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented__item"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
