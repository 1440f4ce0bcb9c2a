import type { ReactNode } from 'react';
import './compare-table.css';

/** Which end of a row is the better one: the highest (ROE, returns) or the lowest (PE, fees, drawdown). */
export type Better = 'high' | 'low';

export interface CompareRow<Item> {
  key: string;
  label: string;
  /** The figure compared; null when missing (shown as --, never best). */
  value: (item: Item) => number | null;
  /** The cell's content (a formatted number, a coloured change). */
  render: (item: Item) => ReactNode;
  better?: Better;
}

/**
 * The positions of the best value of a row: the highest or lowest of the values present, every tie
 * included. None when fewer than two values are present or all are equal (nothing stands out).
 */
export function bestPositions(values: readonly (number | null)[], better: Better | undefined): Set<number> {
  const present = values.flatMap((value, index) =>
    value === null || !Number.isFinite(value) ? [] : [{ value, index }],
  );
  if (!better || present.length < 2) return new Set();
  const pick = better === 'high' ? Math.max : Math.min;
  const best = pick(...present.map((entry) => entry.value));
  if (present.every((entry) => entry.value === best)) return new Set();
  return new Set(present.filter((entry) => entry.value === best).map((entry) => entry.index));
}

export interface CompareTableProps<Item> {
  items: readonly Item[];
  /** The column heading of an item (its name and code, a link to its page). */
  head: (item: Item) => ReactNode;
  itemKey: (item: Item) => string;
  rows: readonly CompareRow<Item>[];
  caption?: string;
}

/**
 * Instruments side by side: one column each, one row per figure, the best value of each row marked
 * 最优. The label column stays in view while the columns scroll sideways (issue 15).
 */
export function CompareTable<Item>({ items, head, itemKey, rows, caption }: CompareTableProps<Item>) {
  return (
    <div className="compare-table__scroll">
      <table className="compare-table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col" className="compare-table__label">
              指标
            </th>
            {items.map((item) => (
              <th key={itemKey(item)} scope="col">
                {head(item)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const best = bestPositions(items.map(row.value), row.better);
            return (
              <tr key={row.key} data-row={row.key}>
                <th scope="row" className="compare-table__label">
                  {row.label}
                </th>
                {items.map((item, index) => (
                  <td
                    key={itemKey(item)}
                    className={best.has(index) ? 'compare-table__best' : undefined}
                    data-best={best.has(index) || undefined}
                  >
                    {row.render(item)}
                    {best.has(index) ? <span className="visually-hidden">（最优）</span> : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
