import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import './section.css';

export interface SectionProps {
  /** The visible heading; also the region's accessible name unless `label` is given. */
  title: ReactNode;
  /** The accessible name when it differs from the heading (or the heading is not plain text). */
  label?: string;
  /** Beside the heading, on the right: a date, a count, a 查看全部 link, a toggle. */
  aside?: ReactNode;
  /** Under the heading in every state: the section's own tabs or choices. */
  controls?: ReactNode;
  /**
   * `card`: an inset rounded card on the page background (home, list and fund pages).
   * `band`: a full-width band, sections stacked with a gap (instrument detail pages).
   */
  variant?: 'card' | 'band';
  /** Marks the region busy while its content loads. */
  busy?: boolean;
  className?: string;
  children?: ReactNode;
}

/** A titled region of a page: the one card or band every feature's sections are made of. */
export function Section({
  title,
  label,
  aside,
  controls,
  variant = 'card',
  busy = false,
  className,
  children,
}: SectionProps) {
  const name = label ?? (typeof title === 'string' ? title : undefined);
  return (
    <section
      className={['section', `section--${variant}`, className].filter(Boolean).join(' ')}
      aria-label={name}
      aria-busy={busy || undefined}
    >
      <div className="section__head">
        <h2 className="section__title">{title}</h2>
        {aside ? <div className="section__aside">{aside}</div> : null}
      </div>
      {controls}
      {children}
    </section>
  );
}

export interface SectionSkeletonProps {
  /** Grey lines standing in for the content. Default 3. */
  lines?: number;
  /** Content-shaped blocks shown above the lines (a chart's box). */
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
  className?: string;
  testId?: string;
}

/** Grey placeholder lines while content loads, announced as 加载中. */
export function SectionSkeleton({ lines = 3, children, ref, className, testId }: SectionSkeletonProps) {
  return (
    <div
      ref={ref}
      className={['section-skeleton', className].filter(Boolean).join(' ')}
      role="status"
      aria-busy="true"
      aria-label="加载中"
      data-testid={testId}
    >
      {children}
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are identical placeholders
        <span key={index} className="section-skeleton__line" />
      ))}
    </div>
  );
}

export interface SectionErrorProps {
  /** What failed, in the user's words. Default 加载失败. */
  message?: string;
  /** Loads the failed content again; only what failed, not the page. */
  onRetry: () => unknown;
  /** While the retry runs the button reads 正在加载… and cannot be pressed twice. */
  retrying?: boolean;
  /** The retry button's words when 重新加载 is not what it does (重新生成 for a picture). */
  retryLabel?: string;
  /** Another way out shown before the retry (选择报告期 when the period was not reported). */
  action?: ReactNode;
  className?: string;
}

/** A failed load: what failed and 重新加载. */
export function SectionError({
  message = '加载失败',
  onRetry,
  retrying = false,
  retryLabel = '重新加载',
  action,
  className,
}: SectionErrorProps) {
  return (
    <div className={['section-state', className].filter(Boolean).join(' ')} role="alert">
      <p className="section-state__text">{message}</p>
      <div className="section-state__actions">
        {action}
        <button
          type="button"
          className="button section-state__button"
          onClick={() => void onRetry()}
          disabled={retrying}
        >
          {retrying ? '正在加载…' : retryLabel}
        </button>
      </div>
    </div>
  );
}

/** Loaded, with nothing to show: says so in place of the content. Default 暂无数据. */
export function SectionEmpty({
  children = '暂无数据',
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={['section-state', className].filter(Boolean).join(' ')}>
      <p className="section-state__text">{children}</p>
    </div>
  );
}

/** What a query gives the states below; `isRefetching` is optional so a hand-made result fits. */
export type SectionQuery<T> = Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'refetch'> & {
  isRefetching?: boolean;
};

export interface QueryStatesProps<T> {
  query: SectionQuery<T>;
  /** Skeleton lines while loading. Default 3. */
  skeletonLines?: number;
  skeletonTestId?: string;
  /** Shown when the load failed. Default 加载失败. */
  errorText?: string;
  /** Whether loaded data has nothing to show. */
  isEmpty?: (data: T) => boolean;
  emptyText?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The content of one query in its four states. Data wins: a section that has data keeps showing it
 * when a later refetch fails; without data a failure shows the error with 重新加载, which refetches
 * this query alone; anything else is still loading.
 */
export function QueryStates<T>({
  query,
  skeletonLines = 3,
  skeletonTestId,
  errorText,
  isEmpty,
  emptyText,
  children,
}: QueryStatesProps<T>) {
  const { data, isError, refetch, isRefetching = false } = query;
  if (data !== undefined) {
    return isEmpty?.(data) ? <SectionEmpty>{emptyText}</SectionEmpty> : children(data);
  }
  if (isError) return <SectionError message={errorText} onRetry={refetch} retrying={isRefetching} />;
  return <SectionSkeleton lines={skeletonLines} testId={skeletonTestId} />;
}

export interface QuerySectionProps<T>
  extends Omit<SectionProps, 'children' | 'busy' | 'title'>,
    Omit<QueryStatesProps<T>, 'errorText'> {
  title: string;
  /** Shown when the load failed. Default `${title}加载失败`. */
  errorText?: string;
}

/** A section that loads on its own: skeleton, error with 重新加载, empty note, or its content. */
export function QuerySection<T>({
  query,
  skeletonLines,
  skeletonTestId,
  errorText,
  isEmpty,
  emptyText,
  children,
  ...section
}: QuerySectionProps<T>) {
  return (
    <Section {...section} busy={query.data === undefined && query.isPending}>
      <QueryStates
        query={query}
        skeletonLines={skeletonLines}
        skeletonTestId={skeletonTestId}
        errorText={errorText ?? `${section.title}加载失败`}
        isEmpty={isEmpty}
        emptyText={emptyText}
      >
        {children}
      </QueryStates>
    </Section>
  );
}
