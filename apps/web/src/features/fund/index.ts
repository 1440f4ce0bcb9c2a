/** The fund feature's public surface for other features. */
export { etfDetailUrl, fundDetailUrl, fundManagerUrl, stockDetailUrl } from './fund-rules.ts';
