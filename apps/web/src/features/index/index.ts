/** The index feature's public surface for other features. */
export { type SwMap, useSwMap } from './api/sw-map.ts';
