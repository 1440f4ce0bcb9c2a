import { useQueryClient } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { instrumentType } from '@zhicai/domain';
import { Link, useSearchParams } from 'react-router';
import { hasParams } from '../../../platform/query/endpoint-query.ts';
import { useLiveQuotes } from '../../../platform/quotes/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, PriceText } from '../../../ui/quote/index.ts';
import { QuoteFreshness } from '../../../ui/quote-freshness/index.ts';
import { SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { useFundBaseInfo } from '../api/fund-base-info.ts';
import {
  FeesSection,
  HoldingsSection,
  ManagersSection,
  NavSection,
  ProfileSection,
  ReturnsGrid,
} from '../components/fund-sections.tsx';
import { formatDay, formatNav, listedCode, lofPremium, returnCells } from '../fund-rules.ts';
import './fund-pages.css';
import { SetAlertButton } from '../../alert/index.ts';
import { WatchlistButton } from '../../watchlist/index.ts';

/**
 * /fundDetails?code=005827.OF[&type=fund_lof|fund_onside]: an off-exchange fund or LOF — NAV and
 * returns, NAV chart, managers, holdings, fees and profile; an LOF also shows its live exchange price
 * and its premium over the NAV.
 */
export default function FundDetailsPage() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const type = instrumentType('fundDetails', code, params.get('type'));
  const queryClient = useQueryClient();
  const info = useFundBaseInfo(code);
  // A link without `type` (a deep link, a shared URL) still finds an LOF by what the fund says it is.
  const isLof = type === 'fund_lof' || info.data?.type === 'fund_lof';
  const live = useLiveQuotes(isLof ? [listedCode(code)] : [], { enabled: isLof });

  const refresh = () =>
    Promise.all([
      // Every call of the page but the live quote carries the fund's code.
      queryClient.refetchQueries({ type: 'active', predicate: hasParams({ code }) }),
      isLof ? live.refresh() : Promise.resolve(),
    ]);

  if (code === '') {
    return (
      <>
        <PageHeader title="基金详情" />
        <main className="fund-page">
          <p className="fund-page__empty">缺少基金代码</p>
        </main>
      </>
    );
  }

  const data = info.data;
  const quote = live.quotes.get(listedCode(code));
  return (
    <>
      <PageHeader title={data?.name ?? '基金详情'} />
      <PullToRefresh onRefresh={refresh}>
        <main className="fund-page">
          <section className="fund-hero" aria-label="基金净值">
            {data ? (
              <>
                <div className="fund-hero__title">
                  <h2 className="fund-hero__name">{data.name}</h2>
                  <span className="fund-hero__code">{data.code}</span>
                  {data.category ? <span className="fund-pill">{data.category}</span> : null}
                  <DemoDataBadge />
                </div>
                <dl className="fund-hero__figures">
                  <div>
                    <dt>单位净值（{formatDay(data.navDate)}）</dt>
                    <dd className="fund-hero__nav">{formatNav(data.unitNav)}</dd>
                  </div>
                  <div>
                    <dt>日涨跌</dt>
                    <dd className="fund-hero__change">
                      <ChangeText value={data.dailyChgPct} kind="percent" />
                    </dd>
                  </div>
                  <div>
                    <dt>累计净值</dt>
                    <dd className="fund-hero__accum">{formatNav(data.accumNav)}</dd>
                  </div>
                </dl>
                {isLof ? (
                  <QuoteFreshness lastTickAt={live.lastTickAt} active={quote?.status === 'trading'}>
                    <section className="fund-hero__live" aria-label="场内行情">
                      <span className="fund-hero__live-label">场内价格</span>
                      <PriceText
                        value={quote?.price ?? null}
                        prevClose={quote?.prevClose ?? null}
                        type={quote?.type}
                      />
                      <ChangeText value={quote?.chgPct ?? null} kind="percent" />
                      <span className="fund-hero__live-label">溢价率</span>
                      <ChangeText
                        className="fund-hero__premium"
                        value={lofPremium(quote?.price, data.unitNav)}
                        kind="percent"
                      />
                    </section>
                  </QuoteFreshness>
                ) : null}
                <ReturnsGrid cells={returnCells(data.returns)} />
                <nav className="fund-tools" aria-label="基金工具">
                  <Link to={href('compare-search', { type: 'fund', codes: code })}>对比</Link>
                  <Link to={href('profitComputer', { code })}>定投计算器</Link>
                </nav>
              </>
            ) : info.isError ? (
              <SectionError message="基金信息加载失败" onRetry={info.refetch} retrying={info.isRefetching} />
            ) : (
              <SectionSkeleton lines={5} />
            )}
          </section>
          <NavSection code={code} />
          {data ? <ManagersSection managers={data.managers} /> : null}
          <HoldingsSection code={code} />
          <FeesSection code={code} />
          {data ? <ProfileSection info={data} /> : null}
        </main>
      </PullToRefresh>
      <WatchlistButton code={code} name={data?.name} />
      <SetAlertButton code={code} name={data?.name} variant="dock" />
    </>
  );
}
