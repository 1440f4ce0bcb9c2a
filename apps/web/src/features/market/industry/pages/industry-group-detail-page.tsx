import { href } from '@zhicai/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection, SectionEmpty } from '../../../../ui/section/index.ts';
import { useIndustryGroups } from '../api/industry-groups.ts';
import { LeaderList } from '../components/leader-list.tsx';
import { PlateTable } from '../components/plate-table.tsx';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import { groupCodeOf, type PlateSortKey, type SortOrder, sortPlates } from '../industry-rules.ts';
import '../components/industry.css';

/** /IndustryGroupDetail?group=tech — one 行业分组: its industries ranked and their leaders. */
export default function IndustryGroupDetailPage() {
  const [params] = useSearchParams();
  const code = groupCodeOf(params.get('group'));
  const query = useIndustryGroups();
  const group = query.data?.list.find((item) => item.code === code);
  const live = useLiveRows(group?.industries);
  const [sort, setSort] = useState<PlateSortKey>('chgPct');
  const [order, setOrder] = useState<SortOrder>('desc');
  if (!code)
    return (
      <>
        <PageHeader title="行业分组详情" />
        <main className="industry-page">
          <SectionEmpty>没有这个行业分组</SectionEmpty>
        </main>
      </>
    );
  const leaders = (live.rows ?? []).flatMap((row) => (row.leader ? [row.leader] : []));
  return (
    <>
      <PageHeader title={group ? `${group.name} · 行业分组` : '行业分组详情'} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => Promise.all([query.refetch(), live.refresh()])}>
        <main className="industry-page">
          <QuerySection
            title="组内行业"
            query={query}
            skeletonLines={6}
            errorText="行业分组加载失败，请检查网络后重试"
            aside={<Link to={href('IndustryGroupETF', { group: code })}>相关ETF</Link>}
          >
            {() => (
              <>
                {group ? (
                  <p className="industry-note">
                    {group.note}；分组今日 <ChangeText value={group.chgPct} kind="percent" />
                    （等权）
                  </p>
                ) : null}
                <PlateTable
                  rows={sortPlates(live.rows ?? [], sort, order)}
                  label="组内行业"
                  sort={sort}
                  order={order}
                  onSort={(column, next) => {
                    setSort(column);
                    setOrder(next);
                  }}
                />
              </>
            )}
          </QuerySection>
          <QuerySection title="各行业领涨股" query={query} skeletonLines={3} errorText="领涨股加载失败">
            {() => (
              <LeaderList
                title="领涨股"
                rows={[...leaders].sort((a, b) => (b.chgPct ?? -Infinity) - (a.chgPct ?? -Infinity))}
              />
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
