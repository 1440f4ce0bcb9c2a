import { useQueryClient } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { headlineIndices } from '@zhicai/domain';
import { Link } from 'react-router';
import { brandName } from '../../../platform/brand.ts';
import { endpointQueryKey } from '../../../platform/query/endpoint-query.ts';
import { useLiveQuotes } from '../../../platform/quotes/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../ui/quote/index.ts';
import { Section } from '../../../ui/section/index.ts';
import { useBrokerHomeLogin } from '../../broker/index.ts';
import { AppMenuGrid } from '../../config/index.ts';
import { CapitalRankTabs } from '../components/capital-rank-tabs.tsx';
import { IndexQuoteGrid } from '../components/index-quote-grid.tsx';
import { NorthFlow } from '../components/north-flow.tsx';
import { PlateBoard } from '../components/plate-board.tsx';
import { RiseFallDistribution } from '../components/rise-fall-distribution.tsx';
import { mainIndexCodes } from '../market-rules.ts';
import './home-page.css';

/** The calls of the home page's sections besides the index quotes, which `live` reloads. */
const homeEndpoints = [
  'config.getAppMenus',
  'market.marketSummary',
  'market.plateStatV2Page',
  'market.riseFallCapitals',
  'market.northSummary',
] as const;

/** / — the stock-market home: brand header with search, function entries, market overview. */
export default function HomePage() {
  const queryClient = useQueryClient();
  const live = useLiveQuotes(mainIndexCodes);
  useBrokerHomeLogin();
  const refresh = () =>
    Promise.all([
      ...homeEndpoints.map((name) =>
        queryClient.refetchQueries({ queryKey: endpointQueryKey(name), type: 'active' }),
      ),
      live.refresh(),
    ]);

  return (
    <>
      <header className="home-header">
        <h1 className="home-header__brand">{brandName()}</h1>
        <Link to={href('search')} className="home-header__search" aria-label="搜索">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>搜索股票 / 基金 / 指数</span>
        </Link>
        <DemoDataBadge />
      </header>
      <PullToRefresh onRefresh={refresh}>
        <main className="home-main">
          <Section title="大盘指数" busy={live.status === 'loading'}>
            <IndexQuoteGrid indices={headlineIndices} live={live} layout="strip" label="大盘指数行情" />
          </Section>
          <AppMenuGrid />
          <RiseFallDistribution />
          <NorthFlow />
          <PlateBoard direction="up" />
          <PlateBoard direction="down" />
          <CapitalRankTabs />
        </main>
      </PullToRefresh>
    </>
  );
}
