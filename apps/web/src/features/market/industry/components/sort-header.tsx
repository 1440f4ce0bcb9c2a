import type { ReactNode } from 'react';
import type { SortOrder } from '../industry-rules.ts';

/**
 * A column header that sorts: tapping the sorted column flips its order, another column sorts by it
 * best first. aria-sort says which column sorts and how.
 */
export function SortHeader<K extends string>({
  column,
  sort,
  order,
  onSort,
  children,
  className,
}: {
  column: K;
  sort: K;
  order: SortOrder;
  onSort: (column: K, order: SortOrder) => void;
  children: ReactNode;
  className?: string;
}) {
  const active = column === sort;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        className="industry-sort"
        onClick={() => onSort(column, active && order === 'desc' ? 'asc' : 'desc')}
      >
        {children}
        <span aria-hidden="true" className="industry-sort__mark">
          {active ? (order === 'desc' ? '↓' : '↑') : '↕'}
        </span>
      </button>
    </th>
  );
}
