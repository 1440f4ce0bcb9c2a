/**
 * Screening for other features: the stock diagnosis card (with 所属策略) for the stock page, and the
 * screening entries of the 选股 tab.
 */
export { StockScreenEntries } from './stock/components/stock-screen-entries.tsx';
export { DiagnosisCard } from './strategy/components/diagnosis-card.tsx';
