import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { usePlateList } from '../api/plate-list.ts';
import { PlateKindTabs } from '../components/plate-kind-tabs.tsx';
import { PlateTable } from '../components/plate-table.tsx';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import { type PlateSortKey, plateKindOf, type SortOrder, sortPlates } from '../industry-rules.ts';
import '../components/industry.css';

/** /industry?kind= — 行业板块: every SW level-1 industry ranked, or (kind=concept) every concept. */
export default function IndustryListPage() {
  const [params, setParams] = useSearchParams();
  const kind = plateKindOf(params.get('kind'));
  const [sort, setSort] = useState<PlateSortKey>('chgPct');
  const [order, setOrder] = useState<SortOrder>('desc');
  const query = usePlateList(kind);
  const live = useLiveRows(query.data?.list);
  const title = kind === 'concept' ? '概念板块' : '行业板块';
  return (
    <>
      <PageHeader title="行业板块" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => Promise.all([query.refetch(), live.refresh()])}>
        <main className="industry-page">
          <PlateKindTabs
            kind={kind}
            onChange={(next) => setParams(next === 'concept' ? { kind: next } : {}, { replace: true })}
          />
          <QuerySection
            title={title}
            query={query}
            skeletonLines={8}
            skeletonTestId="plate-list-skeleton"
            errorText={`${title}加载失败，请检查网络后重试`}
            isEmpty={(data) => data.list.length === 0}
            emptyText={`暂无${title}`}
          >
            {() => (
              <PlateTable
                rows={sortPlates(live.rows ?? [], sort, order)}
                label={`${title}排行`}
                sort={sort}
                order={order}
                onSort={(column, next) => {
                  setSort(column);
                  setOrder(next);
                }}
              />
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
