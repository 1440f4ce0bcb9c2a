import { etfIopv, etfPremiumRate, formatAmount, formatPercent, formatQuotePrice } from '@zhicai/domain';
import { useSearchParams } from 'react-router';
import { useLiveQuotes } from '../../../platform/quotes/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, PriceText } from '../../../ui/quote/index.ts';
import { QuoteFreshness } from '../../../ui/quote-freshness/index.ts';
import { SectionEmpty, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { OrderBook, QuoteChart, useHandicap, useInstrumentRefresh } from '../../stock/index.ts';
import { useEtfValuation } from '../api/etf-valuation.ts';
import { EtfHoldingsSection, EtfIndustrySection, EtfLinkSection } from '../components/etf-sections.tsx';
import './etf-pages.css';
import { SetAlertButton } from '../../alert/index.ts';
import { WatchlistButton } from '../../watchlist/index.ts';

const ratio = (value: number | null) => formatPercent(value, { sign: false });

/**
 * /etfDetails?code=510300.SH (also ?etfCode=, and the /etfDetail spelling): live quote, chart,
 * holdings, industry split, feeder funds and similar ETFs.
 */
export default function EtfDetailsPage() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? params.get('etfCode') ?? '').trim().toUpperCase();
  const live = useLiveQuotes(code === '' ? [] : [code], { enabled: code !== '' });
  const quote = live.quotes.get(code);
  // IOPV follows the tracked index (a commodity ETF: its commodity) tick by tick: the previous NAV
  // (a daily figure from the server) moved as the followed quote has moved since its previous close.
  const valuation = useEtfValuation(code);
  const followsCode = valuation.data?.follows ?? '';
  const followedLive = useLiveQuotes(followsCode === '' ? [] : [followsCode], {
    enabled: followsCode !== '',
  });
  const followedQuote = followedLive.quotes.get(followsCode);
  const iopv = followedQuote
    ? etfIopv(valuation.data?.previousNav ?? null, followedQuote.price, followedQuote.prevClose)
    : (valuation.data?.iopv ?? null);
  const premiumRate = etfPremiumRate(quote?.price ?? null, iopv);
  // 五档盘口 at the ETF's 0.001 tick, asked again with every tick of the quote, as on a stock's page.
  const handicap = useHandicap(code, quote?.time);

  // Every call of the page (chart, holdings, industries, feeder funds) carries the ETF's code.
  const refresh = useInstrumentRefresh(code, live.refresh);

  if (code === '') {
    return (
      <>
        <PageHeader title="ETF详情" />
        <main className="etf-page">
          <SectionEmpty>缺少ETF代码</SectionEmpty>
        </main>
      </>
    );
  }

  const stats: [string, string][] = quote
    ? [
        ['今开', formatQuotePrice(quote.open, quote.type)],
        ['最高', formatQuotePrice(quote.high, quote.type)],
        ['最低', formatQuotePrice(quote.low, quote.type)],
        ['昨收', formatQuotePrice(quote.prevClose, quote.type)],
        ['成交额', formatAmount(quote.amount)],
        ['换手率', ratio(quote.turnoverRate)],
        ['振幅', ratio(quote.amplitude)],
        // IOPV is quoted like the ETF's price, at its tick.
        ['IOPV', formatQuotePrice(iopv, quote.type)],
        ['溢价率', formatPercent(premiumRate)],
      ]
    : [];

  return (
    <>
      <PageHeader title={quote?.name ?? 'ETF详情'} />
      <PullToRefresh onRefresh={refresh}>
        <main className="etf-page">
          <section className="etf-hero" aria-label="实时行情">
            {quote ? (
              <QuoteFreshness lastTickAt={live.lastTickAt} active={quote.status === 'trading'}>
                <div className="etf-hero__title">
                  <h2 className="etf-hero__name">{quote.name}</h2>
                  <span className="etf-hero__code">{quote.code}</span>
                  <span className="etf-pill">ETF</span>
                  <DemoDataBadge />
                </div>
                <div className="etf-hero__price">
                  <span className="etf-hero__last">
                    <PriceText value={quote.price} prevClose={quote.prevClose} type={quote.type} />
                  </span>
                  <ChangeText value={quote.chg} kind="change" type={quote.type} price={quote.price} />
                  <ChangeText value={quote.chgPct} kind="percent" />
                </div>
                <dl className="etf-stats">
                  {stats.map(([term, value]) => (
                    <div key={term} className="etf-stats__item">
                      <dt>{term}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
                {handicap.data ? (
                  <OrderBook
                    handicap={handicap.data}
                    prevClose={quote.prevClose}
                    type={quote.type}
                    unit="手"
                  />
                ) : null}
              </QuoteFreshness>
            ) : live.status === 'error' ? (
              <SectionError onRetry={live.refresh} message="行情加载失败" />
            ) : live.status === 'ready' ? (
              <SectionEmpty>未找到 {code} 的行情</SectionEmpty>
            ) : (
              <SectionSkeleton lines={4} />
            )}
          </section>
          <QuoteChart
            code={code}
            market="cn"
            kind="cn"
            type="fund_onside"
            prevClose={quote?.prevClose ?? null}
          />
          <EtfHoldingsSection code={code} />
          <EtfIndustrySection code={code} />
          <EtfLinkSection code={code} />
        </main>
      </PullToRefresh>
      <WatchlistButton code={code} name={quote?.name} />
      <SetAlertButton code={code} name={quote?.name} variant="dock" />
    </>
  );
}
