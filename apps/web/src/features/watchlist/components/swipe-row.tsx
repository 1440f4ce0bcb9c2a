import { type ReactNode, useRef } from 'react';

export interface SwipeRowAction {
  key: string;
  text: string;
  tone: 'warning' | 'danger';
  onClick: () => void;
}

/** Each action button is this wide (px); the row opens by their sum. */
const actionWidth = 72;
/** A finger must travel this far (px) before the row decides between a swipe and a scroll. */
const slop = 8;

/**
 * A row that slides left under a finger to show its actions (置顶, 删除), as the big apps' lists
 * do. Written for the list rather than taken from antd-mobile's SwipeAction: a watchlist mounts a
 * row for every one that scrolls into view, and this one costs a div and a transform, with no spring
 * or gesture library per row. A vertical move is left to the page's scroll (touch-action: pan-y);
 * the position is written straight to the DOM while dragging, so a swipe renders nothing.
 */
export function SwipeRow({ actions, children }: { actions: readonly SwipeRowAction[]; children: ReactNode }) {
  const track = useRef<HTMLDivElement>(null);
  const open = useRef(false);
  const drag = useRef<{ x: number; y: number; from: number; horizontal: boolean | null; at: number } | null>(
    null,
  );
  const moved = useRef(false);
  const width = actions.length * actionWidth;

  const place = (x: number, animate: boolean) => {
    const element = track.current;
    if (!element) return;
    element.style.transition = animate ? 'transform 0.2s ease-out' : 'none';
    element.style.transform = x === 0 ? '' : `translate3d(${x}px, 0, 0)`;
  };
  const settle = (isOpen: boolean) => {
    open.current = isOpen;
    place(isOpen ? -width : 0, true);
  };

  return (
    <div className="swipe-row">
      <div className="swipe-row__actions" style={{ width }}>
        {actions.map((action) => (
          <button
            key={action.key}
            type="button"
            className={`swipe-row__action swipe-row__action--${action.tone}`}
            onClick={() => {
              settle(false);
              action.onClick();
            }}
          >
            {action.text}
          </button>
        ))}
      </div>
      <div
        ref={track}
        className="swipe-row__track"
        onPointerDown={(event) => {
          moved.current = false;
          drag.current = {
            x: event.clientX,
            y: event.clientY,
            from: open.current ? -width : 0,
            horizontal: null,
            at: open.current ? -width : 0,
          };
        }}
        onPointerMove={(event) => {
          const state = drag.current;
          if (!state) return;
          const dx = event.clientX - state.x;
          const dy = event.clientY - state.y;
          if (state.horizontal === null) {
            if (Math.abs(dx) < slop && Math.abs(dy) < slop) return;
            state.horizontal = Math.abs(dx) > Math.abs(dy);
            if (!state.horizontal) {
              drag.current = null;
              return;
            }
            moved.current = true;
            event.currentTarget.setPointerCapture?.(event.pointerId);
          }
          state.at = Math.max(-width, Math.min(0, state.from + dx));
          place(state.at, false);
        }}
        onPointerUp={() => {
          const state = drag.current;
          drag.current = null;
          if (state?.horizontal) settle(state.at < -width / 2);
        }}
        onPointerCancel={() => {
          drag.current = null;
          settle(open.current);
        }}
        onClickCapture={(event) => {
          // The click that ends a swipe, or a tap on an open row, closes it rather than opening the row.
          if (moved.current || open.current) {
            event.stopPropagation();
            event.preventDefault();
            moved.current = false;
            if (open.current) settle(false);
          }
        }}
      >
        {children}
      </div>
    </div>
  );
}
