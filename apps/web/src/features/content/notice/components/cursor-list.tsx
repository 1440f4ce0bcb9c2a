import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMore, loadMoreOf } from '../../../../ui/load-more/index.ts';
import { QueryStates } from '../../../../ui/section/index.ts';
import './notice.css';

/**
 * A list read by cursor: the shared loading, error and empty states, the items of every page loaded
 * so far, and 加载更多 until the server says the list has ended.
 */
export function CursorList<Item>({
  query,
  emptyText,
  errorText,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ list: Item[] }, number | null>>;
  emptyText: string;
  errorText: string;
  children: (items: Item[]) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <QueryStates
      query={query}
      skeletonLines={6}
      errorText={errorText}
      isEmpty={() => items.length === 0}
      emptyText={emptyText}
    >
      {() => (
        <>
          {children(items)}
          <div className="content-list-end">
            <LoadMore {...loadMoreOf(query)} />
          </div>
        </>
      )}
    </QueryStates>
  );
}

/** A row of filter chips (全部 first): the pressed one is the filter in force. */
export function FilterChips<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly Value[];
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
}) {
  return (
    <fieldset className="content-filters" aria-label={label}>
      <button
        type="button"
        className="content-filter"
        aria-pressed={value === undefined}
        onClick={() => onChange(undefined)}
      >
        全部
      </button>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="content-filter"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {option}
        </button>
      ))}
    </fieldset>
  );
}
