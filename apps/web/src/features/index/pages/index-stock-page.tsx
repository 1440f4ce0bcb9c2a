import { codeSuffix, indexType } from '@zhicai/domain';
import { useMemo } from 'react';
import { useLiveQuotes } from '../../../platform/quotes/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import {
  DetailHeader,
  MissingCode,
  QuoteChart,
  QuoteHeader,
  QuoteHeaderError,
  useCodeParam,
  useInstrumentRefresh,
} from '../../stock/index.ts';
import { ConstituentsSection } from '../components/constituents-section.tsx';
import { IndustrySection } from '../components/industry-section.tsx';
import '../components/index-pages.css';
import { SetAlertButton } from '../../alert/index.ts';
import { WatchlistButton } from '../../watchlist/index.ts';

/**
 * /indexStock?stockCode=000300.SH&i= — an index's detail (spec 1 §2): mainland indices, SW
 * industry (.ZSI), concept (.WI) and Hong Kong (.HI) indices alike.
 */
export default function IndexStockPage() {
  const code = useCodeParam();
  if (!code) return <MissingCode title="指数详情" />;
  return (
    <>
      <IndexDetail key={code} code={code} />
      <WatchlistButton code={code} />
      <SetAlertButton code={code} variant="dock" />
    </>
  );
}

function IndexDetail({ code }: { code: string }) {
  const codes = useMemo(() => [code], [code]);
  const live = useLiveQuotes(codes);
  const quote = live.quotes.get(code);
  const refresh = useInstrumentRefresh(code, live.refresh);
  return (
    <>
      <DetailHeader code={code} name={quote?.name} type={indexType(code)} />
      <PullToRefresh onRefresh={refresh}>
        <main className="index-detail">
          {live.status === 'error' && !quote ? (
            <QuoteHeaderError onRetry={live.refresh} />
          ) : (
            <QuoteHeader quote={quote} kind="index" lastTickAt={live.lastTickAt} />
          )}
          <QuoteChart
            code={code}
            market={codeSuffix(code) === 'HI' ? 'hk' : 'cn'}
            kind="index"
            prevClose={quote?.prevClose ?? null}
          />
          <ConstituentsSection code={code} />
          <IndustrySection code={code} />
        </main>
      </PullToRefresh>
    </>
  );
}
