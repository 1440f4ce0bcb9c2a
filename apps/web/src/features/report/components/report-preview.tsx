import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type FlowDrawing,
  flowPixelRatio,
  type StatementKind,
  warmFlowChart,
} from '../../../charts/flow/index.ts';
import { endpointQueryKey } from '../../../platform/query/endpoint-query.ts';
import { ApiError } from '../../../platform/request/api-error.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import {
  ShareSheet,
  shareCoveredAttribute,
  shareIgnoreAttribute,
  useShareImage,
} from '../../../ui/share/index.ts';
import { type FinancialReport, useFinreportQuick } from '../api/finreport-quick.ts';
import { useOpenPdf } from '../hooks/use-open-pdf.ts';
import { recentPeriods, reportHref } from '../report-rules.ts';
import { FullscreenChart } from './fullscreen-chart.tsx';
import { PdfEntry } from './pdf-entry.tsx';
import { PeriodPill } from './period-pill.tsx';
import { PeriodSheet } from './period-sheet.tsx';
import { ReportHeader } from './report-header.tsx';
import { ReportError, ReportSkeleton } from './report-states.tsx';
import { ShareFooter } from './share-footer.tsx';
import { StatementCard, statementOrder, statementTitles } from './statement-card.tsx';
import './report.css';

const ignoreInShare = { [shareIgnoreAttribute]: '' };

export interface ReportPreviewProps {
  /** With the dot: 600519.SH. */
  code: string;
  period: string;
}

/**
 * The financial report preview of one stock and period (spec 2 §2.1, §4): header, name and code,
 * period pill, PDF entry, the three statement cards, full screen, the period sheet and share image.
 */
export function ReportPreview({ code, period }: ReportPreviewProps) {
  const query = useFinreportQuick(code, period);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openPdf = useOpenPdf();
  const report = query.data;

  const [periodSheetOpen, setPeriodSheetOpen] = useState(false);
  const [shareSheetOpen, setShareSheetOpen] = useState(false);
  const drawings = useRef(new Map<StatementKind, FlowDrawing>());
  const captureRef = useRef<HTMLDivElement>(null);
  const skeletonChartRef = useRef<HTMLDivElement>(null);

  // While the data is on the way, the charts' drawing is warmed up at the pixels of the skeleton's
  // chart, which is as wide as a card's; the data's arrival cancels what is not done by then.
  const waitingForData = report === undefined && !query.isError;
  useEffect(() => {
    if (!waitingForData) return;
    const width = skeletonChartRef.current?.clientWidth ?? 0;
    return warmFlowChart(flowPixelRatio(width, window.devicePixelRatio));
  }, [waitingForData]);

  // Every successful load (first load, pull-to-refresh, another period) is new data for the share
  // image (spec 2 §4: the picture is cleared on each reload).
  const dataKey = query.isSuccess ? `${code}/${period}/${query.dataUpdatedAt}` : null;
  const [fullscreen, setFullscreen] = useState<StatementKind | null>(null);
  const share = useShareImage(captureRef, dataKey, { holdInAdvance: fullscreen !== null });

  const startShare = useCallback(() => {
    share.start();
    setShareSheetOpen(true);
  }, [share.start]);
  const closeShare = useCallback(() => {
    setShareSheetOpen(false);
    share.stop();
  }, [share.stop]);

  const onDrawn = useCallback((kind: StatementKind, drawing: FlowDrawing) => {
    drawings.current.set(kind, drawing);
  }, []);
  const exitFullscreen = useCallback(() => setFullscreen(null), []);
  const closePeriods = useCallback(() => setPeriodSheetOpen(false), []);

  // The periods to offer: those of the data; when the period failed, those of another period of the
  // same stock already loaded, or else the most recent period ends.
  const periods = useMemo(() => {
    if (report) return report.periods;
    const cached = queryClient
      .getQueriesData<FinancialReport>({ queryKey: endpointQueryKey('report.finreportQuick', { code }) })
      .find(([, data]) => data && data.periods.length > 0)?.[1];
    return cached?.periods ?? recentPeriods(new Date());
  }, [report, queryClient, code]);

  const pickPeriod = (next: string) => {
    setPeriodSheetOpen(false);
    // spec 2 §2.1: replace the route with the same stock and the new period; the data reloads.
    if (next !== period) void navigate(reportHref(code, next), { replace: true });
  };

  const error = query.error;
  const notReported = error instanceof ApiError && error.code === '404';
  const shareUrl = `${window.location.origin}${reportHref(code, period)}`;

  return (
    <>
      <ReportHeader onShare={startShare} />
      <PullToRefresh onRefresh={() => query.refetch()}>
        {/* While a chart is full screen its opaque layer covers the page: the page is hidden and inert
            behind it, so its charts' canvases leave the frames a gesture produces (see report.css). */}
        <main
          className="report-page"
          {...{ [shareCoveredAttribute]: fullscreen !== null }}
          inert={fullscreen !== null}
        >
          <div ref={captureRef} className="report-capture" data-testid="report-capture">
            <section className="report-title" aria-label="股票">
              <h2 className="report-title__name">{report?.stockName ?? code}</h2>
              <span className="report-title__code">{code}</span>
            </section>
            <PeriodPill period={period} loading={query.isFetching} onOpen={() => setPeriodSheetOpen(true)} />
            {report?.pdf ? <PdfEntry onOpen={() => void openPdf(report.pdf ?? '')} /> : null}
            {report ? (
              <>
                {statementOrder.map((kind) => {
                  const block = report[kind];
                  return block ? (
                    <StatementCard
                      key={kind}
                      kind={kind}
                      block={block}
                      isFinance={report.isFinance}
                      onDrawn={onDrawn}
                      onOpenFullscreen={setFullscreen}
                    />
                  ) : null;
                })}
                <button type="button" className="report-share-button" onClick={startShare} {...ignoreInShare}>
                  分享图片
                </button>
                <ShareFooter url={shareUrl} shown={share.shareMode} />
              </>
            ) : query.isError ? (
              <ReportError
                message={error?.message || '加载失败'}
                onRetry={() => void query.refetch()}
                onPickPeriod={notReported ? () => setPeriodSheetOpen(true) : undefined}
              />
            ) : (
              <ReportSkeleton chartRef={skeletonChartRef} />
            )}
          </div>
        </main>
      </PullToRefresh>
      <PeriodSheet
        open={periodSheetOpen}
        periods={periods}
        current={period}
        onPick={pickPeriod}
        onClose={closePeriods}
      />
      <ShareSheet
        open={shareSheetOpen}
        status={share.status}
        imageUrl={share.imageUrl}
        onRetry={share.retry}
        onClose={closeShare}
        alt="财报预览分享图片"
      />
      {fullscreen ? (
        <FullscreenChart
          title={statementTitles[fullscreen]}
          source={drawings.current.get(fullscreen) ?? null}
          onExit={exitFullscreen}
        />
      ) : null}
    </>
  );
}
