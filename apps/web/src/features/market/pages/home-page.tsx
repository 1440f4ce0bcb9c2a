import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { brandName } from '../../../platform/brand.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { AppMenuGrid, appMenusQueryOptions } from '../../config/index.ts';
import { MarketDataNotice } from '../components/market-data-notice.tsx';
import './home-page.css';

/** / — the stock-market home: brand header with search, function entries, market section. */
export default function HomePage() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.refetchQueries({ queryKey: appMenusQueryOptions.queryKey });

  return (
    <>
      <header className="home-header">
        <h1 className="home-header__brand">{brandName()}</h1>
        <Link to="/search" className="home-header__search" aria-label="搜索">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 16l4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>搜索股票 / 基金 / 指数</span>
        </Link>
      </header>
      <PullToRefresh onRefresh={refresh}>
        <main className="home-main">
          <AppMenuGrid />
          <MarketDataNotice />
        </main>
      </PullToRefresh>
    </>
  );
}
