/**
 * The request signature of reference/protocol.md (the domain package's, on crypto-js), loaded only
 * when a call needs it: a /v3/ call while APILOCK is on, or an /api/v4/ call. Re-exported through
 * this module so the bundler keeps crypto-js in its own chunk.
 */
export { tParam, zstokv1 } from '@zhicai/domain';
