/** The market feature's public surface for other features. */

export { type RankRow, useRankTop } from './api/get-rank.ts';
export { type RankName, useRankNames } from './api/get-rank-names.ts';
export { useDebouncedValue } from './hooks/use-debounced-value.ts';
