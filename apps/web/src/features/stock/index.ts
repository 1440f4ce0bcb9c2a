export { useHandicap } from './api/handicap.ts';
export { DetailHeader, type DetailHeaderProps } from './components/detail-header.tsx';
export { MissingCode } from './components/missing-code.tsx';
export { OrderBook, type OrderBookProps } from './components/order-book.tsx';
export { type ChartTab, QuoteChart, type QuoteChartProps } from './components/quote-chart.tsx';
export { QuoteHeader, QuoteHeaderError, type QuoteHeaderProps } from './components/quote-header.tsx';
export { useCodeParam } from './hooks/use-code-param.ts';
export { useInstrumentRefresh } from './hooks/use-instrument-refresh.ts';
export {
  type Neighbour,
  neighbour,
  read,
  read as readSavedStockList,
  type SavedStock,
  save,
  save as saveStockList,
  savedStockListKey,
  typeFromCode,
} from './saved-stock-list.ts';
