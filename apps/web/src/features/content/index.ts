/** The content feature's public surface for other features. */

// Articles: server-sanitised rich text as React elements, and instrument chips with live change.
export { InstrumentChips } from './article/components/instrument-chips.tsx';
export { RichText } from './article/components/rich-text.tsx';
export { StockNewsSection } from './flash/components/stock-news-section.tsx';
export { StockNoticeSection } from './notice/components/stock-notice-section.tsx';
export { StockContentSections, StockResearchSection } from './notice/components/stock-research-section.tsx';
