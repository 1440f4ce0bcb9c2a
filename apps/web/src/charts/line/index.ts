export { type DatedPoint, type LineSeries, multiLineGeometry } from './multi-line.ts';
export { MultiLineChart, type MultiLineChartProps } from './multi-line-chart.tsx';
export { ValuationChart, type ValuationChartProps } from './valuation-chart.tsx';
export { minMedianMax, type ReferenceLine, type ValuePoint } from './valuation-geometry.ts';
