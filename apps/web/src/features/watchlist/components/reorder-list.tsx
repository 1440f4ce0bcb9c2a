import { type ReactNode, useRef, useState } from 'react';
import { moved } from '../watchlist-rules.ts';

export interface ReorderListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  onChange: (items: T[]) => void;
  /** The row's content, left of the controls. */
  children: (item: T) => ReactNode;
  /** More controls for a row (rename, delete…), before the move buttons. */
  tools?: (item: T, index: number) => ReactNode;
  label: string;
}

/** Rows are this tall (px) while dragged, to turn a drag distance into places. */
const dragRowHeight = 52;

/**
 * A list the user orders: drag a row by its handle (≡), or use 置顶 and the ↑/↓ buttons, which are
 * also what a screen reader or a keyboard uses. The order is the caller's state; nothing is saved
 * here.
 */
export function ReorderList<T>({
  items,
  keyOf,
  labelOf,
  onChange,
  children,
  tools,
  label,
}: ReorderListProps<T>) {
  const [drag, setDrag] = useState<{ from: number; startY: number; dy: number } | null>(null);
  const dragRef = useRef(drag);
  dragRef.current = drag;
  const target = (state: { from: number; dy: number }) =>
    Math.max(0, Math.min(items.length - 1, state.from + Math.round(state.dy / dragRowHeight)));

  return (
    <ul className="watchlist-list" aria-label={label}>
      {items.map((item, index) => {
        const name = labelOf(item);
        const dragging = drag?.from === index;
        return (
          <li
            key={keyOf(item)}
            className={`watchlist-list__item${dragging ? ' watchlist-list__item--dragging' : ''}`}
            style={dragging ? { transform: `translateY(${drag.dy}px)` } : undefined}
          >
            <div className="watchlist-list__main">{children(item)}</div>
            {tools?.(item, index)}
            <button
              type="button"
              className="watchlist-list__tool"
              aria-label={`置顶${name}`}
              disabled={index === 0}
              onClick={() => onChange(moved(items, index, 0))}
            >
              置顶
            </button>
            <button
              type="button"
              className="watchlist-list__tool"
              aria-label={`上移${name}`}
              disabled={index === 0}
              onClick={() => onChange(moved(items, index, index - 1))}
            >
              ↑
            </button>
            <button
              type="button"
              className="watchlist-list__tool"
              aria-label={`下移${name}`}
              disabled={index === items.length - 1}
              onClick={() => onChange(moved(items, index, index + 1))}
            >
              ↓
            </button>
            <span
              className="watchlist-list__tool watchlist-list__handle"
              role="img"
              aria-label={`拖动${name}`}
              onPointerDown={(event) => {
                event.currentTarget.setPointerCapture?.(event.pointerId);
                setDrag({ from: index, startY: event.clientY, dy: 0 });
              }}
              onPointerMove={(event) => {
                const current = dragRef.current;
                if (current) setDrag({ ...current, dy: event.clientY - current.startY });
              }}
              onPointerUp={() => {
                const current = dragRef.current;
                setDrag(null);
                if (current && target(current) !== current.from)
                  onChange(moved(items, current.from, target(current)));
              }}
              onPointerCancel={() => setDrag(null)}
            >
              ≡
            </span>
          </li>
        );
      })}
    </ul>
  );
}
