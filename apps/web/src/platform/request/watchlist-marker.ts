/**
 * spec 1 §4 "Watchlist change marker" (and spec 2 §7.3 "Watchlist"): after a successful call to
 * one of these paths, break_favorite is set to '1' in session storage so the watchlist page reloads
 * its lists when the user returns to it. Matched by path; the endpoints join the contract with the
 * watchlist group.
 */
export const watchlistChangePaths: readonly string[] = [
  // Optional-stock groups: add, delete, rename, sort.
  '/api/v2/opt/addOptGroup',
  '/api/v2/opt/delOptGroup',
  '/api/v2/opt/renameOptGroup',
  '/api/v2/opt/sortOptGroup',
  '/api/v2/opt/sortOptGroupV2',
  // Optional-stock items: add, batch delete, move, sort, reset add date, set top.
  '/api/v2/opt/addOpt',
  '/api/v2/opt/batchDelOpt',
  '/api/v2/opt/moveOpt',
  '/api/v2/opt/sortOpt',
  '/api/v2/opt/reSetAddDate',
  '/api/v2/opt/setTop',
  // The capital calls: add, sort, batch delete, delete optional.
  '/api/v2/capital/addOptional',
  '/api/v2/capital/sortOptional',
  '/api/v2/capital/batchDelOptional',
  '/api/v2/capital/delOptional',
  // The push setting.
  '/api/v2/user/pushSet',
];

const paths = new Set(watchlistChangePaths);

/** Whether a successful call to this endpoint path sets the marker (query strings ignored). */
export function marksWatchlistChange(path: string): boolean {
  return paths.has(path.split('?')[0] ?? path);
}
