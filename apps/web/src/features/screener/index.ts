export { StockScreenEntries } from './stock/components/stock-screen-entries.tsx';
