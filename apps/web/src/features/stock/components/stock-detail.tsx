import type { TradingMarket } from '@zhicai/domain';
import { type ReactNode, useMemo } from 'react';
import { useLiveQuotes } from '../../../platform/quotes/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { useHandicap } from '../api/handicap.ts';
import { useInstrumentRefresh } from '../hooks/use-instrument-refresh.ts';
import { CompanyIntroSection } from './company-intro-section.tsx';
import { DetailHeader } from './detail-header.tsx';
import { EventReminderSection } from './event-reminder-section.tsx';
import { HolderNumSection } from './holder-num-section.tsx';
import { IndustryCompareSection } from './industry-compare-section.tsx';
import { QuoteChart } from './quote-chart.tsx';
import { QuoteHeader, QuoteHeaderError } from './quote-header.tsx';
import { ValuationSection } from './valuation-section.tsx';
import './stock-detail.css';

/**
 * The stock detail page body, shared by A-shares and Hong Kong stocks. Hong Kong has no price
 * limits, no SW industries or concepts, and no A-share holder counts or industry comparison.
 * `children` are the sections other features add at the end (公告, 研报…), given by the page.
 */
export function StockDetail({
  code,
  market,
  children,
}: {
  code: string;
  market: TradingMarket;
  children?: ReactNode;
}) {
  const codes = useMemo(() => [code], [code]);
  const live = useLiveQuotes(codes);
  const quote = live.quotes.get(code);
  const refresh = useInstrumentRefresh(code, live.refresh);
  const handicap = useHandicap(code, quote?.time);
  const aShare = market === 'cn';
  return (
    <>
      <DetailHeader code={code} name={quote?.name} type={aShare ? 'capital' : 'hk'} />
      <PullToRefresh onRefresh={refresh}>
        <main className="stock-detail">
          {live.status === 'error' && !quote ? (
            <QuoteHeaderError onRetry={live.refresh} />
          ) : (
            <QuoteHeader quote={quote} kind={market} lastTickAt={live.lastTickAt} handicap={handicap.data} />
          )}
          <QuoteChart
            code={code}
            market={market}
            kind={market}
            type={quote?.type}
            prevClose={quote?.prevClose ?? null}
          />
          <CompanyIntroSection code={code} showPlates={aShare} />
          <ValuationSection code={code} />
          {aShare ? <IndustryCompareSection code={code} /> : null}
          {aShare ? <HolderNumSection code={code} /> : null}
          <EventReminderSection code={code} />
          {children}
        </main>
      </PullToRefresh>
    </>
  );
}
