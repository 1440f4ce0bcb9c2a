export { ValuationChart, type ValuationChartProps } from './valuation-chart.tsx';
export { minMedianMax, type ReferenceLine, type ValuePoint } from './valuation-geometry.ts';
