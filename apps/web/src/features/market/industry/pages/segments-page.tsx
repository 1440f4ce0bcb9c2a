import { href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { usePlateList } from '../api/plate-list.ts';
import { useRegionPlates } from '../api/region-plates.ts';
import { PlateGrid } from '../components/plate-grid.tsx';
import { RegionTable } from '../components/region-table.tsx';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import { sortPlates } from '../industry-rules.ts';
import '../components/industry.css';

/** Plates each board shows: two rows of the grid. */
const boardSize = 6;

type SegmentTab = 'industry' | 'concept' | 'region';

const tabOptions: { value: SegmentTab; label: string }[] = [
  { value: 'industry', label: '行业' },
  { value: 'concept', label: '概念' },
  { value: 'region', label: '地域' },
];

const tabOf = (value: string | null): SegmentTab =>
  value === 'concept' || value === 'region' ? value : 'industry';

/**
 * /segments?tab= — 板块: the day's strongest and weakest industries or concepts, with the full list
 * a tap away, and the 地域 plates (the companies' areas) ranked.
 */
export default function SegmentsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <>
      <PageHeader title="板块" right={<DemoDataBadge />} />
      <main className="industry-page">
        <Segmented
          label="板块类型"
          options={tabOptions}
          value={tab}
          onChange={(next) => setParams(next === 'industry' ? {} : { tab: next }, { replace: true })}
        />
        {tab === 'region' ? <Regions /> : <IndexedPlates kind={tab} />}
      </main>
    </>
  );
}

function IndexedPlates({ kind }: { kind: 'industry' | 'concept' }) {
  const query = usePlateList(kind);
  const live = useLiveRows(query.data?.list);
  const name = kind === 'concept' ? '概念' : '行业';
  const ranked = sortPlates(live.rows ?? [], 'chgPct', 'desc');
  return (
    <PullToRefresh onRefresh={() => Promise.all([query.refetch(), live.refresh()])}>
      <div className="industry-stack">
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
      </div>
    </PullToRefresh>
  );
}

function Regions() {
  const query = useRegionPlates();
  return (
    <PullToRefresh onRefresh={query.refetch}>
      <div className="industry-stack">
        <QuerySection
          title="地域板块"
          query={query}
          skeletonLines={8}
          skeletonTestId="region-skeleton"
          errorText="地域板块加载失败，请检查网络后重试"
          isEmpty={(data) => data.list.length === 0}
          emptyText="暂无地域板块"
        >
          {(data) => (
            <>
              <RegionTable rows={data.list} label="地域板块排行" />
              <p className="industry-note">地域按公司注册地归类；涨跌幅按流通市值加权。</p>
            </>
          )}
        </QuerySection>
      </div>
    </PullToRefresh>
  );
}
