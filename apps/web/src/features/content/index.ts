export { StockNewsSection } from './flash/components/stock-news-section.tsx';
