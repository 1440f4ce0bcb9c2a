import { lazy, Suspense } from 'react';
import type { WatchlistButtonProps } from './watchlist-button.tsx';

const Button = lazy(() =>
  import('./watchlist-button.tsx').then(({ WatchlistButton }) => ({ default: WatchlistButton })),
);

/**
 * The 加自选 button as other features place it: its code (queries, picker, bridge) loads after the
 * host page has painted, so a detail page's first paint does not wait for the watchlist.
 */
export function LazyWatchlistButton(props: WatchlistButtonProps) {
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
