/**
 * Toasts (spec 1 §2, §9): react-hot-toast with its defaults, which are the spec's (4 s for blank,
 * error and custom, 2 s for success, loading until dismissed, at most 20), shown at the top by
 * `AppToaster`.
 *
 * Pages and lazily loaded features import `toast` from here. Code on the first-paint path imports
 * this module dynamically (see platform/request/request.ts) so the library stays out of the first
 * paint.
 */
export { default as toast } from 'react-hot-toast';
