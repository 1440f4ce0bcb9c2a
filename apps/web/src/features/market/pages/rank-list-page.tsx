import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../ui/quote/index.ts';
import { Section, SectionEmpty, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { useRankNames } from '../api/get-rank-names.ts';
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
            <Section title="排行榜" busy>
              <SectionSkeleton lines={6} testId="rank-names-skeleton" />
            </Section>
          ) : isError ? (
            <Section title="排行榜">
              <SectionError
                message="排行榜加载失败，请检查网络后重试"
                onRetry={refetch}
                retrying={isRefetching}
              />
            </Section>
          ) : data.length === 0 ? (
            <Section title="排行榜">
              <SectionEmpty>暂无排行榜</SectionEmpty>
            </Section>
          ) : (
            groupRankNames(data).map((group) => (
              <Section key={group.kind} title={group.label}>
                <ul className="rank-names">
                  {group.items.map((rank) => (
                    <li key={rank.id}>
                      <Link
                        to={href('rankList_content', { type: rank.id, name: rank.name })}
                        className="rank-names__item"
                      >
                        <span>{rank.name}</span>
                        <span className="rank-names__sort">{rank.sortLabel}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Section>
            ))
          )}
        </main>
      </PullToRefresh>
    </>
  );
}
