export { type FlowDrawing, renderFlowBitmap } from './flow-bitmap.ts';
export { FlowChart, type FlowChartProps } from './flow-chart.tsx';
export { warmFlowFonts } from './flow-draw.ts';
export type { StatementKind } from './flow-graph.ts';
export { flowChartSummary } from './flow-summary.ts';
