export { IntradayChart, type IntradayChartProps } from './intraday-chart.tsx';
export type { IntradayRow } from './intraday-geometry.ts';
