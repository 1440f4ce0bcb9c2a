/**
 * Screening for other features: the stock diagnosis card (with 所属策略) for the stock page, the
 * screening entries of the 选股 tab, and a fund screen's conditions as a link parameter.
 */
export { encodeConditions } from './fund/fund-screen-draft.ts';
export { StockScreenEntries } from './stock/components/stock-screen-entries.tsx';
export { DiagnosisCard } from './strategy/components/diagnosis-card.tsx';
