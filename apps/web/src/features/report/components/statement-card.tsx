import type { StatementBlock } from '@zhicai/contract';
import type { MouseEvent } from 'react';
import { FlowChart, type FlowDrawing, type StatementKind } from '../../../charts/flow/index.ts';
import { shareIgnoreAttribute, sharePictureAttribute } from '../../../ui/share/index.ts';
import { KeyIndicators } from './key-indicators.tsx';

/** The three cards of spec 2 §2.1, in their order. */
export const statementOrder: readonly StatementKind[] = ['income', 'cashFlow', 'balance'];

export const statementTitles: Record<StatementKind, string> = {
  income: '利润表',
  cashFlow: '现金流量表',
  balance: '资产负债表',
};

export interface StatementCardProps {
  kind: StatementKind;
  block: StatementBlock;
  isFinance: boolean;
  onDrawn: (kind: StatementKind, drawing: FlowDrawing) => void;
  onOpenFullscreen: (kind: StatementKind) => void;
}

/** One statement (spec 2 §2.1): its flow chart, 主要变动原因 (des[0]) and 关键指标 (keys). */
export function StatementCard({ kind, block, isFinance, onDrawn, onOpenFullscreen }: StatementCardProps) {
  const title = statementTitles[kind];
  // A tap on the drawing itself opens full screen; the chart's own controls (表格) keep theirs.
  const onChartClick = (event: MouseEvent) => {
    if (event.target instanceof HTMLCanvasElement) onOpenFullscreen(kind);
  };
  const reason = block.des[0]?.trim();
  return (
    <section className="report-card" aria-label={title} data-kind={kind}>
      <h2 className="report-card__title">{title}</h2>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the hint button below is the keyboard path */}
      <div className="report-card__chart" onClick={onChartClick}>
        <FlowChart
          kind={kind}
          block={block}
          isFinance={isFinance}
          onDrawn={(drawing) => onDrawn(kind, drawing)}
        />
      </div>
      <button
        type="button"
        className="report-card__hint"
        onClick={() => onOpenFullscreen(kind)}
        {...{ [shareIgnoreAttribute]: '' }}
      >
        点击查看大图
      </button>
      <h3 className="report-card__subtitle">主要变动原因</h3>
      <p className="report-card__reason" {...{ [sharePictureAttribute]: '' }}>
        {reason ? reason : '暂无'}
      </p>
      <h3 className="report-card__subtitle">关键指标</h3>
      <KeyIndicators keys={block.keys} />
    </section>
  );
}
