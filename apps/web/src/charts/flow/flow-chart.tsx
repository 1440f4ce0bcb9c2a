import type { StatementBlock } from '@zhicai/contract';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ColorScheme } from '../canvas/canvas.ts';
import type { FlowDrawing } from './flow-bitmap.ts';
import { drawFlow, flowPalettes, flowPixelRatio } from './flow-draw.ts';
import { buildFlowGraph, type StatementKind, statementTitles } from './flow-graph.ts';
import { layoutFlow } from './flow-layout.ts';
import { flowChartSummary } from './flow-summary.ts';
import { changeText, changeTone, flowValueText } from './flow-text.ts';
import './flow-chart.css';

export interface FlowChartProps {
  kind: StatementKind;
  block: StatementBlock;
  isFinance: boolean;
  /**
   * Called after each draw with the drawn canvas and what it was drawn from (the page shows it in
   * full screen, redrawn at full size, and html2canvas captures it).
   */
  onDrawn?: (drawing: FlowDrawing) => void;
}

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToScheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(darkQuery);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

function currentScheme(): ColorScheme {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

/** The system colour scheme, kept current (spec 2 §4: palettes follow the system). */
function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribeToScheme, currentScheme, () => 'light');
}

/**
 * A statement drawn as a flow (Sankey) chart laid out 1800 wide (spec 2 §4, §9), with its text
 * alternatives: a summary for screen readers and a table of the same numbers behind a toggle.
 * The canvas is drawn once per statement, kind and colour scheme, never on a plain re-render.
 */
export function FlowChart({ kind, block, isFinance, onDrawn }: FlowChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const captionId = useId();
  const scheme = useColorScheme();
  const [showTable, setShowTable] = useState(false);
  const graph = useMemo(() => buildFlowGraph(kind, block, isFinance), [kind, block, isFinance]);
  const layout = useMemo(() => layoutFlow(graph), [graph]);
  const summary = useMemo(() => flowChartSummary(kind, block, isFinance), [kind, block, isFinance]);

  // The latest callback, read at draw time, so a new callback identity does not cause a redraw.
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  });

  // Drawn at the resolution the card shows (flowPixelRatio); drawn again only when the card grows
  // past it (a phone turned sideways), never on a plain re-render.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const palette = flowPalettes[scheme];
    const neededRatio = () => flowPixelRatio(canvas.clientWidth, window.devicePixelRatio, layout.width);
    let drawnRatio = neededRatio();
    if (drawFlow(canvas, layout, palette, drawnRatio)) onDrawnRef.current?.({ canvas, layout, palette });
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      const ratio = neededRatio();
      // Hidden (the table view) the width is 0 and the drawn picture is kept as it is.
      if (canvas.clientWidth === 0 || ratio <= drawnRatio) return;
      drawnRatio = ratio;
      if (drawFlow(canvas, layout, palette, ratio)) onDrawnRef.current?.({ canvas, layout, palette });
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [layout, scheme]);

  const title = `${statementTitles[kind]}流向图`;
  const rows = graph.columns.flat(2);

  return (
    <figure className="flow-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="visually-hidden">
        {summary}
      </figcaption>
      <canvas
        ref={canvasRef}
        className="flow-chart__canvas"
        // The layout is known at render, so the canvas takes its trimmed size from the first frame:
        // with the spec's initial 3000 the card was laid out 1.2–2.5 times too tall until the draw
        // effect trimmed it, a visible jump of everything below it (spec 2 §9: 3000 is where the
        // height starts; the layout has already trimmed it).
        width={layout.width}
        height={layout.height}
        role="img"
        aria-label={title}
        hidden={showTable}
      />
      {showTable && (
        <table className="flow-chart__table">
          <caption className="visually-hidden">{title}数据表</caption>
          <thead>
            <tr>
              <th scope="col">项目</th>
              <th scope="col">金额</th>
              <th scope="col">同比</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((bar) => (
              <tr key={bar.id}>
                <th scope="row">{bar.name}</th>
                <td className={bar.negative ? 'flow-chart__value--negative' : 'flow-chart__value'}>
                  {flowValueText(bar)}
                </td>
                <td className={`flow-chart__change--${changeTone(bar.chgPct)}`}>{changeText(bar.chgPct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button
        type="button"
        className="flow-chart__toggle"
        aria-pressed={showTable}
        onClick={(event) => {
          // The card puts the chart in full screen on a tap; switching views is not that tap.
          event.stopPropagation();
          setShowTable((shown) => !shown);
        }}
      >
        {showTable ? '图表' : '表格'}
      </button>
    </figure>
  );
}
