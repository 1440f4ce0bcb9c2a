import { type TouchEvent, useCallback, useRef, useState } from 'react';

export type PullStatus = 'idle' | 'pulling' | 'release' | 'refreshing';

export interface PullToRefreshOptions {
  /** Pull distance (px, after resistance) that triggers a refresh. */
  threshold?: number;
  /** The indicator never moves further than this. */
  maxPull?: number;
}

/** Finger travel is halved so the pull feels elastic, as in native lists. */
const resistance = 0.5;

/**
 * Pull-to-refresh for a page that scrolls the document: a downward drag that starts while the page
 * is at the very top moves an indicator; releasing past the threshold runs `onRefresh` and holds
 * the indicator until its promise settles.
 */
export function usePullToRefresh(
  onRefresh: () => Promise<unknown>,
  { threshold = 60, maxPull = 96 }: PullToRefreshOptions = {},
) {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const startY = useRef<number | null>(null);
  const distanceRef = useRef(0);

  const move = useCallback((value: number) => {
    distanceRef.current = value;
    setDistance(value);
  }, []);

  const onTouchStart = useCallback(
    (event: TouchEvent) => {
      const touch = event.touches[0];
      startY.current = !refreshing && window.scrollY <= 0 && touch ? touch.clientY : null;
    },
    [refreshing],
  );

  const onTouchMove = useCallback(
    (event: TouchEvent) => {
      const touch = event.touches[0];
      if (startY.current === null || !touch) return;
      const travel = touch.clientY - startY.current;
      move(travel > 0 ? Math.min(maxPull, travel * resistance) : 0);
    },
    [maxPull, move],
  );

  const onTouchEnd = useCallback(() => {
    if (startY.current === null) return;
    startY.current = null;
    if (distanceRef.current < threshold) {
      move(0);
      return;
    }
    setRefreshing(true);
    move(threshold);
    void onRefresh().finally(() => {
      setRefreshing(false);
      move(0);
    });
  }, [move, onRefresh, threshold]);

  const status: PullStatus = refreshing
    ? 'refreshing'
    : distance >= threshold
      ? 'release'
      : distance > 0
        ? 'pulling'
        : 'idle';

  return {
    distance,
    status,
    handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: onTouchEnd },
  };
}
