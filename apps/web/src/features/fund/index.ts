/** The fund feature's public surface for other features. */
export { FundCompareView } from './compare/components/fund-compare-view.tsx';
