import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../ui/quote/index.ts';
import { useRankNames } from '../api/get-rank-names.ts';
import { MarketSection, SectionEmpty, SectionError, SectionSkeleton } from '../components/section-state.tsx';
import { groupRankNames } from '../market-rules.ts';
import './rank-pages.css';

/** /rankList — every ranking on offer, grouped 股票 / 基金 / 基金经理. */
export default function RankListPage() {
  const { data, isPending, isError, isRefetching, refetch } = useRankNames();
  return (
    <>
      <PageHeader title="排行榜" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={refetch}>
        <main className="rank-page">
          {isPending ? (
            <MarketSection title="排行榜" busy>
              <SectionSkeleton rows={6} testId="rank-names-skeleton" />
            </MarketSection>
          ) : isError ? (
            <MarketSection title="排行榜">
              <SectionError
                message="排行榜加载失败，请检查网络后重试"
                onRetry={refetch}
                retrying={isRefetching}
              />
            </MarketSection>
          ) : data.length === 0 ? (
            <MarketSection title="排行榜">
              <SectionEmpty>暂无排行榜</SectionEmpty>
            </MarketSection>
          ) : (
            groupRankNames(data).map((group) => (
              <MarketSection key={group.kind} title={group.label}>
                <ul className="rank-names">
                  {group.items.map((rank) => (
                    <li key={rank.id}>
                      <Link
                        to={`/rankList_content?id=${encodeURIComponent(rank.id)}`}
                        className="rank-names__item"
                      >
                        <span>{rank.name}</span>
                        <span className="rank-names__sort">{rank.sortLabel}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </MarketSection>
            ))
          )}
        </main>
      </PullToRefresh>
    </>
  );
}
