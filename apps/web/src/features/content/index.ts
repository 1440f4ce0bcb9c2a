export { StockNoticeSection } from './notice/components/stock-notice-section.tsx';
export { StockContentSections, StockResearchSection } from './notice/components/stock-research-section.tsx';
