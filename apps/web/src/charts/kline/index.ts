export type { DayBarRow } from './day-bar.ts';
export { KlineChart, type KlineChartProps } from './kline-chart.tsx';
export type { KlineIndicator } from './kline-setup.ts';
