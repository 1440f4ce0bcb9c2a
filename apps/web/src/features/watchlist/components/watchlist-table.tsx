import type { WatchlistColumn } from '@zhicai/contract';
import { memo, useMemo, useRef, useState } from 'react';
import { type ScreenRange, useWindowedList } from '../../../ui/windowed-list/index.ts';
import type { WatchlistRow } from '../api/watchlist-items.ts';
import { columnLabels, type ListSort } from '../watchlist-rules.ts';
import { FigureCell } from './figure-cell.tsx';
import { SwipeRow } from './swipe-row.tsx';

/** Every row is this tall (px), so the list can be windowed by arithmetic. */
export const rowHeight = 58;
const rowHeightOf = () => rowHeight;
/** A press held this long (ms) opens the row's menu. */
export const longPressMs = 500;
/**
 * Figure columns on screen at once. A phone fits three beside the name; the rest are paged in by
 * the header's arrow rather than by a sideways scroll, which would fight the rows' swipe actions.
 */
export const columnsOnScreen = 3;
/**
 * Rows kept mounted on each side of the screen while the page rests: a 200-item watchlist is all in
 * the DOM once it has rested, from anywhere in it, so a fling through it mounts and lays out nothing
 * (at 4× CPU a frame that mounts rows misses its vsync, issue 16). Rows are fixed-height boxes of
 * their own (contain: strict), so rows off screen cost memory and nothing per frame.
 */
export const restingRowsEachSide = 200;
/** Rows mounted on each side per idle slice as the list grows to `restingRowsEachSide`. */
const mountPerIdle = 24;

export interface WatchlistTableProps {
  rows: readonly WatchlistRow[];
  columns: readonly WatchlistColumn[];
  sort: ListSort;
  onSort: (column: ListSort['column']) => void;
  editing: boolean;
  selected: ReadonlySet<string>;
  onToggle: (code: string) => void;
  onOpen: (index: number) => void;
  onMenu: (row: WatchlistRow) => void;
  onPin: (row: WatchlistRow) => void;
  onDelete: (row: WatchlistRow) => void;
  /** Told which rows are on screen once a scroll settles, so the page follows those live. */
  onScreen?: (range: ScreenRange) => void;
}

function sortMark(sort: ListSort, column: ListSort['column']): string {
  if (sort.column !== column) return '';
  return sort.direction === 'desc' ? ' ↓' : ' ↑';
}

/** What a screen reader hears of a header's state: the arrows are only a picture of it. */
function sortState(sort: ListSort, column: ListSort['column']): string {
  if (sort.column !== column) return '';
  return sort.direction === 'desc' ? '，当前从高到低' : '，当前从低到高';
}

/**
 * The list of the 自选 page (memoised: the page renders again on every report of the rows on screen
 * and every answer for them, and the table with its 200 rows only when its own props change): a header whose figure columns sort on the server when tapped, then the
 * rows, windowed (only those near the screen are in the DOM). A row opens its detail page on tap,
 * its menu on a long press (or a right click), and shows 置顶 and 删除 when swiped left; in 编辑
 * mode it carries a tick instead.
 */
export const WatchlistTable = memo(function WatchlistTable(props: WatchlistTableProps) {
  const { rows, sort, onSort, editing } = props;
  const body = useRef<HTMLUListElement>(null);
  const keys = useMemo(() => rows.map(rowKey), [rows]);
  // Rows of one height: placed by arithmetic, never measured.
  const { start, end } = useWindowedList({
    list: body,
    keys,
    estimate: rowHeightOf,
    onScreen: props.onScreen,
    idleOverscan: restingRowsEachSide * rowHeight,
    mountPerIdle,
  });
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(props.columns.length / columnsOnScreen));
  const first = (page % pages) * columnsOnScreen;
  // Kept the same array between renders, so a scroll or a tick re-renders only the rows it changes.
  const columns = useMemo(() => props.columns.slice(first, first + columnsOnScreen), [props.columns, first]);
  return (
    <div className="watchlist-table">
      <div className="watchlist-table__head">
        <div className="watchlist-table__name-cell">
          <button
            type="button"
            className="watchlist-table__sort"
            aria-label={`按名称排序${sortState(sort, 'name')}`}
            onClick={() => onSort('name')}
          >
            名称代码{sortMark(sort, 'name')}
          </button>
        </div>
        {columns.map((column) => (
          <div key={column} className="watchlist-table__cell">
            <button
              type="button"
              className="watchlist-table__sort"
              aria-label={`按${columnLabels[column]}排序${sortState(sort, column)}`}
              onClick={() => onSort(column)}
            >
              {columnLabels[column]}
              {sortMark(sort, column)}
            </button>
          </div>
        ))}
        {pages > 1 ? (
          <button
            type="button"
            className="watchlist-table__more"
            aria-label="显示其他列"
            onClick={() => setPage((current) => (current + 1) % pages)}
          >
            ›
          </button>
        ) : null}
      </div>
      <ul
        ref={body}
        className="watchlist-table__body"
        aria-label="自选列表"
        style={{ height: rows.length * rowHeight, position: 'relative' }}
      >
        {rows.slice(start, end).map((row, offset) => (
          <RowView
            key={keys[start + offset]}
            row={row}
            index={start + offset}
            columns={columns}
            editing={editing}
            checked={props.selected.has(row.code)}
            onToggle={props.onToggle}
            onOpen={props.onOpen}
            onMenu={props.onMenu}
            onPin={props.onPin}
            onDelete={props.onDelete}
          />
        ))}
      </ul>
    </div>
  );
});

function rowKey(row: WatchlistRow): string {
  return `${row.code}-${row.groupId}`;
}

interface RowViewProps
  extends Omit<WatchlistTableProps, 'rows' | 'selected' | 'sort' | 'onSort' | 'onScreen'> {
  row: WatchlistRow;
  index: number;
  checked: boolean;
}

const RowView = memo(function RowView({
  row,
  index,
  columns,
  editing,
  checked,
  onToggle,
  onOpen,
  onMenu,
  onPin,
  onDelete,
}: RowViewProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressed = useRef(false);
  const pressAt = useRef({ x: 0, y: 0 });
  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const content = (
    <div className={`watchlist-row${row.stale ? ' watchlist-row--stale' : ''}`}>
      {editing ? (
        <input
          type="checkbox"
          className="watchlist-row__check"
          aria-label={`选择${row.name}`}
          checked={checked}
          onChange={() => onToggle(row.code)}
        />
      ) : null}
      <button
        type="button"
        className="watchlist-row__open"
        aria-label={`${row.name} ${row.code}`}
        onPointerDown={(event) => {
          if (editing) return;
          pressAt.current = { x: event.clientX, y: event.clientY };
          pressed.current = false;
          cancel();
          timer.current = setTimeout(() => {
            pressed.current = true;
            onMenu(row);
          }, longPressMs);
        }}
        onPointerMove={(event) => {
          // A finger that moves is scrolling or swiping, not pressing.
          if (Math.hypot(event.clientX - pressAt.current.x, event.clientY - pressAt.current.y) > 8) cancel();
        }}
        onPointerUp={cancel}
        onPointerLeave={cancel}
        onPointerCancel={cancel}
        onContextMenu={(event) => {
          // A long press on Android and a right click elsewhere: the row's menu, not the browser's.
          event.preventDefault();
          if (editing || pressed.current) return;
          cancel();
          onMenu(row);
        }}
        onClick={() => {
          if (pressed.current) {
            pressed.current = false;
            return;
          }
          if (editing) onToggle(row.code);
          else onOpen(index);
        }}
      >
        <span className="watchlist-table__name-cell watchlist-row__who">
          <span className="watchlist-row__name">
            {row.pinned ? (
              <span className="watchlist-row__pin" title="已置顶">
                顶
              </span>
            ) : null}
            {row.name}
          </span>
          <span className="watchlist-row__code">
            {row.code}
            {row.status === 'delisted' ? (
              <span className="watchlist-row__stale" title="已终止上市，显示最后收盘价">
                已退市
              </span>
            ) : row.stale ? (
              <span className="watchlist-row__stale" title="行情未更新">
                {row.status === 'suspended' ? '停牌' : '延迟'}
              </span>
            ) : null}
            {row.remark ? <span className="watchlist-row__remark">{row.remark}</span> : null}
          </span>
        </span>
        {columns.map((column) => (
          <span key={column} className="watchlist-table__cell num" data-column={column}>
            <FigureCell row={row} column={column} />
          </span>
        ))}
      </button>
    </div>
  );
  return (
    // Placed by a transform on a box of its own (contain: strict in the CSS), so rows that mount or
    // tick lay out nothing but themselves.
    <li
      className="watchlist-row__slot"
      style={{ transform: `translateY(${index * rowHeight}px)`, height: rowHeight }}
    >
      {editing ? (
        content
      ) : (
        <SwipeRow
          actions={[
            {
              key: 'pin',
              text: row.pinned ? '取消置顶' : '置顶',
              tone: 'warning',
              onClick: () => onPin(row),
            },
            { key: 'delete', text: '删除', tone: 'danger', onClick: () => onDelete(row) },
          ]}
        >
          {content}
        </SwipeRow>
      )}
    </li>
  );
});
