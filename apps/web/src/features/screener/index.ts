/** The screener feature's public surface for other features. */

export { encodeConditions } from './fund/fund-screen-draft.ts';
