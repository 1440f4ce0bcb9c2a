/**
 * @zhicai/domain: pure rules the server and the web client share (CONVENTIONS "Layout").
 * Nothing here touches the DOM or Node, so every function runs in both.
 */
export * from './alert-target.ts';
export * from './app-version.ts';
export * from './delisting.ts';
export * from './etf-valuation.ts';
export * from './featured-instruments.ts';
export * from './format.ts';
export * from './fund-returns.ts';
export * from './instrument.ts';
export * from './kline.ts';
export * from './market-badge.ts';
export * from './market-calendar.ts';
export type { NumericInput } from './numeric.ts';
export * from './price-limit.ts';
export * from './price-tick.ts';
export * from './report-period.ts';
export * from './rich-text.ts';
export * from './rise-fall.ts';
export * from './signature.ts';
export * from './tabs.ts';
export * from './text.ts';
export * from './tone.ts';
export * from './trading-time.ts';
