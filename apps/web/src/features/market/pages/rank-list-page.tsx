import { href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../ui/quote/index.ts';
import { Section, SectionEmpty, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { useRankNames } from '../api/get-rank-names.ts';
import { groupRankNames, rankKindOf, rankListTitle } from '../market-rules.ts';
import './rank-pages.css';

/**
 * /rankList — every ranking on offer, grouped 股票 / 基金 / 基金经理; `kind` narrows it to one group
 * (基金排行 and 基金经理榜 link here with their kind).
 */
export default function RankListPage() {
  const [params] = useSearchParams();
  const kind = rankKindOf(params.get('kind'));
  const { data, isPending, isError, isRefetching, refetch } = useRankNames(kind);
  const title = rankListTitle(kind);
  return (
    <>
      <PageHeader title={title} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={refetch}>
        <main className="rank-page">
          {isPending ? (
            <Section title={title} busy>
              <SectionSkeleton lines={6} testId="rank-names-skeleton" />
            </Section>
          ) : isError ? (
            <Section title={title}>
              <SectionError
                message="排行榜加载失败，请检查网络后重试"
                onRetry={refetch}
                retrying={isRefetching}
              />
            </Section>
          ) : data.length === 0 ? (
            <Section title={title}>
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
