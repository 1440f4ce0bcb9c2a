import { useQueryClient } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { endpointQueryKey } from '../../../../platform/query/endpoint-query.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { type PlateSort, type PlateSummaryRow, usePlateList } from '../api/plate-list.ts';
import { PlateGrid } from '../components/plate-grid.tsx';
import { PlateTable } from '../components/plate-table.tsx';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import { filterByName, type PlateSortKey, type SortOrder, sortPlates } from '../industry-rules.ts';
import '../components/industry.css';

const sortOptions: { value: PlateSort; label: string }[] = [
  { value: 'chgPct', label: '涨跌幅' },
  { value: 'amount', label: '成交额' },
  { value: 'riseRatio', label: '上涨占比' },
];

/**
 * /SearchIndustry — 找行业, a main tab (spec 2 §2.2): the 31 SW level-1 industries with today's
 * change and 领涨股, sortable; a search box that finds industries and concepts by name; entries to
 * the plate lists, 风口 and 行业分组.
 */
export default function SearchIndustryPage() {
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<PlateSort>('chgPct');
  const [order, setOrder] = useState<SortOrder>('desc');
  const industries = usePlateList('industry');
  const concepts = usePlateList('concept');
  const live = useLiveRows(industries.data?.list);
  const searching = keyword.trim() !== '';
  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: endpointQueryKey('market.plateList'), type: 'active' }),
      live.refresh(),
    ]);

  return (
    <>
      <header className="industry-search">
        <h1 className="industry-search__title">找行业</h1>
        <input
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder="搜索行业 / 概念"
          aria-label="搜索行业或概念"
          enterKeyHint="search"
        />
        <DemoDataBadge />
      </header>
      <PullToRefresh onRefresh={refresh}>
        <main className="industry-page">
          {searching ? (
            <SearchResults
              keyword={keyword}
              industries={industries.data?.list}
              concepts={concepts.data?.list}
              query={industries}
            />
          ) : (
            <>
              <nav aria-label="板块入口">
                <ul className="industry-entries">
                  <li>
                    <Link to={href('industry')}>行业板块</Link>
                  </li>
                  <li>
                    <Link to={href('industry', { kind: 'concept' })}>概念板块</Link>
                  </li>
                  <li>
                    <Link to={href('tuyereMore')}>风口板块</Link>
                  </li>
                  <li>
                    <Link to={href('IndustryGroup')}>行业分组</Link>
                  </li>
                  <li>
                    <Link to={href('segments')}>板块</Link>
                  </li>
                </ul>
              </nav>
              <Section
                title="申万一级行业"
                busy={industries.isPending}
                controls={
                  <Segmented
                    label="排序"
                    options={sortOptions}
                    value={sort}
                    onChange={(value) => {
                      // A second press on the chosen sort turns the order around (领涨 ↔ 领跌).
                      setOrder(value === sort && order === 'desc' ? 'asc' : 'desc');
                      setSort(value);
                    }}
                  />
                }
                aside={order === 'desc' ? '从高到低' : '从低到高'}
              >
                <QueryStates
                  query={industries}
                  skeletonLines={6}
                  skeletonTestId="industry-skeleton"
                  errorText="行业数据加载失败，请检查网络后重试"
                  isEmpty={(data) => data.list.length === 0}
                  emptyText="暂无行业数据"
                >
                  {() => <PlateGrid rows={sortPlates(live.rows ?? [], sort, order)} label="行业列表" />}
                </QueryStates>
              </Section>
            </>
          )}
        </main>
      </PullToRefresh>
    </>
  );
}

function SearchResults({
  keyword,
  industries,
  concepts,
  query,
}: {
  keyword: string;
  industries: readonly PlateSummaryRow[] | undefined;
  concepts: readonly PlateSummaryRow[] | undefined;
  query: ReturnType<typeof usePlateList>;
}) {
  const [sort, setSort] = useState<PlateSortKey>('chgPct');
  const [order, setOrder] = useState<SortOrder>('desc');
  const found = filterByName([...(industries ?? []), ...(concepts ?? [])], keyword);
  return (
    <Section title="搜索结果" busy={query.isPending}>
      <QueryStates
        query={query}
        skeletonLines={4}
        errorText="行业数据加载失败，请检查网络后重试"
        isEmpty={() => found.length === 0}
        emptyText={`没有名称含“${keyword.trim()}”的行业或概念`}
      >
        {() => (
          <PlateTable
            rows={sortPlates(found, sort, order)}
            label="搜索结果"
            sort={sort}
            order={order}
            onSort={(column, next) => {
              setSort(column);
              setOrder(next);
            }}
          />
        )}
      </QueryStates>
    </Section>
  );
}
