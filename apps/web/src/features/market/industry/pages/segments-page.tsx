import { href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { usePlateList } from '../api/plate-list.ts';
import { PlateGrid } from '../components/plate-grid.tsx';
import { PlateKindTabs } from '../components/plate-kind-tabs.tsx';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import { plateKindOf, sortPlates } from '../industry-rules.ts';
import '../components/industry.css';

/** Plates each board shows: two rows of the grid. */
const boardSize = 6;

/** /segments?tab= — 板块: the day's strongest and weakest industries or concepts, with the full list a tap away. */
export default function SegmentsPage() {
  const [params, setParams] = useSearchParams();
  const kind = plateKindOf(params.get('tab'));
  const query = usePlateList(kind);
  const live = useLiveRows(query.data?.list);
  const name = kind === 'concept' ? '概念' : '行业';
  const ranked = sortPlates(live.rows ?? [], 'chgPct', 'desc');
  return (
    <>
      <PageHeader title="板块" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => Promise.all([query.refetch(), live.refresh()])}>
        <main className="industry-page">
          <PlateKindTabs
            kind={kind}
            onChange={(next) => setParams(next === 'concept' ? { tab: next } : {}, { replace: true })}
          />
          <QuerySection
            title={`${name}涨幅榜`}
            query={query}
            skeletonLines={3}
            errorText={`${name}板块加载失败，请检查网络后重试`}
            isEmpty={(data) => data.list.length === 0}
            emptyText={`暂无${name}板块`}
            aside={<Link to={href('industry', kind === 'concept' ? { kind } : {})}>全部</Link>}
          >
            {() => <PlateGrid rows={ranked.slice(0, boardSize)} label={`${name}涨幅榜`} />}
          </QuerySection>
          <QuerySection
            title={`${name}跌幅榜`}
            query={query}
            skeletonLines={3}
            errorText={`${name}板块加载失败，请检查网络后重试`}
            isEmpty={(data) => data.list.length === 0}
            emptyText={`暂无${name}板块`}
          >
            {() => <PlateGrid rows={[...ranked].reverse().slice(0, boardSize)} label={`${name}跌幅榜`} />}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
