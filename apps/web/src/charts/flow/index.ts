export { type FlowDrawing, renderFlowBitmap } from './flow-bitmap.ts';
export { FlowChart, type FlowChartProps } from './flow-chart.tsx';
export { flowPixelRatio } from './flow-draw.ts';
export type { StatementKind } from './flow-graph.ts';
export { flowChartSummary } from './flow-summary.ts';
export { warmFlowChart } from './flow-warm-up.ts';
