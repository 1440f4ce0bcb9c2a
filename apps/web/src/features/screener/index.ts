/**
 * Screening for other features: the stock diagnosis card (with 所属策略) for the stock page.
 */
export { DiagnosisCard } from './strategy/components/diagnosis-card.tsx';
