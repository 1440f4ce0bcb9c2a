/** The watchlist feature's public surface for other features: the 加自选 / 已自选 button. */

export { LazyWatchlistButton as WatchlistButton } from './components/lazy-watchlist-button.tsx';
export type { WatchlistButtonProps } from './components/watchlist-button.tsx';
