/** The watchlist feature's public surface for other features: the 加自选 / 已自选 button. */

export { WatchlistButton, type WatchlistButtonProps } from './components/watchlist-button.tsx';
